// The loader (gpu-sizer-loader.js) on a marketing page: under 10 KB gzipped; an element below the
// fold fetches nothing more (no element module, no wasm, no catalog) and holds its min-height so
// the page below it stays put; scrolled into view, the element loads, computes, and the page below
// it moves only down (the result is taller than the reservation), never up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { useSite, waitShadow, TIMEOUT } from './harness.mjs';

const hostPage = (attrs) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>landing</title>
<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/test/landing.css">
<script type="module" src="/gpu-sizer-loader.js"></script></head>
<body><h1>GPU rental</h1><div class="hero">Our prices</div>
<gpu-sizer ${attrs}></gpu-sizer><div id="after">Contact us</div></body></html>`;

const site = useSite({
  files: {
    '/test/landing.css': { type: 'text/css', body: 'body { margin: 0; } .hero { height: 3000px; } h1 { margin: 0; height: 40px; }' },
    '/test/landing.html': { type: 'text/html', body: hostPage('lang="en" catalog-src="/provider-catalog.example.json"') },
    '/test/landing-rem.html': { type: 'text/html', body: hostPage('lang="zh" catalog-src="/provider-catalog.example.json" min-height="30rem"') },
  },
});

const HEAVY = /\/(gpu-sizer\.js|gpu-sizer-element\.js|gpusizer\.js|gpusizer\.wasm|provider-catalog\.example\.json)$/;

test('gpu-sizer-loader.js is under 10 KB gzipped', () => {
  const bytes = fs.readFileSync(path.join(site.siteDir, 'gpu-sizer-loader.js'));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  assert.ok(gz < 10 * 1024, `${gz} bytes gzipped`);
});

// The default reservation, and min-height="30rem" (480 px at the default 16 px font size).
for (const [file, reserved] of [['landing.html', 2400], ['landing-rem.html', 480]]) {
  test(`${file}: below the fold nothing more is fetched and ${reserved}px are reserved; scrolled to, it loads and the page below moves only down`, async () => {
    const page = await site.newPage(`loader-${file}`);
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${site.url}test/${file}`);
    await page.waitForFunction(() => document.querySelector('gpu-sizer')?.style.minHeight !== '', null, { timeout: TIMEOUT, polling: 50 });
    await page.waitForTimeout(1000); // time enough to fetch anything it would
    const before = await page.evaluate(() => ({
      defined: !!customElements.get('gpu-sizer'),
      height: document.querySelector('gpu-sizer').getBoundingClientRect().height,
      after: document.getElementById('after').getBoundingClientRect().top + scrollY,
    }));
    assert.ok(requests.includes('/gpu-sizer-loader.js'));
    assert.deepEqual(requests.filter((u) => HEAVY.test(u)), [], 'nothing but the loader before the element is in view');
    assert.equal(before.defined, false);
    assert.equal(before.height, reserved);
    assert.equal(before.after, 40 + 3000 + reserved);

    await page.evaluate(() => document.querySelector('gpu-sizer').scrollIntoView());
    await waitShadow(page, ({ shadowRoot: root }) => root?.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'a result once in view');
    assert.ok(requests.includes('/gpusizer.wasm'), 'the wasm, once in view');
    const after = await page.evaluate(() => ({
      height: document.querySelector('gpu-sizer').getBoundingClientRect().height,
      after: document.getElementById('after').getBoundingClientRect().top + scrollY,
      hostStyle: document.querySelector('gpu-sizer').getAttribute('style'),
    }));
    assert.ok(after.height >= reserved, `the result (${after.height}px) is no shorter than the reservation`);
    assert.ok(after.after >= before.after, 'the page below moved only down');
    assert.equal(after.hostStyle, '', 'the loader’s reservation is released once the element shows its result');
    await site.close(page);
  });
}

test('an element added later is reserved and loads when it comes into view; a page that loaded gpu-sizer.js is left alone', async () => {
  const page = await site.newPage('loader-added');
  await page.goto(`${site.url}test/landing.html`);
  await page.evaluate(() => {
    const el = document.createElement('gpu-sizer');
    el.id = 'late';
    el.setAttribute('min-height', '1000');
    document.body.append(el);
  });
  await page.waitForFunction(() => document.getElementById('late').style.minHeight === '1000px', null, { timeout: TIMEOUT, polling: 50 });
  await page.evaluate(() => document.getElementById('late').scrollIntoView());
  await page.waitForFunction(() => document.getElementById('late').shadowRoot?.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, { timeout: TIMEOUT, polling: 50 });
  await site.close(page);
});

site.assertClean();
