// The element's public surface: its events (bubbling out of the shadow root, with detail.request),
// the request property (get, set, set before the element is connected, its catalog ignored),
// define(), and the properties that reflect the attributes through validating getters
// (lang, currency, preset, gpu, catalogSrc; catalog), also before the module has loaded and when
// set on an element not yet upgraded.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, workedExample, formState } from './harness.mjs';

const site = useSite();

describe('events and the request property', () => {
  let page;
  before(async () => {
    page = await openWithResult(site, 'element-api');
    await workedExample(page);
    await settled(page);
  });

  test('gpusizer-result events bubble out of the shadow root with the parsed response', async () => {
    const events = await page.evaluate(() => window.__events);
    const last = events.filter((e) => e.type === 'gpusizer-result').pop();
    assert.equal(last?.ok, true);
    assert.equal(last.composed, true);
    assert.equal(last.count, 1081);
  });

  test('the result’s detail.request is what the form sent, and the element’s request property returns the same', async () => {
    const reqs = await page.evaluate(() => ({ detail: window.__lastResult.request, prop: document.querySelector('gpu-sizer').request }));
    assert.equal(reqs.detail?.model?.params, '7B');
    assert.equal(reqs.detail?.training?.tokens, '2T');
    assert.equal(reqs.detail?.goal?.days, '5');
    assert.equal(reqs.detail?.efficiency?.mfu, '0.5769');
    assert.equal(reqs.detail?.lang, 'en');
    assert.equal(JSON.stringify(reqs.prop), JSON.stringify(reqs.detail));
  });

  test('setting element.request re-estimates; its catalog is not taken (only the catalog property / catalog-src set prices)', async () => {
    await page.evaluate(() => {
      document.querySelector('gpu-sizer').request = { model: { preset: 'llama-3-8b' }, training: { tokens: '1T' }, hardware: { gpu: 'h100-80gb', count: 8 }, catalog: { offers: [] } };
    });
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-preset').value === 'llama-3-8b' && root.querySelector('.card[data-key="gpus"] .value')?.textContent === '8', null, 'request property');
    const rd = await settled(page);
    assert.equal(rd?.request?.catalog, undefined);
    assert.ok((rd?.result?.options || []).length > 0);
    assert.ok((await shadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length)) > 0);
  });

  test('request set before the element is connected: the getter is null until it has loaded, and its first estimate is that request', async () => {
    const early = await page.evaluate(() => new Promise((resolve) => {
      const el = document.createElement('gpu-sizer');
      el.request = { model: { params: '13B' }, training: { tokens: '300B' }, hardware: { gpu: 'h100-80gb', count: 16 }, lang: 'en' };
      const before = el.request;
      const results = [];
      el.addEventListener('gpusizer-result', (e) => {
        results.push({ count: e.detail.result?.estimate?.count, params: e.detail.request?.model?.params });
        if (results.length === 1) setTimeout(() => { el.remove(); resolve({ before, results }); }, 300);
      });
      setTimeout(() => resolve({ before, results, timeout: true }), 10000);
      document.querySelector('main').append(el);
    }));
    assert.equal(early.before, null, JSON.stringify(early));
    assert.equal(early.results.length, 1, JSON.stringify(early));
    assert.equal(early.results[0].count, 16);
    assert.equal(early.results[0].params, '13B');
  });

  test('define() is idempotent and can register another tag', async () => {
    const defined = await page.evaluate(async (base) => {
      const { define } = await import(new URL('gpu-sizer-define.js', base).href);
      const a = define();
      const b = define();
      const other = define('other-sizer');
      return a === customElements.get('gpu-sizer') && a === b && typeof other === 'function';
    }, site.url);
    assert.ok(defined);
  });
});

