// Catalog GPU names in the page's language: a name may be {"en", "zh"} (core/data/gpus.json: the
// China export variants and the Ascend 910B); every place the page shows a catalog GPU name (the
// GPU select, the summary, the table, the chart) picks the page's language, else English; never
// "[object Object]". A provider catalog's own {en, zh} names are read the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, showAllOffers } from './harness.mjs';

const site = useSite();

const names = (page) => shadow(page, ({ shadowRoot: root }) => ({
  option: root.querySelector('#f-gpu option[value="h800-80gb"]')?.textContent,
  ascend: root.querySelector('#f-gpu option[value="ascend-910b"]')?.textContent,
  summary: root.querySelector('.card[data-key="gpus"] .gpu-name')?.textContent,
  rows: [...root.querySelectorAll('tbody tr[data-offer-id]')].map((r) => r.querySelector('td.gpus .gpu').textContent),
  chart: [...root.querySelectorAll('.plot g.pt')].map((g) => g.getAttribute('aria-label')).join(' | '),
  all: root.querySelector('.root').innerText,
  lang: root.querySelector('.root').lang,
}));

async function h800(page, lang) {
  await page.evaluate((l) => {
    document.querySelector('gpu-sizer').request = { lang: l, model: { preset: 'llama-2-7b' }, training: { tokens: '100B' }, hardware: { gpu: 'h800-80gb' }, goal: { days: 30 } };
  }, lang);
  await waitShadow(page, ({ shadowRoot: root }, l) => root.querySelector('.root').lang === l, lang, lang);
  for (let i = 0; i < 40; i++) {
    const r = await settled(page, 200);
    if (r?.request?.hardware?.gpu === 'h800-80gb' && r.request.lang === lang) {
      await showAllOffers(page); // every offer, not only the top 10 that meet the goal
      return r;
    }
  }
  assert.fail('no H800 answer');
}

test('Chinese: the export variants’ Chinese names in the select, the summary, the table and the chart', async (t) => {
  const page = await openWithResult(site, 'names-zh');
  await h800(page, 'zh');
  const n = await names(page);
  t.diagnostic(`${n.option} / ${n.ascend} / ${n.summary}`);
  assert.equal(n.option, 'H800 SXM5 80GB（中国出口特供版） · 80 GiB');
  assert.match(n.ascend, /^昇腾 Ascend 910B（Atlas 800T A2 级）64GB/);
  assert.equal(n.summary, 'H800 SXM5 80GB（中国出口特供版）');
  assert.ok(n.rows.some((r) => r === 'H800 SXM5 80GB（中国出口特供版）'), n.rows.join(', '));
  assert.ok(n.rows.some((r) => r.startsWith('昇腾')), 'an Ascend offer in the table');
  assert.ok(!n.all.includes('China export variant'), 'no English form in the Chinese page');
  assert.ok(!n.all.includes('[object Object]'));
  assert.ok(!n.chart.includes('[object Object]'));
  await site.close(page);
});

test('English: the English names; switching the language renames the select and the result', async () => {
  const page = await openWithResult(site, 'names-en');
  await h800(page, 'en');
  let n = await names(page);
  assert.equal(n.option, 'H800 SXM5 80GB (China export variant) · 80 GiB');
  assert.equal(n.summary, 'H800 SXM5 80GB (China export variant)');
  assert.ok(!n.all.includes('[object Object]'));
  await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .gpu-name')?.textContent === 'H800 SXM5 80GB（中国出口特供版）', null, 'renamed on switch');
  n = await names(page);
  assert.equal(n.option, 'H800 SXM5 80GB（中国出口特供版） · 80 GiB');
  await site.close(page);
});

test('a provider catalog’s GPU named {en, zh} only in English falls back to English; a plain string stays as it is', async () => {
  const context = await site.newContext({ locale: 'zh-CN' });
  const page = await site.newPage('names-provider', context);
  await page.goto(site.url);
  await page.evaluate(async (base) => {
    const engine = await import(new URL('sizer/engine.js', base).href);
    const h100 = (await engine.catalog()).gpus.find((g) => g.id === 'h100-80gb');
    const el = document.querySelector('gpu-sizer');
    el.catalog = {
      gpus: [{ ...h100, id: 'acme-x1', name: { en: 'Acme X1 (test part)' } }],
      offers: [
        { id: 'acme-x1-8', provider: { en: 'Acme', zh: '艾克米' }, deployment: 'cloud', region: { en: 'East', zh: '华东' }, gpu: 'acme-x1', gpusPerUnit: 8, currency: 'CNY',
          prices: { hour: 100 }, minTermHours: 0, isolation: 'shared', interconnect: { intraUnit: 'nvlink', interUnit: 'none' }, priceDate: '2026-10-01', source: 'test' },
      ],
    };
    el.request = { model: { preset: 'llama-3.2-1b' }, training: { tokens: '10B' }, hardware: { gpu: 'acme-x1' }, goal: { days: 30 } };
  }, site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('tbody tr[data-offer-id="acme-x1-8"]') !== null, null, 'the provider offer');
  const n = await shadow(page, ({ shadowRoot: root }) => ({
    option: root.querySelector('#f-gpu option[value="acme-x1"]').textContent,
    cell: root.querySelector('tbody tr[data-offer-id="acme-x1-8"] td.gpus .gpu').textContent,
    provider: root.querySelector('tbody tr[data-offer-id="acme-x1-8"] .provider').textContent,
  }));
  assert.equal(n.option, 'Acme X1 (test part) · 80 GiB', 'no zh form: the English one');
  assert.equal(n.cell, 'Acme X1 (test part)');
  assert.equal(n.provider, '艾克米', 'the core answers the offer’s text in the request’s language');
  await site.close(page);
});

site.assertClean();
