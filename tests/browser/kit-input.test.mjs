// The provider kit with what providers really have: GPUs named as people write them ("RTX 4090",
// "A100 80GB", "H800", "4090") read through the core's aliases and shown by their names; the
// kit's table in the page's words on the Chinese page (no raw `private` or `nvlink`); cells that
// a spreadsheet would run as formulas written safe in the kit's CSV download and read back as
// typed; a GBK file (real GBK bytes) refused by the core as not UTF-8, in the kit and in the
// page's "use your own catalog" input, with the CLI's message; and the element's form on a wide
// host page at 1600 px leaving no half-empty row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useSite, waitShadow, TIMEOUT } from './harness.mjs';

const site = useSite();

async function until(page, fn, arg, what) {
  try {
    await page.waitForFunction(fn, arg, { timeout: TIMEOUT, polling: 50 });
  } catch (err) {
    assert.fail(`timed out waiting: ${what} — ${String(err.message).split('\n')[0]}`);
  }
}

async function openKit(label, query = '?lang=en') {
  const page = await site.newPage(label);
  await page.goto(`${site.url}provider.html${query}`);
  await until(page, () => !document.getElementById('kit').hidden, null, 'the kit is shown');
  return page;
}

const cellsOf = (page) => page.evaluate(() => [...document.querySelectorAll('#kit-table tbody tr[data-row]')].map((tr) => [...tr.children].map((c) => c.textContent)));

const NAMES = [
  'provider,gpu,gpusPerUnit,currency,hour,isolation,intraUnit,interUnit,interUnitGBpsPerGpu',
  'Kit Cloud,RTX 4090,8,CNY,16,private,pcie,ethernet,3',
  'Kit Cloud,A100 80GB,8,CNY,90,physical,nvlink,infiniband,25',
  'Kit Cloud,H800,8,CNY,150,shared,nvlink,roce,50',
  'Kit Cloud,4090,1,CNY,2.2,shared,pcie,none,',
].join('\n');

test('GPUs as people write them pass, each read as the catalog’s GPU and shown by its name', async () => {
  const page = await openKit('kit-aliases');
  await page.locator('#kit-csv').fill(NAMES);
  await page.locator('#kit-import-button').click();
  await until(page, () => /4 offers pass/.test(document.getElementById('kit-summary').textContent), null, 'all four pass');
  const catalog = JSON.parse(await page.locator('#kit-json').textContent());
  assert.deepEqual(catalog.offers.map((o) => o.gpu), ['rtx-4090', 'a100-80gb', 'h800-80gb', 'rtx-4090']);
  assert.deepEqual(catalog.offers.map((o) => o.id), ['kit-cloud-8x-rtx-4090', 'kit-cloud-8x-a100-80gb', 'kit-cloud-8x-h800-80gb', 'kit-cloud-1x-rtx-4090']);
  const cells = await cellsOf(page);
  assert.deepEqual(cells.map((c) => c[2]), ['GeForce RTX 4090 24GB', 'A100 SXM4 80GB', 'H800 SXM5 80GB (China export variant)', 'GeForce RTX 4090 24GB']);
  assert.equal(await page.locator('#kit-download').isDisabled(), false, 'the catalog downloads');
  await site.close(page);
});

test('on the Chinese page the kit’s table shows words, not the price list’s raw values', async () => {
  const page = await openKit('kit-words-zh', '?lang=zh');
  await page.locator('#kit-csv').fill(NAMES);
  await page.locator('#kit-import-button').click();
  await until(page, () => /4 个方案通过|4 个/.test(document.getElementById('kit-summary').textContent) && document.querySelectorAll('#kit-table tbody tr[data-row]').length === 4, null, 'imported');
  const cells = await cellsOf(page);
  const isolation = cells.map((c) => c[7]);
  const network = cells.map((c) => c[8]);
  assert.deepEqual(isolation, ['私有', '物理隔离', '共享', '共享']);
  assert.deepEqual(network, ['PCIe · 以太网 · 3 GB/s', 'NVLink · InfiniBand · 25 GB/s', 'NVLink · RoCE · 50 GB/s', 'PCIe · 无']);
  assert.equal(cells[2][2], 'H800 SXM5 80GB（中国出口特供版）');
  const text = cells.flat().join(' ');
  for (const raw of ['private', 'physical', 'shared', 'nvlink', 'infiniband', 'ethernet', 'roce', 'rtx-4090']) assert.ok(!text.includes(raw), `${raw} in ${text}`);
  // The noscript table names the GPUs too.
  const snippet = await page.locator('#kit-element-snippet').inputValue();
  assert.ok(snippet.includes('GeForce RTX 4090 24GB') && !/<td>rtx-4090<\/td>/.test(snippet), snippet);
  await site.close(page);
});

