// Without the calculator, the provider's prices: with WebAssembly unavailable, or the wasm module
// failing to load, <gpu-sizer> says why and shows its provider catalog's price table (offer, GPU,
// GPUs per unit, prices with currency, price date) as plain text, in its language; hostile strings
// stay text and long names wrap at 360 px. When the element's own module cannot load, the loader
// shows the same table in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, runAxe, TIMEOUT } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(process.argv[2] || path.join(here, '../../build/wasm/site'));
const siteFile = (f) => ({ type: 'text/javascript', body: fs.readFileSync(path.join(siteDir, f), 'utf8') });

const EVIL = '<img src=x onerror="window.__pwned=1">';
const LONG = 'Ｌｏｎｇ'.repeat(10) + 'A'.repeat(300);
const catalog = {
  catalogVersion: 'fallback test',
  offers: [
    { id: 'evil-1', provider: EVIL, gpu: 'h100-80gb', gpusPerUnit: 8, currency: 'CNY', prices: { hour: 160.5, month: 85000 }, priceDate: '2026-11-01' },
    { id: `long-${'x'.repeat(200)}`, provider: LONG, gpu: 'a100-80gb', gpusPerUnit: 4, currency: 'USD', prices: { day: 300 }, priceDate: '2026-10-01' },
    { id: 'odd', provider: { en: 'Odd Cloud', zh: '怪云' }, gpu: '</td><script>window.__pwned=2</script>', gpusPerUnit: '8"', currency: 'not a code', prices: { hour: 'abc', week: 1000 }, priceDate: '<b>soon</b>' },
    'not an offer',
    null,
  ],
};

