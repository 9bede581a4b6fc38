// Embedding fails safe: a catalog-src that cannot be loaded (404, not JSON, connection refused) or
// that the core refuses (a JSON array, an offer missing a field, a 3,000-character provider name)
// leaves <gpu-sizer> showing the error (which field, in the page's language) and no prices at
// all; never the default market in place of the provider's own, not even after the form is used.
// A good catalog afterwards brings the prices back. A long unbroken provider name the core accepts
// (1,000 characters) wraps or is clipped with its whole text on hover, never widening the page, at
// 1280 and 360 px.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, shadow, waitShadow, settled } from './harness.mjs';

const offer = (over = {}) => ({
  id: 'acme-8x-h100', provider: 'Acme Compute', deployment: 'local-dc', region: 'CN-East', gpu: 'h100-80gb', gpusPerUnit: 8,
  unitsAvailable: 64, currency: 'CNY', prices: { hour: 160, month: 85000 }, minTermHours: 0, isolation: 'private',
  interconnect: { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 }, priceDate: '2026-11-20', source: 'test catalog',
  ...over,
});
const LONG = 'W'.repeat(1000);
const HUGE = 'X'.repeat(3000);
const page = (src, lang = 'en') => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>embed</title>
<script type="module" src="/gpu-sizer.js"></script></head><body><main><gpu-sizer lang="${lang}" gpu="h100-80gb" catalog-src="${src}"></gpu-sizer></main></body></html>`;
const json = (v) => ({ body: JSON.stringify(v) });
const html = (src, lang) => ({ body: page(src, lang), type: 'text/html; charset=utf-8' });

const FILES = {
  '/test/good.json': json({ catalogVersion: 'good', offers: [offer()] }),
  '/test/not-json.json': { body: '{"offers": [ this is not JSON' },
  '/test/array.json': json([offer()]),
  '/test/bad-offer.json': json({ offers: [{ id: 'half-an-offer', gpu: 'h100-80gb' }] }),
  '/test/huge-name.json': json({ offers: [offer({ provider: HUGE })] }),
  '/test/long-name.json': json({ offers: [offer({ provider: LONG, id: `acme-${'y'.repeat(200)}` })] }),
};
for (const [name, src] of Object.entries({
  good: '/test/good.json', missing: '/test/missing.json', 'not-json': '/test/not-json.json', refused: '/test/refused.json', array: '/test/array.json',
  'bad-offer': '/test/bad-offer.json', 'huge-name': '/test/huge-name.json', 'long-name': '/test/long-name.json',
})) {
  FILES[`/test/${name}.html`] = html(src);
  FILES[`/test/${name}-zh.html`] = html(src, 'zh');
}
const site = useSite({ files: FILES });

/** A page of the test site with connections to /test/refused.json refused. */
async function open(label, file, viewport) {
  const context = await site.newContext({ serviceWorkers: 'block', ...(viewport ? { viewport } : {}) });
  await context.route('**/test/refused.json', (route) => route.abort('connectionrefused'));
  const p = await site.newPage(label, context);
  await p.goto(site.url + file.replace(/^\//, ''));
  return p;
}

/** What the element shows: its error, whether any result or price is visible, its events. */
const state = (p) => p.evaluate(() => {
  const el = document.querySelector('gpu-sizer');
  const root = el.shadowRoot;
  const err = root.querySelector('.form-error');
  const results = root.querySelector('.results');
  return {
    error: err && !err.hidden ? err.textContent : '',
    status: root.querySelector('.status').hidden ? '' : root.querySelector('.status').textContent,
    results: !results.hidden && results.checkVisibility(),
    rows: [...root.querySelectorAll('tbody tr[data-offer-id]')].filter((r) => r.checkVisibility()).length,
    prices: [...root.querySelectorAll('.card[data-key="cost"] .value, td.cost')].filter((c) => c.checkVisibility()).map((c) => c.textContent),
    events: (window.__events || []).map((e) => `${e.type}${e.code ? ` ${e.code}` : ''}`),
    width: document.documentElement.scrollWidth,
  };
});

async function failed(p, what) {
  await p.waitForFunction(() => (window.__events || []).some((e) => e.type === 'gpusizer-error'), null, { timeout: 15000 });
  await settled(p);
  const s = await state(p);
  assert.equal(s.results, false, `${what}: the result is hidden`);
  assert.equal(s.rows, 0, `${what}: no offer shown`);
  assert.deepEqual(s.prices, [], `${what}: no price shown`);
  assert.ok(!s.events.includes('gpusizer-result'), `${what}: nothing was estimated (${s.events})`);
  return s;
}

const CASES = [
  { name: 'missing', what: 'a 404', en: /Could not load the price catalog \/test\/missing\.json: HTTP 404/, zh: /无法加载价格目录 \/test\/missing\.json：HTTP 404/ },
  { name: 'not-json', what: 'not JSON', en: /\/test\/not-json\.json: not valid JSON/, zh: /\/test\/not-json\.json：不是有效的 JSON/ },
  { name: 'refused', what: 'connection refused', en: /\/test\/refused\.json: network error/, zh: /\/test\/refused\.json：网络错误/ },
  { name: 'array', what: 'a JSON array', en: /price catalog is wrong: (price catalog|catalog): must be an object/i, zh: /价格目录有误：(价格目录：)?应为对象/ },
  { name: 'bad-offer', what: 'an offer missing fields', en: /price catalog is wrong: [^/]*catalog offer 1/, zh: /价格目录有误：目录第 1 个方案的/ },
  { name: 'huge-name', what: 'a 3,000-character provider name', en: /wrong: provider of catalog offer 1: is 3,000 bytes long/, zh: /价格目录有误：目录第 1 个方案的服务商：长 3,000 字节/ },
];

describe('a catalog-src that fails leaves the error and no prices, never the default market', () => {
  for (const c of CASES) {
    for (const lang of ['en', 'zh']) {
      test(`${c.what} (${lang})`, async (t) => {
        const p = await open(`catalog-${c.name}-${lang}`, `/test/${c.name}${lang === 'zh' ? '-zh' : ''}.html`);
        const s = await failed(p, c.what);
        t.diagnostic(`${c.name} ${lang}: “${s.error}” / ${s.status}`);
        assert.match(s.error, c[lang]);
        assert.doesNotMatch(s.error, /\/catalog\b/, 'the field is named by its label, not its JSON pointer');
        assert.match(s.status, lang === 'zh' ? /不显示任何价格/ : /no prices are shown/);
        assert.ok(s.width <= 1280, `page scrollWidth ${s.width}`);
        if (lang === 'en') {
          // Using the form does not bring the default market back.
          await p.locator('gpu-sizer #f-tokens').fill('500B');
          await p.locator('gpu-sizer #f-days').fill('20');
          await p.waitForTimeout(600);
          const after = await state(p);
          assert.equal(after.rows, 0);
          assert.ok(!after.events.includes('gpusizer-result'), after.events.join());
          assert.match(after.error, c.en);
        }
        await site.close(p);
      });
    }
  }

  test('the catalog property set to an array is refused the same way', async () => {
    const p = await open('catalog-property-array', '/test/missing.html');
    await failed(p, 'missing first');
    await p.evaluate(() => {
      document.querySelector('gpu-sizer').catalog = [1, 2, 3];
    });
    await p.waitForFunction(() => (window.__events || []).filter((e) => e.type === 'gpusizer-error').length >= 2, null, { timeout: 15000 });
    const s = await state(p);
    assert.match(s.error, /price catalog is wrong: (price catalog|catalog): must be an object/i);
    assert.equal(s.rows, 0);
    await site.close(p);
  });

  test('a good catalog-src afterwards brings its prices back', async () => {
    const p = await open('catalog-recovers', '/test/missing.html');
    await failed(p, 'missing');
    await p.evaluate(() => document.querySelector('gpu-sizer').setAttribute('catalog-src', '/test/good.json'));
    await waitShadow(p, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'the good catalog’s offers');
    const s = await state(p);
    assert.equal(s.error, '');
    assert.ok(s.results);
    const ids = await shadow(p, ({ shadowRoot: root }) => [...root.querySelectorAll('tbody tr[data-offer-id]')].map((r) => r.dataset.offerId));
    assert.deepEqual(ids, ['acme-8x-h100']);
    await site.close(p);
  });

  test('switching from a working catalog-src to a failing one takes its prices away', async () => {
    const p = await open('catalog-switch', '/test/good.html');
    await waitShadow(p, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'good first');
    await p.evaluate(() => document.querySelector('gpu-sizer').setAttribute('catalog-src', '/test/not-json.json'));
    await p.waitForFunction(() => (window.__events || []).some((e) => e.type === 'gpusizer-error'), null, { timeout: 15000 });
    const s = await state(p);
    assert.equal(s.results, false);
    assert.equal(s.rows, 0);
    assert.match(s.error, /not valid JSON/);
    await site.close(p);
  });
});

describe('a 1,000-character provider name', () => {
  for (const width of [1280, 360]) {
    test(`wraps or is clipped with its whole text on hover; the page is not widened (${width} px)`, async (t) => {
      const p = await open(`long-name-${width}`, '/test/long-name.html', { width, height: 900 });
      await waitShadow(p, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'the offer');
      await settled(p);
      const got = await p.evaluate(() => {
        const root = document.querySelector('gpu-sizer').shadowRoot;
        const provider = root.querySelector('tbody tr[data-offer-id] .provider');
        const plan = root.querySelector('.plan-name');
        const box = (el) => el.getBoundingClientRect();
        return {
          page: document.documentElement.scrollWidth,
          providerTitle: provider.title.length,
          providerRight: box(provider).right,
          providerHeight: box(provider).height,
          planTitle: plan.title.length,
          planRight: box(plan).right,
          reasonRight: box(root.querySelector('.reason')).right,
        };
      });
      t.diagnostic(JSON.stringify(got));
      assert.ok(got.page <= width, `page scrollWidth ${got.page} > ${width}`);
      assert.equal(got.providerTitle, 1000, 'the whole name on hover (table)');
      assert.equal(got.planTitle, 1000, 'the whole name on hover (headline)');
      assert.ok(got.providerRight <= width && got.planRight <= width && got.reasonRight <= width);
      assert.ok(got.providerHeight < 80, `the name is clipped to a few lines (${got.providerHeight} px)`);
      await site.close(p);
    });
  }
});

// The failures above are on purpose: their 404 and refused connection are not the site's errors.
test('(the deliberate 404 and refused connection are set aside)', () => {
  const deliberate = /\/test\/(missing|refused)\.json/;
  for (const list of [site.httpErrors, site.consoleErrors]) {
    for (let i = list.length - 1; i >= 0; i--) if (deliberate.test(list[i])) list.splice(i, 1);
  }
});

site.assertClean();
