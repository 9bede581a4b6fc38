// Provider catalogs: the embedding demo (embed.html, catalog-src with attributes lang, currency,
// gpu), the catalog property, and latest-wins: switching catalog-src from a slow A to B ends with
// B's prices however late A answers (A's fetch is aborted, nothing is reported for it), and the
// catalog property set while a load is on its way wins over it.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, openWithResult, shadow, waitShadow, settled, showAllOffers } from './harness.mjs';

const SLOW_MS = 1500;
// One offer under the same id in every test catalog; only the provider's name and prices differ.
const offer = (provider, hour, month) => ({
  id: 'test-8x-h100', provider, deployment: 'cloud', region: 'CN-East', gpu: 'h100-80gb', gpusPerUnit: 8,
  currency: 'CNY', prices: { hour, month }, minTermHours: 1, isolation: 'shared',
  interconnect: { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 },
  priceDate: '2026-11-01', source: 'test catalog',
});
const catalogs = {
  a: { catalogVersion: 'test A', offers: [offer('Provider A', 100, 50000)] },
  b: { catalogVersion: 'test B', offers: [offer('Provider B', 200, 90000)] },
  c: { catalogVersion: 'test C', offers: [offer('Provider C', 300, 120000)] },
};
const site = useSite({
  files: {
    '/test/catalog-a.json': { body: JSON.stringify(catalogs.a), delayMs: SLOW_MS },
    '/test/catalog-b.json': { body: JSON.stringify(catalogs.b) },
  },
});

describe('the embedding demo', () => {
  let embed;
  let providerCatalog;
  before(async () => {
    providerCatalog = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'provider-catalog.example.json'), 'utf8'));
    embed = await openWithResult(site, 'embed', site.url + 'embed.html');
    await settled(embed);
    await showAllOffers(embed); // every offer, also those that miss the goal
  });

  test('embed.html: the table’s rows are the example provider’s offers, every row from Example GPU Cloud; attributes lang, currency, gpu applied; one offer recommended', async () => {
    const emb = await shadow(embed, ({ shadowRoot: root }) => ({
      ids: [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].map((r) => r.dataset.offerId),
      providers: [...root.querySelectorAll('table.options tbody tr .provider')].map((p) => p.textContent),
      gpu: root.querySelector('#f-gpu').value,
      currency: root.querySelector('#f-currency').value,
      label: root.querySelector('label[for="f-gpu"]').textContent,
      recommended: root.querySelectorAll('tr[data-recommended]').length,
    }));
    assert.deepEqual([...emb.ids].sort(), providerCatalog.offers.map((o) => o.id).sort());
    assert.ok(emb.providers.every((p) => p.startsWith('Example GPU Cloud')), emb.providers.join(', '));
    assert.equal(emb.gpu, 'h100-80gb');
    assert.equal(emb.currency, 'CNY');
    assert.equal(emb.label, 'GPU 型号');
    assert.equal(emb.recommended, 1);
  });

  test('setting the catalog property re-estimates with that catalog’s offers', async () => {
    await embed.evaluate((o) => {
      document.querySelector('gpu-sizer').catalog = { offers: [o] };
    }, providerCatalog.offers[0]);
    await waitShadow(embed, ({ shadowRoot: root }) => {
      const rows = root.querySelectorAll('table.options tbody tr[data-offer-id]');
      return rows.length === 1 && rows[0].dataset.offerId === 'example-8x-h100-80gb';
    }, null, 'catalog property');
  });
});

describe('latest wins', () => {
  let page;
  const aborted = [];
  before(async () => {
    page = await openWithResult(site, 'latest-wins', site.url + 'embed.html');
    await settled(page);
    page.on('requestfailed', (r) => aborted.push(`${new URL(r.url()).pathname} ${r.failure()?.errorText}`));
  });

  // What the page shows and says after a switch, once A's answer is long due.
  const outcome = async (switchTo) => {
    const since = await page.evaluate(() => window.__events.length);
    await page.evaluate(([ms, how, value]) => new Promise((resolve) => {
      const el = document.querySelector('gpu-sizer');
      el.setAttribute('catalog-src', '/test/catalog-a.json');
      setTimeout(() => { // A's request is at the server, its answer 1.5 s away
        if (how === 'src') el.setAttribute('catalog-src', value);
        else el.catalog = value;
        resolve();
      }, ms);
    }), [300, ...switchTo]);
    await page.waitForTimeout(SLOW_MS + 700);
    await settled(page);
    return page.evaluate(([n, id]) => {
      const el = document.querySelector('gpu-sizer');
      const root = el.shadowRoot;
      const last = window.__lastResult;
      return {
        events: window.__events.slice(n).map((e) => `${e.type}${e.code ? ` ${e.code}` : ''}`),
        providers: [...root.querySelectorAll('table.options tbody tr .provider')].map((p) => p.textContent),
        option: (last.result.options || []).filter((o) => o.offerId === id).map((o) => ({ provider: o.provider, hour: o.unitPrices?.hour, month: o.unitPrices?.month })),
        sent: last.request.catalog?.catalogVersion,
        property: el.catalog?.catalogVersion,
      };
    }, [since, 'test-8x-h100']);
  };

  test('catalog-src switched from a slow A to B: B’s prices are shown and stay; A’s fetch is aborted and reports nothing', async () => {
    aborted.length = 0;
    const got = await outcome(['src', '/test/catalog-b.json']);
    assert.deepEqual(got.providers, ['Provider B']);
    assert.deepEqual(got.option, [{ provider: 'Provider B', hour: 200, month: 90000 }]);
    assert.equal(got.sent, 'test B');
    assert.equal(got.property, 'test B', 'the catalog getter returns the catalog in use');
    assert.deepEqual(got.events, ['gpusizer-result'], 'one estimate (with B), no error for A');
    assert.deepEqual(aborted, ['/test/catalog-a.json net::ERR_ABORTED']);
    const shown = await shadow(page, ({ shadowRoot: root }) => {
      root.querySelector('table.options tbody tr[data-offer-id] button.expand').click();
      return root.querySelector('tr.detail [data-item="unitPrices"]')?.textContent || '';
    });
    assert.match(shown, /200/, `unit prices shown: ${shown}`);
  });

  test('the catalog property set while a catalog-src load is on its way wins over it', async () => {
    aborted.length = 0;
    const got = await outcome(['property', catalogs.c]);
    assert.deepEqual(got.providers, ['Provider C']);
    assert.deepEqual(got.option, [{ provider: 'Provider C', hour: 300, month: 120000 }]);
    assert.equal(got.sent, 'test C');
    assert.deepEqual(got.events, ['gpusizer-result']);
    assert.deepEqual(aborted, ['/test/catalog-a.json net::ERR_ABORTED']);
  });

  test('catalog = null goes back to catalog-src', async () => {
    await page.evaluate(() => {
      const el = document.querySelector('gpu-sizer');
      el.setAttribute('catalog-src', '/test/catalog-b.json');
      el.catalog = { catalogVersion: 'test C', offers: [] };
    });
    await settled(page);
    await page.evaluate(() => { document.querySelector('gpu-sizer').catalog = null; });
    await waitShadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('table.options tbody tr .provider')].map((p) => p.textContent).join() === 'Provider B', null, 'B again');
    assert.equal(await page.evaluate(() => document.querySelector('gpu-sizer').catalog?.catalogVersion), 'test B');
  });
});

site.assertClean();
