// The one-file offline page, opened from disk in Debian Chromium (no server):
//
//   node tests/browser/offline.test.mjs [build/wasm/offline/gpusizer.html]
//
// The renters' guide's worked example (7B params, 2T tokens, A100-80GB, 5 days, MFU 0.5769 → 1,081
// GPUs), the options table, the explanation steps, the element's inline stylesheet and the
// language switch, and a catalog chosen from disk (JSON or a CSV price list) through the page's file
// input. Fails on any request other than the file itself and data:/blob: URLs, any console error,
// page error or CSP violation. Notes the file's size.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium, recordPageEvents, waitShadow, waitOffers, shadow, summaryValues } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const exampleCatalog = path.join(here, '../../public/provider-catalog.example.json');
const file = path.resolve(process.argv[2] || path.join(here, '../../build/wasm/offline/gpusizer.html'));
const url = pathToFileURL(file).href;

let browser;
let context;
let page;
const requests = [];
const consoleErrors = [];

const watch = (p, label) => {
  p.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`[${label}] console: ${m.text()} @ ${JSON.stringify(m.location())}`);
    if (process.env.DEBUG) console.log(`# [${label}] ${m.type()}: ${m.text()}`);
  });
  p.on('pageerror', (e) => consoleErrors.push(`[${label}] pageerror: ${e.message}`));
};

before(async () => {
  assert.ok(fs.existsSync(file), `${file} is missing; build it first: cmake --build --preset wasm`);
  browser = await launchChromium();
  context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordPageEvents);
  context.on('request', (r) => requests.push(r.url()));
  page = await context.newPage();
  watch(page, 'offline');
  await page.goto(url);
});

after(async () => {
  await browser?.close();
});

describe('the offline page', () => {
  test('the page is a file:// page with no external scripts or stylesheets', async () => {
    assert.ok(await page.evaluate(() => location.protocol === 'file:' && document.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="modulepreload"], link[rel="manifest"]').length === 0));
  });

  test('the wasm core loads from the file and the first result is shown', async () => {
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  });

  test('the element styles itself from the inline CSS (no <link>), is visible, and gpu-sizer.css applies inside the shadow root', async (t) => {
    const styling = await shadow(page, ({ shadowRoot: root }) => ({
      adopted: root.adoptedStyleSheets.length,
      rules: root.adoptedStyleSheets[0]?.cssRules.length || root.querySelector('style')?.sheet?.cssRules.length || 0,
      links: root.querySelectorAll('link').length,
      hidden: root.querySelector('.root').hidden,
      wrapOverflow: getComputedStyle(root.querySelector('.table-wrap')).overflowX,
    }));
    t.diagnostic(`${styling.adopted} adopted sheet(s), ${styling.rules} rules`);
    assert.equal(styling.links, 0);
    assert.ok(styling.rules > 50, `${styling.rules} rules`);
    assert.equal(styling.hidden, false);
    assert.equal(styling.wrapOverflow, 'auto', '.table-wrap overflow-x');
  });

  test('default language follows navigator.language (en)', async () => {
    assert.equal(await page.evaluate(() => document.querySelector('gpu-sizer').shadowRoot.querySelector('.root').lang), 'en');
  });

  test('the worked example: 1,081 GPUs and 8.4 × 10²² FLOPs in the summary', async (t) => {
    const controls = page.locator('gpu-sizer form');
    await controls.locator('#f-params').fill('7B');
    await controls.locator('#f-tokens').fill('2T');
    await controls.locator('#f-gpu').selectOption('a100-80gb');
    await controls.locator('input[name="sizeBy"][value="days"]').check();
    await controls.locator('#f-days').fill('5');
    await controls.locator('#f-mfu').fill('0.5769');
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"]')?.textContent || '').includes('1,081'), null, 'summary shows 1,081 GPUs');
    const summary = await summaryValues(page);
    t.diagnostic(`summary: ${JSON.stringify(summary)}`);
    assert.match(summary.flops || '', /8\.4\s*×\s*10\s*22/);
  });

  test('the options table has rows, one of them recommended', async () => {
    const table = await shadow(page, ({ shadowRoot: root }) => {
      const rows = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')];
      return { rows: rows.length, recommended: rows.filter((r) => r.dataset.recommended === 'true').length };
    });
    assert.ok(table.rows > 0, `${table.rows} rows`);
    assert.equal(table.recommended, 1);
  });

  test('the explanation steps are shown with title and text; the time step explains the 1,081 GPUs', async () => {
    const steps = await shadow(page, ({ shadowRoot: root }) =>
      [...root.querySelectorAll('.steps-list > li')].map((li) => ({
        id: li.dataset.step,
        title: li.querySelector('h3')?.textContent || '',
        text: li.querySelector('p')?.textContent || '',
      })),
    );
    assert.ok(steps.length >= 5 && steps.every((s) => s.title && s.text.length > 20), steps.map((s) => s.id).join(', '));
    assert.ok(steps.some((s) => s.id === 'time' && s.text.includes('1,081')));
  });

  test('gpusizer-result events reach the page', async () => {
    const events = await page.evaluate(() => window.__events);
    assert.ok(events.some((e) => e.type === 'gpusizer-result' && e.ok && e.count === 1081));
  });

  test('the language switch shows Chinese labels, caption, steps and badge; the result is kept and the lang attribute reflects the switch; and back to English', async () => {
    await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
    await waitShadow(page, ({ shadowRoot: root }) => /[\u4e00-\u9fff]/.test(root.querySelector('.steps-list h3')?.textContent || ''), null, 'Chinese steps');
    const zh = await shadow(page, ({ shadowRoot: root }) => ({
      tokensLabel: root.querySelector('label[for="f-tokens"]').textContent,
      caption: root.querySelector('.caption-title').textContent,
      badge: root.querySelector('tr[data-recommended] .badge')?.textContent,
      gpus: root.querySelector('.card[data-key="gpus"]').textContent,
      lang: root.querySelector('.root').lang,
    }));
    assert.deepEqual([zh.tokensLabel, zh.caption, zh.badge], ['训练 token 数', '租用方案对比', '推荐']);
    assert.ok(zh.gpus.includes('1,081'), zh.gpus);
    assert.equal(zh.lang, 'zh');
    assert.equal(await page.getAttribute('gpu-sizer', 'lang'), 'zh');
    await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent === 'Training tokens', null, 'back to English');
  });
});

