// The calculator page's way to its first result (docs/performance.md): the build's answer drawn
// whole, every view at once, then the engine's (tests/browser/prerender.test.mjs has what skips
// it); the engine's first result (a share link's) with its plan a frame before the views below
// it; the wasm fetched by the page and its bytes handed to the core's worker; the file input and
// the guide's claims imported after the first result. What is checked is that each of these still does its work, not how fast (the
// speed is scripts/bench-page.mjs's).
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useSite, waitShadow, shadow, settled, TIMEOUT } from './harness.mjs';

// The same site, but its wasm served as application/octet-stream (WebAssembly.compileStreaming
// and instantiateStreaming refuse that type; the page's bytes do not depend on it).
const files = {};
const site = useSite({ files });

// Before the page's scripts: each frame, whether the element shows a result, and what of it.
const watchFrames = () => {
  window.__frames = [];
  const look = () => {
    const root = document.querySelector('gpu-sizer')?.shadowRoot;
    const results = root?.querySelector('.results');
    if (results && !results.hidden) {
      window.__frames.push({
        first: results.hasAttribute('data-first'),
        gpus: root.querySelector('.card[data-key="gpus"] .value')?.textContent || '',
        rows: root.querySelectorAll('tbody tr[data-offer-id]').length,
        busy: results.getAttribute('aria-busy'),
        meta: root.querySelector('.meta[part="meta"]')?.textContent || '',
      });
    }
    if (window.__frames.length < 3) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  window.__atResult = null;
  document.addEventListener('gpusizer-result', () => {
    const root = document.querySelector('gpu-sizer').shadowRoot;
    window.__atResult ??= {
      first: root.querySelector('.results').hasAttribute('data-first'),
      rows: root.querySelectorAll('tbody tr[data-offer-id]').length,
      steps: root.querySelectorAll('.steps-list > li').length,
      layout: !!root.querySelector('.layout'),
      exportButtons: root.querySelectorAll('.export button').length,
    };
  });
};

describe('the first result', () => {
  let page;
  let wasmRequests;
  before(async () => {
    const context = await site.newContext();
    await context.addInitScript(watchFrames);
    wasmRequests = [];
    context.on('request', (r) => {
      // (not the service worker's precache, which the first result starts)
      if (r.url().endsWith('/gpusizer.wasm') && !r.serviceWorker()) wasmRequests.push(r.url());
    });
    page = await site.newPage('first-paint', context);
    await page.goto(site.url);
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
    await settled(page);
  });

  test('shows the build’s answer whole (the plan and the rows in one frame), busy until the engine’s; gpusizer-result only then', async () => {
    const frames = await page.evaluate(() => window.__frames);
    assert.ok(frames.length > 0);
    const [shown] = frames;
    assert.ok(shown.gpus.length > 0, 'the plan’s GPU count is in the first frame that shows a result');
    assert.ok(shown.rows > 0, 'the offer rows are in that frame too (the views’ modules preloaded)');
    assert.equal(shown.first, false, 'no view waits (data-first)');
    assert.equal(shown.busy, 'true', 'the results are aria-busy until the engine has answered');
    // The first estimate does not wait for the version, but the core answers it first.
    assert.match(shown.meta, /gpusizer \d+\.\d+\.\d+/, 'the plan’s meta line names the core’s version from its first frame');
    const atResult = await page.evaluate(() => window.__atResult);
    assert.equal(atResult.first, false);
    assert.ok(atResult.rows > 0 && atResult.steps > 0 && atResult.layout, JSON.stringify(atResult));
    assert.equal(atResult.exportButtons, 4, 'CSV, JSON, Markdown, Print');
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('.results').hasAttribute('data-first')), false);
  });

  test('the wasm is fetched once, by the page, which hands its bytes to the core’s worker', async () => {
    // A fetch by the page is in the page's resource timing; the worker's would be in its own.
    const inPage = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/gpusizer.wasm')).length);
    assert.equal(inPage, 1);
    assert.equal(wasmRequests.length, 1, 'one request for the wasm before the first result settled');
  });

  test('the views imported later work: a point of the scaling chart sizes the job by its count', async () => {
    const point = page.locator('gpu-sizer [part="scaling"] g.sp').first();
    const count = await point.getAttribute('data-count');
    assert.ok(Number(count) > 0, `a point with its count: ${count}`);
    await point.locator('.hit').click();
    await waitShadow(page, ({ shadowRoot: root }, c) => root.querySelector('#f-count')?.value === c, count, 'the count in the form');
    const last = await settled(page);
    assert.equal(last.request.hardware.count, count);
  });

  test('the export buttons work: the request and response as JSON', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: TIMEOUT }),
      page.locator('gpu-sizer .export [data-export="json"]').click(),
    ]);
    assert.match(download.suggestedFilename(), /\.json$/);
  });

  test('the file input below the calculator is there once the first result is (imported after it), and reads a price list', async () => {
    await page.waitForFunction(() => !document.getElementById('catalog-file').hidden, null, { timeout: TIMEOUT });
    assert.equal(await page.locator('label[for="catalog-file-input"]').textContent(), 'Use your own price catalog (a JSON or CSV file)');
    const csv = 'provider,gpu,gpusPerUnit,currency,hour\r\nDisk Cloud,a100-80gb,8,CNY,1000\r\n';
    await page.locator('#catalog-file-input').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.waitForFunction(() => /prices\.csv: 1 offer/.test(document.querySelector('#catalog-file [role="status"]').textContent), null, { timeout: TIMEOUT });
    await page.locator('#catalog-file button').click();
    await page.waitForFunction(() => /default catalog/.test(document.querySelector('#catalog-file [role="status"]').textContent), null, { timeout: TIMEOUT });
  });
});

test('a share link’s first result (the engine’s): its plan first, busy, the views below it still to come; then every view, and only then gpusizer-result', async () => {
  const context = await site.newContext();
  await context.addInitScript(watchFrames);
  const page = await site.newPage('first-paint share link', context);
  const request = { schemaVersion: 1, model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, hardware: { gpu: 'a100-80gb' }, goal: { currency: 'USD', days: '30' } };
  await page.goto(`${site.url}#r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  await settled(page);
  const [shown] = await page.evaluate(() => window.__frames);
  assert.ok(shown.gpus.length > 0, 'the plan’s GPU count is in the first frame that shows a result');
  assert.equal(shown.first, true, 'the views below the plan wait (data-first)');
  assert.equal(shown.busy, 'true', 'the results are aria-busy until every view is drawn');
  const atResult = await page.evaluate(() => window.__atResult);
  assert.equal(atResult.first, false);
  assert.ok(atResult.rows > 0 && atResult.steps > 0 && atResult.layout, JSON.stringify(atResult));
  await context.close();
});

describe('a server that sends the wasm under another type', () => {
  test('the page shows its result all the same', async () => {
    files['/gpusizer.wasm'] = {
      body: fs.readFileSync(`${site.siteDir}/gpusizer.wasm`),
      type: 'application/octet-stream',
    };
    try {
      const context = await site.newContext();
      const page = await site.newPage('octet-stream wasm', context);
      await page.goto(site.url);
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'a result with the wasm as octet-stream');
      const gpus = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent);
      assert.ok(gpus && gpus.length > 0);
      await context.close();
    } finally {
      delete files['/gpusizer.wasm'];
    }
  });
});

site.assertClean();
