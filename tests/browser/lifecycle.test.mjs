// The element removed from the document and put back: nothing it had set up keeps running
// (debounce timer, estimate in flight, catalog-src fetch, resize observer), no event comes from a
// detached element, no error is logged, and once reconnected it works again: what was dropped
// runs, the form updates, the chart follows the width.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, openWithResult, shadow, waitShadow, settled } from './harness.mjs';

const SLOW_MS = 1500;
const site = useSite({
  files: {
    '/test/slow-catalog.json': {
      delayMs: SLOW_MS,
      get body() {
        return fs.readFileSync(path.join(site.siteDir, 'provider-catalog.example.json'));
      },
    },
  },
});

// Each test records the element's own events (a detached element's events reach no document
// listener), acts, waits, re-appends the element and waits again, all in the page.
describe('disconnect and reconnect', () => {
  let page;
  before(async () => {
    page = await openWithResult(site, 'lifecycle', site.url + 'embed.html');
    await settled(page);
  });

  test('removed with an estimate queued (request set, then removed at once): no event while detached; re-added, that estimate runs', async () => {
    const got = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('gpu-sizer');
      const parent = el.parentNode;
      const seen = [];
      const on = (e) => seen.push({ type: e.type, connected: el.isConnected, count: e.detail?.result?.estimate?.count, params: e.detail?.request?.model?.params });
      el.addEventListener('gpusizer-result', on);
      el.addEventListener('gpusizer-error', on);
      el.request = { model: { params: '13B' }, training: { tokens: '300B' }, hardware: { gpu: 'h100-80gb', count: 16 }, lang: 'en' };
      el.remove();
      setTimeout(() => {
        const detached = seen.slice();
        parent.append(el);
        setTimeout(() => resolve({ detached, reattached: seen.slice(detached.length) }), 1500);
      }, 600);
    }));
    assert.deepEqual(got.detached, []);
    assert.deepEqual(got.reattached, [{ type: 'gpusizer-result', connected: true, count: 16, params: '13B' }]);
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent), '16');
  });

  test('removed while the estimate is in flight (awaiting the core): its answer is dropped, no event; re-added, it runs again', async () => {
    const got = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('gpu-sizer');
      const parent = el.parentNode;
      const seen = [];
      const on = (e) => seen.push({ type: e.type, count: e.detail?.result?.estimate?.count });
      el.addEventListener('gpusizer-result', on);
      el.addEventListener('gpusizer-error', on);
      el.request = { model: { params: '13B' }, training: { tokens: '300B' }, hardware: { gpu: 'h100-80gb', count: 32 }, lang: 'en' };
      // The estimate starts in a microtask queued by the setter and awaits the module in the
      // next one: this one runs in between.
      queueMicrotask(() => el.remove());
      setTimeout(() => {
        const detached = seen.slice();
        parent.append(el);
        setTimeout(() => resolve({ detached, reattached: seen.slice(detached.length) }), 1500);
      }, 600);
    }));
    assert.deepEqual(got.detached, []);
    assert.deepEqual(got.reattached, [{ type: 'gpusizer-result', count: 32 }]);
  });

  test('removed right after a keystroke (its estimate queued): no event while detached; re-added, the typed value is estimated', async () => {
    await page.locator('gpu-sizer #f-tokens').fill('400B');
    await settled(page);
    const got = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('gpu-sizer');
      const parent = el.parentNode;
      const seen = [];
      const on = (e) => seen.push({ type: e.type, tokens: e.detail?.request?.training?.tokens });
      el.addEventListener('gpusizer-result', on);
      const input = el.shadowRoot.querySelector('#f-tokens');
      input.value = '500B';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: 'B' }));
      el.remove(); // the keystroke's estimate is queued (or, without a worker, its debounce pending)
      setTimeout(() => {
        const detached = seen.slice();
        parent.append(el);
        setTimeout(() => resolve({ detached, reattached: seen.slice(detached.length) }), 1500);
      }, 600);
    }));
    assert.deepEqual(got.detached, []);
    assert.deepEqual(got.reattached, [{ type: 'gpusizer-result', tokens: '500B' }]);
  });

  test('removed while a catalog-src load is in flight: the fetch is aborted, nothing is applied or reported; re-added, it loads again and its offers are shown', async () => {
    const failed = [];
    const onFailed = (r) => { if (r.url().endsWith('/test/slow-catalog.json')) failed.push(r.failure()?.errorText); };
    page.on('requestfailed', onFailed);
    const got = await page.evaluate(([slowMs]) => new Promise((resolve) => {
      const el = document.querySelector('gpu-sizer');
      const parent = el.parentNode;
      const seen = [];
      const on = (e) => seen.push({ type: e.type, code: e.detail?.error?.code, providers: [...new Set((e.detail?.result?.options || []).map((o) => o.provider))] });
      el.addEventListener('gpusizer-result', on);
      el.addEventListener('gpusizer-error', on);
      el.removeAttribute('catalog-src'); // no provider catalog in use: the slow one is the only one
      setTimeout(() => {
        const before = seen.length;
        el.setAttribute('catalog-src', '/test/slow-catalog.json');
        setTimeout(() => el.remove(), 200); // the request is at the server
        setTimeout(() => {
          const detached = seen.slice(before);
          const catalogWhileDetached = el.catalog;
          parent.append(el);
          setTimeout(() => resolve({ detached, catalogWhileDetached, reattached: seen.slice(before + detached.length), catalog: el.catalog?.offers?.length }), slowMs + 1500);
        }, slowMs + 500);
      }, 500);
    }), [SLOW_MS]);
    page.off('requestfailed', onFailed);
    assert.deepEqual(failed, ['net::ERR_ABORTED'], 'the first fetch was aborted');
    assert.deepEqual(got.detached, []);
    assert.equal(got.catalogWhileDetached, null, 'the aborted load applied nothing');
    assert.equal(got.reattached.length, 1, JSON.stringify(got.reattached));
    assert.equal(got.reattached[0].type, 'gpusizer-result');
    assert.deepEqual(got.reattached[0].providers, ['Example GPU Cloud (示例)']);
    assert.equal(got.catalog, 3);
  });

  test('moved while idle (removed and re-added at once): no estimate and no event; the chart follows a new width again', async () => {
    const before = await page.evaluate(() => window.__events.length);
    const width0 = await shadow(page, ({ shadowRoot: root }) => Number(root.querySelector('svg.plot').getAttribute('width')));
    await page.evaluate(() => {
      const el = document.querySelector('gpu-sizer');
      const parent = el.parentNode;
      el.remove();
      parent.append(el);
    });
    await page.waitForTimeout(600);
    assert.equal(await page.evaluate(() => window.__events.length), before);
    await page.setViewportSize({ width: 500, height: 900 }); // narrower than one of the two chart columns at 1280 px
    await waitShadow(page, ({ shadowRoot: root }, w) => Number(root.querySelector('svg.plot').getAttribute('width')) < w, width0, 'the chart redrawn narrower');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('removed before its module and catalog have loaded, and re-added: it loads and shows a result', async () => {
    const got = await page.evaluate(() => new Promise((resolve) => {
      const el = document.createElement('gpu-sizer');
      el.setAttribute('catalog-src', '/test/slow-catalog.json');
      const seen = [];
      el.addEventListener('gpusizer-result', (e) => seen.push(e.detail.result?.options?.length));
      el.addEventListener('gpusizer-error', (e) => seen.push(e.detail.error?.code));
      const main = document.querySelector('main');
      main.append(el);
      el.remove();
      setTimeout(() => {
        const detached = seen.slice();
        main.append(el);
        el.addEventListener('gpusizer-result', () => setTimeout(() => {
          el.remove();
          resolve({ detached, reattached: seen.slice(detached.length) });
        }, 200), { once: true });
        setTimeout(() => resolve({ detached, reattached: seen.slice(detached.length), timeout: true }), 10000);
      }, 300);
    }));
    assert.deepEqual(got, { detached: [], reattached: [3] });
  });
});

site.assertClean();
