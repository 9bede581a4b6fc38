// The provider kit (provider.html): a price list pasted or chosen as a file becomes a catalog through
// the core's import; bad rows are named beside the row and, in the form, beside the field; prices
// far from the market are flagged by the core's rule; the preview <gpu-sizer> shows the provider's
// offers; catalog.json downloads; the element and iframe snippets name the catalog, the element's
// with the loader, the call to action and a <noscript> price table that a browser without
// JavaScript shows; the preview's call to action says what it would open; both languages; hostile
// text stays text, in the snippet too.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useSite, waitShadow, waitOffers, shadow, runAxe, TIMEOUT } from './harness.mjs';

const site = useSite();

const HEADER = 'provider,provider.zh,gpu,gpusPerUnit,unitsAvailable,currency,hour,month,isolation,intraUnit,interUnit,interUnitGBpsPerGpu,priceDate';
const GOOD = [
  HEADER,
  'Kit Cloud,算力云,h100-80gb,8,4,CNY,160,"8.5万",private,nvlink,infiniband,50,2026-11-01',
  'Kit Cloud,算力云,a100-80gb,8,2,CNY,"1,000",,shared,nvlink,roce,25,2026-11-01',
].join('\r\n');
const BAD = [
  HEADER,
  'Kit Cloud,算力云,h100-80gb,8,4,CNY,160,"8.5万",private,nvlink,infiniband,50,2026-11-01',
  'Kit Cloud,算力云,h100-80gb,0,4,CNY,160,,private,nvlink,infiniband,50,2026-11-01',
  'Kit Cloud,算力云,a100,8,4,CNY,160,,private,nvlink,infiniband,50,2026-11-01', // 40 or 80 GB: no GPU of the catalog
].join('\n');

/** Waits until fn(arg) is true in the page (polled), failing with `what`. */
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

async function importCsv(page, text) {
  await page.locator('#kit-csv').fill(text);
  await page.locator('#kit-import-button').click();
}

const rowsShown = (page) => page.evaluate(() => [...document.querySelectorAll('#kit-table tbody tr[data-row]')].map((tr) => ({
  row: Number(tr.dataset.row), check: tr.dataset.check,
  findings: [...(document.querySelector(`tr[data-findings-for="${tr.dataset.row}"]`)?.querySelectorAll('li') || [])].map((li) => ({ kind: li.className, column: li.dataset.column, text: li.textContent })),
})));