const page = (body, script = '/gpu-sizer.js') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fallback</title>
<link rel="icon" href="/favicon.svg"><script type="module" src="${script}"></script></head><body>${body}</body></html>`;

const site = useSite({
  files: {
    '/test/hostile-catalog.json': { body: JSON.stringify(catalog) },
    '/test/en.html': { type: 'text/html', body: page('<gpu-sizer lang="en" catalog-src="/test/hostile-catalog.json"></gpu-sizer>') },
    '/test/zh.html': { type: 'text/html', body: page('<gpu-sizer lang="zh" catalog-src="/provider-catalog.example.json"></gpu-sizer>') },
    '/test/default.html': { type: 'text/html', body: page('<gpu-sizer lang="en"></gpu-sizer>') },
    // A wasm module that cannot compile (every page of this file that loads it fails to).
    '/gpusizer.wasm': { type: 'application/wasm', body: Buffer.from('not a wasm module') },
    // The loader in a folder where the element's module is broken (a syntax error): its fallback
    // is the real one.
    '/broken/gpu-sizer-loader.js': siteFile('gpu-sizer-loader.js'),
    '/broken/gpu-sizer.js': { type: 'text/javascript', body: 'export const broken = ;\n' },
    '/broken/sizer/fallback.js': siteFile('sizer/fallback.js'),
    '/broken/sizer/dom.js': siteFile('sizer/dom.js'),
    '/broken/sizer/i18n.js': siteFile('sizer/i18n.js'),
    '/broken/sizer/i18n-zh.js': siteFile('sizer/i18n-zh.js'), // the element's language's strings
    '/test/loader.html': { type: 'text/html', body: page('<gpu-sizer lang="zh" catalog-src="/provider-catalog.example.json"></gpu-sizer>', '/broken/gpu-sizer-loader.js') },
  },
});

async function noWasmPage(label, url, viewport) {
  const context = await site.newContext({ viewport });
  // WebAssembly switched off: the page has none (the element checks before loading anything).
  await context.addInitScript(() => {
    delete globalThis.WebAssembly;
  });
  const p = await site.newPage(label, context);
  const requests = [];
  p.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await p.goto(url);
  await p.waitForFunction(() => !!document.querySelector('gpu-sizer')?.shadowRoot?.querySelector('.gpusizer-fallback'), null, { timeout: TIMEOUT, polling: 50 });
  return { p, requests };
}

test('WebAssembly unavailable: why, and the provider’s price table as text; hostile strings stay text, long names wrap at 360 px', async () => {
  const { p, requests } = await noWasmPage('fallback-en', `${site.url}test/en.html`, { width: 360, height: 800 });
  await p.waitForFunction(() => document.querySelector('gpu-sizer').shadowRoot.querySelectorAll('.gpusizer-fallback tbody tr').length === 3, null, { timeout: TIMEOUT, polling: 50 });
  const got = await p.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => {
    const box = root.querySelector('.gpusizer-fallback');
    return {
      note: box.querySelector('.fallback-note')?.textContent,
      caption: box.querySelector('caption')?.textContent ?? null,
      head: [...box.querySelectorAll('thead th')].map((th) => th.textContent),
      rows: [...box.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
      injected: box.querySelectorAll('img, script, b').length,
    };
  });
  assert.equal(got.note, 'The calculator needs WebAssembly, which this browser does not run. These are the provider’s prices.');
  assert.equal(got.caption, 'GPU rental prices');
  assert.deepEqual(got.head, ['Offer', 'GPU', 'GPUs per unit', 'Prices (per unit)', 'Price date']);
  assert.deepEqual(got.rows[0], [`${EVIL} (evil-1)`, 'h100-80gb', '8', 'CN¥160.5 / hourCN¥85,000 / month', '2026-11-01']);
  assert.equal(got.rows[1][0], `${LONG} (long-${'x'.repeat(200)})`);
  assert.equal(got.rows[1][3], '$300 / day');
  assert.deepEqual(got.rows[2], ['Odd Cloud (odd)', '</td><script>window.__pwned=2</script>', '8"', '1,000 not a code / week', '<b>soon</b>']);
  assert.equal(got.injected, 0);
  const layout = await p.evaluate(() => {
    const el = document.querySelector('gpu-sizer');
    return { page: document.documentElement.scrollWidth, viewport: innerWidth, host: el.getBoundingClientRect().width, inner: el.shadowRoot.querySelector('.root').scrollWidth, form: el.shadowRoot.querySelector('.form-box').hidden };
  });
  assert.ok(layout.page <= layout.viewport, `the page does not scroll sideways: ${JSON.stringify(layout)}`);
  assert.ok(layout.inner <= Math.ceil(layout.host), `the long name wraps: ${JSON.stringify(layout)}`);
  assert.equal(layout.form, true, 'no form without the calculator');
  assert.deepEqual(requests.filter((u) => /gpusizer\.(js|wasm)$/.test(u)), [], 'the module is not fetched without WebAssembly');
  const events = await p.evaluate(() => window.__events.map((e) => e.code));
  assert.ok(events.includes('load_failed'), events.join(', '));
  assert.equal(await p.evaluate(() => window.__pwned), undefined);
  await site.close(p);
});

test('WebAssembly unavailable, in Chinese: the message table’s Chinese (axe-core finds nothing serious); without a provider catalog, the note alone', async (t) => {
  const { p } = await noWasmPage('fallback-zh', `${site.url}test/zh.html`);
  await p.waitForFunction(() => document.querySelector('gpu-sizer').shadowRoot.querySelectorAll('.gpusizer-fallback tbody tr').length === 3, null, { timeout: TIMEOUT, polling: 50 });
  const zh = await p.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => ({
    note: root.querySelector('.fallback-note').textContent,
    head: [...root.querySelectorAll('.gpusizer-fallback thead th')].map((th) => th.textContent),
    first: [...root.querySelector('.gpusizer-fallback tbody tr').children].map((c) => c.textContent),
  }));
  assert.equal(zh.note, '计算器需要 WebAssembly，这个浏览器无法运行它。 以下是服务商的价格。');
  assert.deepEqual(zh.head, ['方案', 'GPU', '每台卡数', '价格（每台）', '报价日期']);
  assert.match(zh.first[3], /^¥150 \/ 小时¥88,000 \/ 月$/);
  await runAxe(t, p, 'the fallback');
  await site.close(p);

  const { p: q } = await noWasmPage('fallback-default', `${site.url}test/default.html`);
  const only = await q.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => ({ note: root.querySelector('.fallback-note').textContent, tables: root.querySelectorAll('.gpusizer-fallback table').length }));
  assert.deepEqual(only, { note: 'The calculator needs WebAssembly, which this browser does not run.', tables: 0 });
  await site.close(q);
});

test('the wasm module fails to load: the element says so and shows the provider’s prices', async () => {
  const p = await site.newPage('fallback-broken-wasm');
  await p.goto(`${site.url}test/en.html`);
  await p.waitForFunction(() => document.querySelector('gpu-sizer')?.shadowRoot?.querySelectorAll('.gpusizer-fallback tbody tr').length === 3, null, { timeout: TIMEOUT, polling: 50 });
  const note = await p.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => root.querySelector('.fallback-note').textContent);
  assert.equal(note, 'The calculator could not be loaded. These are the provider’s prices.');
  const events = await p.evaluate(() => window.__events.map((e) => e.code));
  assert.ok(events.includes('load_failed'), events.join(', '));
  await site.close(p);
});

test('the loader, when the element’s module cannot load: the price table in the page, from catalog-src, in the element’s language', async () => {
  const p = await site.newPage('fallback-loader');
  await p.goto(`${site.url}test/loader.html`);
  await p.waitForFunction(() => document.querySelectorAll('gpu-sizer > .gpusizer-fallback tbody tr').length === 3, null, { timeout: TIMEOUT, polling: 50 });
  const got = await p.evaluate(() => ({
    defined: !!customElements.get('gpu-sizer'),
    note: document.querySelector('gpu-sizer > .gpusizer-fallback .fallback-note').textContent,
    providers: [...document.querySelectorAll('gpu-sizer > .gpusizer-fallback tbody th')].map((th) => th.textContent),
    minHeight: document.querySelector('gpu-sizer').style.minHeight,
  }));
  assert.equal(got.defined, false);
  assert.equal(got.note, '计算器无法加载。 以下是服务商的价格。');
  assert.equal(got.providers.length, 3);
  assert.ok(got.providers.every((t) => t.startsWith('Example GPU Cloud')), got.providers.join(', '));
  assert.equal(got.minHeight, '', 'the reservation is released for the table');
  await site.close(p);
});

site.assertClean();