test('the kit’s CSV download writes formula cells as text, and imports back as typed', async () => {
  const page = await openKit('kit-formulas');
  const hostile = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3', '@cmd', '\tTabbed'];
  const csv = [
    'provider,provider.zh,gpu,gpusPerUnit,currency,hour,notes',
    `"${hostile[0].replace(/"/g, '""')}","${hostile[1]}",h100-80gb,8,CNY,160,"${hostile[2]}"`,
    `"${hostile[3]}","${hostile[4]}",h100-80gb,8,CNY,170,plain`,
  ].join('\n');
  await page.locator('#kit-csv').fill(csv);
  await page.locator('#kit-import-button').click();
  await until(page, () => /2 offers pass/.test(document.getElementById('kit-summary').textContent), null, 'both pass');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#kit-download-csv').click()]);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  const cells = text.trim().split('\n').slice(1).flatMap((line) => line.match(/"(?:[^"]|"")*"/g).map((c) => c.slice(1, -1).replace(/""/g, '"')));
  // No cell of the file begins with a character that makes a spreadsheet run it.
  assert.deepEqual(cells.filter((c) => /^[=+\-@\t\r]/.test(c)), []);
  for (const h of hostile) assert.ok(cells.includes(`'${h}`), `${h} written as '${h}`);
  assert.ok(cells.includes('plain'));
  // Read back by the core (the same import): the text as it was typed.
  await page.locator('#kit-csv').fill('');
  await page.locator('#kit-csv-file').setInputFiles({ name: 'back.csv', mimeType: 'text/csv', buffer: fs.readFileSync(await download.path()) });
  await until(page, () => /2 offers pass/.test(document.getElementById('kit-summary').textContent) && document.getElementById('kit-csv').value.length > 0, null, 'reimported');
  const catalog = JSON.parse(await page.locator('#kit-json').textContent());
  assert.deepEqual(catalog.offers.map((o) => o.provider), [{ en: hostile[0], zh: hostile[1] }, { en: hostile[3], zh: hostile[4] }]);
  assert.equal(catalog.offers[0].notes, hostile[2]);
  await site.close(page);
});

// "供应商,GPU" and "算力云" in GBK (CP936): what an older Excel saves as "CSV".
const GBK_HEADER_ROW = Buffer.from('provider,provider.zh,gpu,gpusPerUnit,currency,hour\r\nKit Cloud,', 'latin1');
const GBK_NAME = Buffer.from([0xcb, 0xe3, 0xc1, 0xa6, 0xd4, 0xc6]); // 算力云
const GBK = Buffer.concat([GBK_HEADER_ROW, GBK_NAME, Buffer.from(',h100-80gb,8,CNY,160\r\n', 'latin1')]);
const NOT_UTF8 = { en: 'the price list is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8"', zh: '价格表不是 UTF-8 文本：请在表格软件中另存为“CSV UTF-8”' };