describe('a price list in, a catalog out', () => {
  let page;
  before(async () => {
    page = await openKit('kit-good');
  });

  test('the columns the core reads are listed, from its contract', async () => {
    const columns = await page.evaluate(() => [...document.querySelectorAll('#kit-columns code')].map((c) => c.textContent));
    for (const c of ['provider', 'gpu', 'gpusPerUnit', 'hour', 'day', 'month', 'year', 'intraUnit', 'interUnit', 'priceDate', 'provider.zh']) assert.ok(columns.includes(c), c);
  });

  test('pasted CSV: every row checked by the core, the catalog JSON shown, the preview shows exactly the provider’s offers', async () => {
    await importCsv(page, GOOD);
    await until(page, () => /2 offers pass/.test(document.getElementById('kit-summary').textContent), null, 'all offers pass');
    const rows = await rowsShown(page);
    assert.deepEqual(rows.map((r) => r.row), [2, 3]);
    const catalog = JSON.parse(await page.locator('#kit-json').textContent());
    assert.deepEqual(catalog.offers.map((o) => o.id), ['kit-cloud-8x-h100-80gb', 'kit-cloud-8x-a100-80gb']);
    assert.deepEqual(catalog.offers[0].prices, { hour: 160, month: 85000 });
    assert.deepEqual(catalog.offers[0].provider, { en: 'Kit Cloud', zh: '算力云' });
    // Every offer of the preview (its comparison starts with those that meet the goal).
    const shown = await waitOffers(page, (rows) => rows.length === 2, 'the preview shows two offers');
    assert.deepEqual(shown.map((r) => r.id).sort(), ['kit-cloud-8x-a100-80gb', 'kit-cloud-8x-h100-80gb']);
    assert.ok(shown.every((r) => r.provider.startsWith('Kit Cloud')), shown.map((r) => r.provider).join(', '));
  });

  test('a price far from the market is flagged beside its row with the core’s message; the rule is stated', async () => {
    const rows = await rowsShown(page);
    assert.equal(rows[0].check, 'ok');
    assert.equal(rows[1].check, 'flag', '¥1,000 per hour for 8 A100s: ¥125 per GPU-hour');
    assert.equal(rows[1].findings.length, 1);
    assert.equal(rows[1].findings[0].column, 'hour');
    assert.match(rows[1].findings[0].text, /per GPU-hour \(by the hour\) is \d+(\.\d+)?× the median of \d+ default offers for A100 SXM4 80GB .* above 2×/);
    const rule = await page.locator('#kit-rule-text').textContent();
    assert.match(rule, /below 0\.5× or above 2× the median of the default catalog’s offers for the same GPU|below 0\.5× or above 2× the median of the default catalog's offers for the same GPU/);
  });

  test('catalog.json downloads as shown', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#kit-download').click()]);
    assert.equal(download.suggestedFilename(), 'catalog.json');
    const text = fs.readFileSync(await download.path(), 'utf8');
    assert.deepEqual(JSON.parse(text), JSON.parse(await page.locator('#kit-json').textContent()));
  });

  test('the snippets: the element with catalog-src, the iframe with the same catalog and the page’s language', async () => {
    await page.locator('#kit-folder').fill('/gpusizer/');
    await page.locator('#kit-catalog-url').fill('/prices/catalog.json');
    await page.locator('#kit-theme').selectOption('dark');
    await page.locator('#kit-accent').fill('#047857');
    const element = await page.locator('#kit-element-snippet').inputValue();
    const frame = await page.locator('#kit-frame-snippet').inputValue();
    assert.match(element, /^<script type="module" src="\/gpusizer\/gpu-sizer-loader\.js"><\/script>\n/);
    assert.match(element, /\n<gpu-sizer lang="en" currency="CNY" catalog-src="\/prices\/catalog\.json" theme="dark">\n<noscript>\n/);
    assert.match(element, /\n<\/noscript>\n<\/gpu-sizer>\n$/);
    const src = /src="([^"]+)"/.exec(frame)[1].replace(/&amp;/g, '&');
    const url = new URL(src, 'https://provider.example');
    assert.equal(url.pathname, '/gpusizer/embed.html');
    assert.deepEqual(Object.fromEntries(url.searchParams), { lang: 'en', currency: 'CNY', catalog: '/prices/catalog.json', theme: 'dark,#047857' });
    assert.match(frame, /title="GPU training cost calculator"/);
  });

  test('the call to action: cta-href and cta-label in the snippet and the preview; a javascript: link is refused; the preview says what a click opens', async () => {
    await page.locator('#kit-cta-href').fill('javascript:alert(1)');
    assert.match(await page.locator('#kit-cta-href-error').textContent(), /must be an http, https or relative URL/);
    assert.doesNotMatch(await page.locator('#kit-element-snippet').inputValue(), /cta-href/);
    await page.locator('#kit-cta-href').fill('/contact?src=calc');
    await page.locator('#kit-cta-label').fill('Get a quote');
    assert.equal(await page.locator('#kit-cta-href-error').textContent(), '');
    assert.match(await page.locator('#kit-element-snippet').inputValue(), / theme="dark" cta-href="\/contact\?src=calc" cta-label="Get a quote">/);
    const rows = await waitOffers(page, (r) => r.length === 2, 'the preview');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('.offer-cta a.cta').length === 2, null, 'a link on each offer');
    const before = page.url();
    await page.locator(`gpu-sizer .offer-cta .cta[data-offer-id="${rows[0].id}"]`).click();
    await until(page, () => /^On your site, this click opens http/.test(document.getElementById('kit-quote-status').textContent), null, 'what the click opens');
    const opened = new URL((await page.locator('#kit-quote-status').textContent()).split(' opens ')[1]);
    assert.equal(opened.pathname, '/contact');
    assert.equal(opened.searchParams.get('src'), 'calc');
    assert.equal(opened.searchParams.get('offer'), rows[0].id);
    assert.equal(page.url(), before, 'the kit stays open');
  });

  test('the <noscript> table: the catalog’s offers, shown by a browser without JavaScript', async () => {
    const snippet = await page.locator('#kit-element-snippet').inputValue();
    const catalog = JSON.parse(await page.locator('#kit-json').textContent());
    site.files['/test/nojs-host.html'] = {
      type: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="icon" href="/favicon.svg"></head><body>\n${snippet.replace(/\/gpusizer\//g, '/')}</body></html>`,
    };
    const context = await site.newContext({ javaScriptEnabled: false });
    const host = await site.newPage('kit-nojs', context);
    await host.goto(`${site.url}test/nojs-host.html`);
    const shown = await host.evaluate(() => ({
      note: document.querySelector('gpu-sizer .fallback-note')?.textContent,
      head: [...document.querySelectorAll('gpu-sizer thead th')].map((th) => th.textContent),
      rows: [...document.querySelectorAll('gpu-sizer tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
      visible: document.querySelector('gpu-sizer table')?.getBoundingClientRect().height > 0,
    }));
    assert.equal(shown.note, 'The calculator needs JavaScript and WebAssembly. These are the provider’s prices.');
    assert.deepEqual(shown.head, ['Offer', 'GPU', 'GPUs per unit', 'Prices (per unit)', 'Price date']);
    assert.equal(shown.rows.length, catalog.offers.length);
    assert.deepEqual(shown.rows.map((r) => r[0]), catalog.offers.map((o) => `Kit Cloud (${o.id})`));
    // The GPU by its name, not its id.
    assert.deepEqual(shown.rows[0].slice(1), ['H100 SXM5 80GB', '8', 'CN¥160 / hourCN¥85,000 / month', '2026-11-01']);
    assert.equal(shown.visible, true);
    await context.close();
  });
});

describe('bad rows', () => {
  let page;
  before(async () => {
    page = await openKit('kit-bad');
    await importCsv(page, BAD);
    await until(page, () => /rows have errors/.test(document.getElementById('kit-summary').textContent), null, 'errors are reported');
  });

  test('each bad row is named beside the row, by the core: row and column', async () => {
    const rows = await rowsShown(page);
    assert.deepEqual(rows.map((r) => [r.row, r.check]), [[2, 'ok'], [3, 'error'], [4, 'error']]);
    assert.equal(rows[1].findings[0].column, 'gpusPerUnit');
    assert.match(rows[1].findings[0].text, /^row 3, column gpusPerUnit: must be at least 1/);
    assert.equal(rows[2].findings[0].column, 'gpu');
    assert.match(rows[2].findings[0].text, /^row 4, column gpu: "a100" is not a GPU id of the catalog; closest: a100-40gb, a100-80gb/);
  });

  test('editing a row: its error beside the field; fixed in the form, the row passes and the preview gets the offers', async () => {
    await page.locator('#kit-table button[data-action="edit"][data-index="1"]').click();
    assert.match(await page.locator('#kit-form-heading').textContent(), /row 3/);
    assert.match(await page.locator('#kit-f-gpusPerUnit-error').textContent(), /^row 3, column gpusPerUnit: must be at least 1/);
    assert.equal(await page.locator('#kit-f-gpusPerUnit').getAttribute('aria-invalid'), 'true');
    await page.locator('#kit-f-gpusPerUnit').fill('８');
    await until(page, () => document.getElementById('kit-f-gpusPerUnit-error').textContent === '', null, 'the field error clears');
    await page.locator('#kit-table button[data-action="edit"][data-index="2"]').click();
    assert.equal(await page.locator('#kit-f-gpu').inputValue(), 'a100', 'the value as typed, shown in the choice');
    await page.locator('#kit-f-gpu').selectOption('h100-80gb');
    await until(page, () => /3 offers pass/.test(document.getElementById('kit-summary').textContent), null, 'all rows pass');
    await waitOffers(page, (rows) => rows.length === 3, 'the preview shows three offers');
  });

  test('an offer added in the form: prices needed, said beside the row; a price typed makes it pass', async () => {
    await page.locator('#kit-add').click();
    await until(page, () => document.querySelector('tr[data-findings-for="5"] li.error'), null, 'the new row is checked');
    assert.match(await page.locator('tr[data-findings-for="5"] li.error').textContent(), /^row 5: needs at least one of hour, day, month, year/);
    assert.match(await page.locator('#kit-form-errors').textContent(), /^row 5: needs at least one of hour/);
    await page.locator('#kit-f-month').fill('86,000');
    await until(page, () => /4 offers pass/.test(document.getElementById('kit-summary').textContent), null, 'the new row passes');
    await page.locator('#kit-table button[data-action="remove"][data-index="3"]').click();
    await until(page, () => /3 offers pass/.test(document.getElementById('kit-summary').textContent), null, 'removed');
  });
});

test('a file chosen (BOM, CRLF, Chinese), the page in Chinese: the core’s messages in Chinese, the preview in Chinese', async () => {
  const page = await openKit('kit-zh', '?lang=zh');
  assert.equal(await page.locator('#kit-import-heading').textContent(), '1. 导入价格表');
  await page.locator('#kit-csv-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${BAD.replace(/\n/g, '\r\n')}`, 'utf8') });
  await until(page, () => document.querySelectorAll('tr.kit-findings li.error').length === 2, null, 'two rows with errors');
  const rows = await rowsShown(page);
  assert.match(rows[1].findings[0].text, /^第 3 行 gpusPerUnit 列：应不小于 1/);
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
  await page.locator('#kit-lang button[data-lang="en"]').click();
  await until(page, () => /^row 3, column gpusPerUnit/.test(document.querySelector('tr[data-findings-for="3"] li')?.textContent || ''), null, 'the same error in English');
  await site.close(page);
});

test('hostile text from a price list stays text, in the table and in the preview', async () => {
  const page = await openKit('kit-hostile');
  const evil = '<img src=x onerror="window.__pwned=1">';
  await importCsv(page, `provider,gpu,gpusPerUnit,currency,hour\n"${evil.replace(/"/g, '""')}",h100-80gb,8,CNY,160\n`);
  await until(page, () => /The offer passes/.test(document.getElementById('kit-summary').textContent), null, 'the row passes');
  assert.equal(await page.locator('#kit-table tbody tr[data-row="2"] td').first().textContent(), evil);
  await waitOffers(page, (rows) => rows.length === 1, 'the preview');
  const inPreview = await shadow(page, ({ shadowRoot: root }) => ({ text: root.querySelector('table.options tbody tr .provider')?.textContent, imgs: root.querySelectorAll('table.options img').length }));
  assert.equal(inPreview.text, evil);
  assert.equal(inPreview.imgs, 0);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#kit img').length), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  // In the snippet's <noscript> table the text is escaped: no markup of the price list's.
  const snippet = await page.locator('#kit-element-snippet').inputValue();
  assert.ok(snippet.includes('&lt;img src=x onerror="window.__pwned=1"&gt;'), snippet);
  assert.ok(!snippet.includes('<img'), snippet);
  await site.close(page);
});

test('axe-core: the kit with rows, errors and the form open', async (t) => {
  const page = await openKit('kit-axe');
  await importCsv(page, BAD);
  await until(page, () => document.querySelectorAll('tr.kit-findings li.error').length === 2, null, 'errors');
  await page.locator('#kit-table button[data-action="edit"][data-index="1"]').click();
  await runAxe(t, page, 'provider kit');
  await site.close(page);
});

site.assertClean();
