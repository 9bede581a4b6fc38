// Share links (web/page.js, the host page's script; the element never touches the URL): the
// request of each result in the URL fragment, #r=base64url(JSON) without catalog and goal.asOf,
// replaced rather than pushed; a new page at that URL shows the same form and result from its
// first estimate; a link pasted into the tab applies with element.request's fallbacks; garbage
// fragments are ignored; the Copy link button with the clipboard, and its fallback without.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, formState, canonical } from './harness.mjs';

const site = useSite();
const toFragment = (obj) => `#r=${Buffer.from(JSON.stringify(obj), 'utf8').toString('base64url')}`;
const fromFragment = (hash) => JSON.parse(Buffer.from(hash.slice(3), 'base64url').toString('utf8'));

describe('share links', () => {
  let sa; // the page the link is made on (kept open for the Copy link button)
  let ra;
  let stateA;
  let hashA;
  let hist0;
  let histA;
  before(async () => {
    await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    sa = await openWithResult(site, 'share');
    hist0 = await sa.evaluate(() => history.length);
    const sc = sa.locator('gpu-sizer form');
    await sc.locator('#f-preset').selectOption('llama-3-8b');
    await sc.locator('#f-tokens').fill('500B');
    await sc.locator('#f-gpu').selectOption('h100-80gb');
    await sc.locator('input[name="sizeBy"][value="days"]').check();
    await sc.locator('#f-days').fill('10');
    ra = await settled(sa);
    stateA = await formState(sa);
    hashA = await sa.evaluate(() => location.hash);
    histA = await sa.evaluate(() => history.length);
  });

  test('llama-3-8b, 500B tokens, H100 80GB, 10 days estimated', (t) => {
    t.diagnostic(`shared request: ${hashA.length} characters of fragment; form ${JSON.stringify(stateA)}`);
    assert.equal(ra?.request?.model?.preset, 'llama-3-8b');
    assert.equal(ra.request.training.tokens, '500B');
    assert.equal(ra.request.hardware.gpu, 'h100-80gb');
    assert.equal(ra.request.goal.days, '10');
    assert.match(stateA.summaryGpus || '', /^\d[\d,]*$/);
  });

  test('the URL fragment is #r= + base64url(JSON) of the last result’s request, without catalog and goal.asOf', () => {
    assert.match(hashA, /^#r=[A-Za-z0-9_-]+$/);
    const linked = fromFragment(hashA);
    const expected = (({ catalog, ...r }) => ({ ...r, goal: (({ asOf, ...g }) => g)(r.goal) }))(ra.request);
    assert.equal(canonical(linked), canonical(expected));
    assert.ok(!('catalog' in linked));
    assert.ok(!('asOf' in linked.goal));
  });

  test('the fragment is replaced (history.replaceState), not pushed: no history entry added by the estimates', () => {
    assert.equal(histA, hist0, `history.length ${hist0} → ${histA}`);
  });

  describe('a new page opened at that URL', () => {
    let sb;
    before(async () => {
      sb = await openWithResult(site, 'shared', site.url + hashA);
      await settled(sb);
    });

    test('shows the same form fields and the same GPU count in the summary', async () => {
      assert.equal(canonical(await formState(sb)), canonical(stateA));
    });

    test('the link’s request is set before the first estimate (the first result is already the shared one)', async () => {
      const first = (await sb.evaluate(() => window.__events.filter((e) => e.type === 'gpusizer-result')))[0];
      assert.equal(first?.preset, 'llama-3-8b');
      assert.equal(first?.tokens, '500B');
      assert.equal(String(first?.count), stateA.summaryGpus.replace(/,/g, ''));
    });

    test('the opened link keeps the same fragment (the request round-trips unchanged)', async () => {
      assert.equal(await sb.evaluate(() => location.hash), hashA);
    });

    test('the element’s request getter describes the filled form (goal.asOf is today again)', async () => {
      const propB = await sb.evaluate(() => document.querySelector('gpu-sizer').request);
      assert.equal(propB?.model?.preset, 'llama-3-8b');
      assert.equal(propB.hardware.gpu, 'h100-80gb');
      assert.equal(propB.goal.days, '10');
      assert.match(propB.goal.asOf || '', /^\d{4}-\d{2}-\d{2}$/);
    });

    test('a link pasted into the same tab (hashchange) applies with element.request’s fallbacks: unknown preset/gpu → defaults, bad tokens → 2T, bad mode → pretrain, count → sizing by count, lang zh applied; its catalog is dropped', async () => {
      await sb.evaluate((hash) => { location.hash = hash; }, toFragment({
        schemaVersion: 1, model: { preset: 'no-such-model' }, training: { tokens: { x: 1 }, mode: 'bogus', precision: 'fp8', epochs: 2 },
        hardware: { gpu: 'no-such-gpu', count: 64 }, goal: { currency: 'cny', sensitiveData: 'yes' }, efficiency: { mfu: 0.35 }, lang: 'zh',
        catalog: { offers: [] },
      }));
      await waitShadow(sb, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent === '64' && root.querySelector('.root').lang === 'zh', null, 'hashchange request');
      const stateF = await formState(sb);
      assert.deepEqual(
        (({ preset, tokens, mode, precision, epochs, gpu, sizeBy, count, currency, sensitiveData, mfu, lang }) => ({ preset, tokens, mode, precision, epochs, gpu, sizeBy, count, currency, sensitiveData, mfu, lang }))(stateF),
        { preset: 'llama-2-7b', tokens: '2T', mode: 'pretrain', precision: 'fp8', epochs: '2', gpu: 'a100-80gb', sizeBy: 'count', count: '64', currency: 'CNY', sensitiveData: false, mfu: '0.35', lang: 'zh' },
      );
      assert.equal(await sb.getAttribute('gpu-sizer', 'lang'), 'zh');
      const rows = await shadow(sb, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length);
      assert.ok(rows > 0, `a link’s catalog is dropped (prices never come from a link): ${rows} offers`);
    });
  });

  describe('bad fragments', () => {
    let stateD;
    let sg;
    let errorsBefore;
    before(async () => {
      errorsBefore = site.consoleErrors.length;
      const sd = await openWithResult(site, 'defaults');
      await settled(sd);
      stateD = await formState(sd);
      await site.close(sd);
      sg = await openWithResult(site, 'garbage', site.url + '#r=%%%');
      await settled(sg);
    });

    const linkError = (page) => page.evaluate(() => {
      const p = document.getElementById('link-error');
      return p && !p.hidden && p.getBoundingClientRect().height > 0 ? { text: p.textContent, role: p.getAttribute('role') } : null;
    });

    test('a garbage fragment (#r=%%%) opens with the defaults, and the page says the link could not be read', async () => {
      const stateG = await formState(sg);
      assert.equal(canonical(stateG), canonical(stateD));
      assert.equal(stateG.preset, 'llama-2-7b');
      assert.deepEqual(await linkError(sg), { text: 'The job in this link could not be read (the link may be cut short or changed): the default job is shown below.', role: 'alert' });
    });

    test('in Chinese, the same in Chinese; a change to the job takes the message away', async () => {
      const context = await site.newContext({ locale: 'zh-CN' });
      const zh = await site.newPage('garbage-zh', context);
      await zh.goto(site.url + '#r=' + Buffer.from('{"model":').toString('base64url'));
      await waitShadow(zh, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'garbage-zh: first result');
      await settled(zh);
      assert.equal((await linkError(zh))?.text, '无法读取这个链接中的任务（链接可能不完整或被改动过），下面显示的是默认任务。');
      await zh.locator('gpu-sizer #f-tokens').fill('1T');
      assert.equal(await linkError(zh), null);
      await context.close();
    });

    test('and its first result replaces the garbage with a proper link', async () => {
      assert.match(await sg.evaluate(() => location.hash), /^#r=[A-Za-z0-9_-]+$/);
    });

    test('fragments that are not a JSON object in UTF-8 base64url are not applied and each is said to be unreadable, without a console error', async () => {
      for (const bad of [toFragment('not an object'), '#r=' + Buffer.from('{"model":').toString('base64url'), '#r=' + Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('base64url'), '#r=A']) {
        await sg.locator('gpu-sizer #f-epochs').fill('1'); // a change to the job: the message goes
        assert.equal(await linkError(sg), null);
        await sg.locator('gpu-sizer #f-epochs').fill('');
        await sg.evaluate((hash) => { location.hash = hash; }, bad);
        await sg.waitForFunction(() => !document.getElementById('link-error').hidden, null, { timeout: 5000 }).catch(() => {});
        assert.match((await linkError(sg))?.text || '', /could not be read/, bad);
      }
      await sg.waitForTimeout(400);
      await settled(sg);
      assert.equal(canonical(await formState(sg)), canonical(stateD));
      assert.deepEqual(site.consoleErrors.slice(errorsBefore), []);
      await site.close(sg);
    });
  });

  describe('the Copy link button (outside the element)', () => {
    test('the host page shows a “复制链接 / Copy link” button outside the element, with a polite live region', async () => {
      const copy = sa.locator('#share-copy');
      const live = await sa.evaluate(() => {
        const s = document.getElementById('share-status');
        return { role: s?.getAttribute('role'), live: s?.getAttribute('aria-live'), outside: !document.querySelector('gpu-sizer').contains(document.getElementById('share-copy')) };
      });
      assert.ok(await copy.isVisible());
      assert.match(await copy.textContent(), /Copy link/);
      assert.deepEqual(live, { role: 'status', live: 'polite', outside: true });
    });

    test('Copy link puts the page’s URL (with the #r= fragment) on the clipboard, and the live region confirms it', async () => {
      await sa.evaluate(() => navigator.clipboard.writeText('nothing yet'));
      await sa.locator('#share-copy').click();
      await sa.waitForFunction(() => /Link copied/.test(document.getElementById('share-status').textContent), null, { timeout: 15000 }).catch(() => {});
      const clip = await sa.evaluate(async () => ({ text: await navigator.clipboard.readText(), href: location.href, status: document.getElementById('share-status').textContent }));
      assert.equal(clip.text, clip.href);
      assert.ok(clip.href.includes(hashA), clip.href);
      assert.match(clip.status, /Link copied/);
    });

    test('without the clipboard API, Copy link shows the URL in a read-only field, focused and selected, and says so', async () => {
      const sf = await site.newPage('copy-fallback');
      await sf.addInitScript(() => { Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true }); });
      await sf.goto(site.url + hashA);
      await waitShadow(sf, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'fallback: first result');
      await settled(sf);
      await sf.locator('#share-copy').click();
      await sf.waitForFunction(() => /Ctrl\+C/.test(document.getElementById('share-status').textContent), null, { timeout: 15000 }).catch(() => {});
      const fb = await sf.evaluate(() => {
        const f = document.getElementById('share-url');
        return { visible: !f.hidden && f.getBoundingClientRect().width > 0, readOnly: f.readOnly, value: f.value, href: location.href, focused: document.activeElement === f,
          selected: f.selectionStart === 0 && f.selectionEnd === f.value.length, status: document.getElementById('share-status').textContent };
      });
      assert.ok(fb.visible && fb.readOnly && fb.value === fb.href && fb.focused && fb.selected, JSON.stringify(fb));
      assert.match(fb.status, /Ctrl\+C/);
      await site.close(sf);
    });
  });
});

site.assertClean();