test('a GBK file chosen in the kit is refused by the core as not UTF-8 (the CLI’s message), not read with replacement characters', async () => {
  assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(GBK), 'the fixture is not UTF-8');
  for (const lang of ['en', 'zh']) {
    const page = await openKit(`kit-gbk-${lang}`, `?lang=${lang}`);
    await page.locator('#kit-csv-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: GBK });
    await until(page, () => document.querySelector('#kit-import-status .error'), null, 'the import is refused');
    const status = await page.locator('#kit-import-status').textContent();
    assert.ok(status.endsWith(NOT_UTF8[lang]), status);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#kit-table tbody tr[data-row]').length), 0, 'no rows read');
    const pasted = await page.locator('#kit-csv').inputValue();
    assert.ok(!pasted.includes('\ufffd'), 'nothing decoded with replacement characters');
    assert.equal(await page.locator('#kit-download').isDisabled(), true);
    await site.close(page);
  }
});

test('the page’s “use your own catalog” reads a GBK file’s bytes: the core refuses it with the same message, and the default catalog stays', async () => {
  const page = await site.newPage('page-gbk');
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  await until(page, () => !document.getElementById('catalog-file').hidden, null, 'the file input');
  await page.locator('#catalog-file-input').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: GBK });
  await until(page, () => document.querySelector('#catalog-file .catalog-file-status .error'), null, 'refused');
  const status = await page.locator('#catalog-file .catalog-file-status').textContent();
  assert.ok(status.endsWith(NOT_UTF8.en), status);
  assert.ok(!status.includes('\ufffd'));
  assert.equal(await page.evaluate(() => document.querySelector('gpu-sizer').catalog), null, 'the default catalog is kept');
  // The same list saved as UTF-8 is taken.
  const utf8 = Buffer.from(GBK_HEADER_ROW.toString('latin1') + '算力云,h100-80gb,8,CNY,160\r\n', 'utf8');
  await page.locator('#catalog-file-input').setInputFiles({ name: 'prices-utf8.csv', mimeType: 'text/csv', buffer: utf8 });
  await until(page, () => document.querySelector('#catalog-file .catalog-file-status .ok'), null, 'taken');
  assert.equal(await page.evaluate(() => document.querySelector('gpu-sizer').catalog?.offers?.[0]?.provider?.zh), '算力云');
  await site.close(page);
});

test('on a host page at 1600 px the element’s form fills its rows: no group alone on half a row', async (t) => {
  // A page full width, and one whose content column is 1,160 px wide (the embedding demo's).
  const host = (name) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="/test/${name}.css"></head><body><main>
<script type="module" src="/gpu-sizer-loader.js"></script><gpu-sizer lang="en"></gpu-sizer></main></body></html>`;
  for (const [name, main] of [['wide-full', 'padding:8px'], ['wide-column', 'max-width:1160px;margin:0 auto;padding:0 16px']]) {
    site.files[`/test/${name}.html`] = { type: 'text/html', body: host(name) };
    site.files[`/test/${name}.css`] = { type: 'text/css', body: `body{margin:0;font-family:sans-serif}main{${main}}` };
  }
  const context = await site.newContext({ viewport: { width: 1600, height: 1000 } });
  for (const name of ['wide-full', 'wide-column']) {
    const page = await site.newPage(name, context);
    await page.goto(`${site.url}test/${name}.html`);
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('form fieldset.group').length === 3 && root.querySelector('form').getBoundingClientRect().width > 0, null, `${name}: the form`);
    const layout = await page.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => {
      const form = root.querySelector('form').getBoundingClientRect();
      const rows = new Map();
      for (const g of root.querySelectorAll('form > fieldset.group')) {
        const b = g.getBoundingClientRect();
        const top = Math.round(b.top);
        rows.set(top, (rows.get(top) || 0) + b.width);
      }
      return { form: form.width, rows: [...rows.values()] };
    });
    t.diagnostic(`${name}: form ${Math.round(layout.form)} px, rows of groups ${layout.rows.map(Math.round).join(' / ')} px wide`);
    // Each row's groups span the form (its gaps aside): none leaves a third or more of it empty.
    for (const w of layout.rows) assert.ok(w >= layout.form * 0.95 - 24, `${name}: a row ${Math.round(w)} of ${Math.round(layout.form)} px`);
    await page.close();
  }
  await context.close();
});

site.assertClean();