describe('a catalog chosen from disk', () => {
  const offers = () => shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].map((r) => ({ id: r.dataset.offerId, provider: r.querySelector('.provider')?.textContent })));
  const status = () => page.locator('#catalog-file [role="status"]').textContent();

  test('the chooser is there, labelled, using the default catalog', async () => {
    assert.equal(await page.locator('#catalog-file').isVisible(), true);
    assert.equal(await page.locator('label[for="catalog-file-input"]').textContent(), 'Use your own price catalog (a JSON or CSV file)');
    assert.equal(await status(), 'Using the default catalog.');
  });

  test('a JSON catalog: the element’s catalog, its offers in the table', async () => {
    const example = JSON.parse(fs.readFileSync(exampleCatalog, 'utf8'));
    await page.locator('#catalog-file-input').setInputFiles({ name: 'my-catalog.json', mimeType: 'application/json', buffer: fs.readFileSync(exampleCatalog) });
    const rows = await waitOffers(page, (r) => r.length === example.offers.length, 'the example catalog’s offers');
    assert.deepEqual(rows.map((r) => r.id).sort(), example.offers.map((o) => o.id).sort());
    assert.ok(rows.every((r) => r.provider.startsWith('Example GPU Cloud')));
    assert.equal(await status(), `Using my-catalog.json: ${example.offers.length} offers.`);
    assert.equal(await page.evaluate(() => document.querySelector('gpu-sizer').catalog?.catalogVersion), example.catalogVersion);
  });

  test('a bad catalog: the core’s error with its path, and the catalog in use is kept', async () => {
    const before = await offers();
    await page.locator('#catalog-file-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ offers: [{ id: 'x', provider: 'X', gpu: 'h100-80gb', currency: 'CNY', prices: { hour: 'abc' } }] })) });
    await page.waitForFunction(() => /bad\.json cannot be used/.test(document.querySelector('#catalog-file [role="status"]').textContent));
    assert.match(await status(), /^bad\.json cannot be used: \/offers\/0\/prices\/hour price by the hour of offer 1: "abc" is not a number/);
    assert.deepEqual(await offers(), before);
  });

  test('a CSV price list is made into a catalog by the core', async () => {
    const csv = '\ufeffprovider,gpu,gpusPerUnit,currency,hour\r\nDisk Cloud,a100-80gb,8,CNY,"1,000"\r\n';
    await page.locator('#catalog-file-input').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await waitOffers(page, (rows) => rows.length === 1 && rows[0].provider === 'Disk Cloud', 'the CSV’s offer');
    assert.equal(await status(), 'Using prices.csv: 1 offer.');
  });

  test('back to the default catalog', async () => {
    await page.locator('#catalog-file button').click();
    await waitOffers(page, (rows) => rows.length > 20, 'the default offers');
    assert.equal(await status(), 'Using the default catalog.');
  });
});

test('with a Chinese browser the page opens in Chinese and computes', async () => {
  const zhContext = await browser.newContext({ locale: 'zh-CN' });
  zhContext.on('request', (r) => requests.push(r.url()));
  const zhPage = await zhContext.newPage();
  watch(zhPage, 'zh');
  await zhPage.goto(url);
  await waitShadow(zhPage, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === 'zh', null, 'Chinese first result');
  await zhContext.close();
});

test('nothing but the file itself, data: and blob: URLs is requested; no console, page or CSP error', async (t) => {
  const csp = await page.evaluate(() => window.__csp);
  const others = requests.filter((u) => !/^(data|blob):/.test(u) && u !== url);
  const nonLocal = requests.filter((u) => !/^(file|data|blob):/.test(u));
  t.diagnostic(`requests: ${requests.length} (${requests.filter((u) => u === url).length} of the file itself, ${requests.filter((u) => /^data:/.test(u)).length} data:, ${requests.filter((u) => /^blob:/.test(u)).length} blob:)`);
  const bytes = fs.readFileSync(file);
  t.diagnostic(`${path.basename(file)}: ${(bytes.length / 1024).toFixed(1)} KB, ${(zlib.gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzipped (one file)`);
  assert.deepEqual(nonLocal, [], 'requests other than file://, data: or blob:');
  assert.deepEqual(others, [], 'files other than this one');
  assert.deepEqual(consoleErrors, [], 'console errors or page errors');
  assert.deepEqual(csp, [], 'CSP violations');
});