describe('properties reflect attributes through validating getters', () => {
  let page;
  const el = (fn, arg) => page.locator('gpu-sizer').evaluate(fn, arg);
  // The property's value, the attribute it wrote, and the form and request after the estimate.
  const after = async (name, attr) => {
    await settled(page);
    return el((e, [n, a]) => ({ value: e[n], attr: e.getAttribute(a), request: e.request }), [name, attr]);
  };

  before(async () => {
    page = await openWithResult(site, 'accessors');
  });

  test('lang: set writes the attribute; a value naming zh or en is used (zh-TW → zh); anything else falls back to the browser’s language', async () => {
    await el((e) => { e.lang = 'zh-TW'; });
    let got = await after('lang', 'lang');
    assert.deepEqual([got.value, got.attr, got.request.lang], ['zh', 'zh-TW', 'zh']);
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent), '训练 token 数');
    assert.equal(await el((e) => e.language), 'zh', 'language is the older name of lang');

    await el((e) => { e.lang = 'xx'; });
    got = await after('lang', 'lang');
    assert.deepEqual([got.value, got.attr, got.request.lang], ['en', 'xx', 'en']);
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('.root').lang), 'en');
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent), 'Training tokens');

    await el((e) => { e.lang = null; });
    got = await after('lang', 'lang');
    assert.deepEqual([got.value, got.attr], ['en', null], 'null removes the attribute');
  });

  test('currency: any case is accepted and upper-cased; an unknown currency falls back to the language’s (USD for en)', async () => {
    await el((e) => { e.currency = 'cny'; });
    let got = await after('currency', 'currency');
    assert.deepEqual([got.value, got.attr, got.request.goal.currency], ['CNY', 'cny', 'CNY']);
    assert.equal((await formState(page)).currency, 'CNY');

    await el((e) => { e.currency = 'EUR'; });
    got = await after('currency', 'currency');
    assert.deepEqual([got.value, got.attr, got.request.goal.currency], ['USD', 'EUR', 'USD']);
  });

  test('preset: a catalog model is used; an unknown or malformed id falls back to the core’s default (llama-2-7b)', async () => {
    await el((e) => { e.preset = 'llama-3-8b'; });
    let got = await after('preset', 'preset');
    assert.deepEqual([got.value, got.attr, got.request.model.preset], ['llama-3-8b', 'llama-3-8b', 'llama-3-8b']);

    for (const bad of ['no-such-model', 'not an id <b>']) {
      await el((e, v) => { e.preset = v; }, bad);
      got = await after('preset', 'preset');
      assert.deepEqual([got.value, got.attr, got.request.model.preset], ['llama-2-7b', bad, 'llama-2-7b'], bad);
    }
  });

  test('gpu: a catalog GPU is used; an unknown id falls back to the core’s default (a100-80gb)', async () => {
    await el((e) => { e.gpu = 'h100-80gb'; });
    let got = await after('gpu', 'gpu');
    assert.deepEqual([got.value, got.attr, got.request.hardware.gpu], ['h100-80gb', 'h100-80gb', 'h100-80gb']);

    await el((e) => { e.gpu = 'no-such-gpu'; });
    got = await after('gpu', 'gpu');
    assert.deepEqual([got.value, got.attr, got.request.hardware.gpu], ['a100-80gb', 'no-such-gpu', 'a100-80gb']);
  });

  test('catalogSrc reflects catalog-src: set, its catalog is loaded and in use (the catalog getter); "" removes it and the market’s offers return', async () => {
    assert.equal(await el((e) => e.catalogSrc), '');
    await el((e) => { e.catalogSrc = 'provider-catalog.example.json'; });
    await waitShadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('tbody tr .provider')].every((p) => p.textContent.startsWith('Example GPU Cloud')), null, 'provider rows');
    let got = await after('catalogSrc', 'catalog-src');
    assert.deepEqual([got.value, got.attr], ['provider-catalog.example.json', 'provider-catalog.example.json']);
    assert.equal(await el((e) => e.catalog?.offers?.length), 3);
    assert.equal(got.request.catalog?.offers?.length, 3);

    await el((e) => { e.catalogSrc = ''; });
    got = await after('catalogSrc', 'catalog-src');
    assert.deepEqual([got.value, got.attr, got.request.catalog], ['', null, undefined]);
    assert.equal(await el((e) => e.catalog), null);
    assert.ok((await shadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length)) > 3);
  });

  test('before the element has loaded the catalog (never connected): lang and currency are checked against the fallback lists, preset and gpu are the attribute when well formed (else null), request is null', async () => {
    const early = await page.evaluate(() => {
      const e = document.createElement('gpu-sizer'); // defined, never connected: nothing loads
      const out = { none: { lang: e.lang, currency: e.currency, preset: e.preset, gpu: e.gpu, catalogSrc: e.catalogSrc, catalog: e.catalog, request: e.request } };
      e.lang = 'xx';
      e.currency = 'usd';
      e.preset = 'llama-3-8b';
      e.gpu = 'not an id';
      out.set = { lang: e.lang, currency: e.currency, preset: e.preset, gpu: e.gpu, attrs: e.getAttributeNames().map((n) => `${n}=${e.getAttribute(n)}`) };
      return out;
    });
    assert.deepEqual(early.none, { lang: 'en', currency: 'USD', preset: null, gpu: null, catalogSrc: '', catalog: null, request: null });
    assert.deepEqual(early.set, { lang: 'en', currency: 'USD', preset: 'llama-3-8b', gpu: null, attrs: ['lang=xx', 'currency=usd', 'preset=llama-3-8b', 'gpu=not an id'] });
  });

  test('properties set on an element before it is upgraded are applied when it is (attributes written, first estimate uses them)', async () => {
    const late = await page.evaluate(async (base) => {
      const e = document.createElement('late-sizer');
      e.currency = 'cny';
      e.preset = 'llama-3-8b';
      e.gpu = 'h100-80gb';
      document.querySelector('main').append(e);
      const first = new Promise((resolve) => {
        e.addEventListener('gpusizer-result', (ev) => resolve(ev.detail.request), { once: true });
        setTimeout(() => resolve(null), 10000);
      });
      const { define } = await import(new URL('gpu-sizer-define.js', base).href);
      define('late-sizer');
      const request = await first;
      const out = { attrs: [e.getAttribute('currency'), e.getAttribute('preset'), e.getAttribute('gpu')], currency: e.currency, preset: e.preset, gpu: e.gpu,
        sent: request && [request.goal.currency, request.model.preset, request.hardware.gpu] };
      e.remove();
      return out;
    }, site.url);
    assert.deepEqual(late, { attrs: ['cny', 'llama-3-8b', 'h100-80gb'], currency: 'CNY', preset: 'llama-3-8b', gpu: 'h100-80gb', sent: ['CNY', 'llama-3-8b', 'h100-80gb'] });
  });
});

site.assertClean();
