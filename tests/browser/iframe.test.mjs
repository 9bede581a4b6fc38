// The iframe mode (embed.html?lang=…&currency=…&catalog=…&theme=…) framed by a host page of
// another origin: the parameters applied or refused, the frame sized to its content by the height
// it posts, and the host's listener (docs/embedding.md, tests/browser/fixtures/embed-host.js)
// taking heights only from that frame: a message from another origin, or from another window of
// the same origin, changes nothing.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, TIMEOUT } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const listener = fs.readFileSync(path.join(here, 'fixtures/embed-host.js'), 'utf8');
const offer = (provider, hour) => ({
  id: 'frame-8x-h100', provider, gpu: 'h100-80gb', gpusPerUnit: 8, currency: 'CNY', prices: { hour },
  interconnect: { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 }, priceDate: '2026-11-01',
});

const site = useSite({
  altOrigin: true,
  files: {
    '/test/frame-catalog.json': { body: JSON.stringify({ offers: [offer('Frame Cloud', 160)] }) },
    '/test/host.js': { body: listener, type: 'text/javascript' },
    // Records every message the host receives (after the listener has seen it).
    '/test/record.js': {
      type: 'text/javascript',
      body: 'window.__messages = []; addEventListener("message", (e) => window.__messages.push({ origin: e.origin, data: e.data }));',
    },
    // A page that pretends to be the calculator: posts a height of 7 to its parent.
    '/test/impostor.html': { body: '<!doctype html><title>x</title><script src="/test/impostor.js"></script>', type: 'text/html' },
    '/test/impostor.js': { body: 'parent.postMessage({ type: "gpusizer:height", height: 7 }, "*");', type: 'text/javascript' },
  },
});

/** A host page at the site's origin framing embed.html (query) from the other origin, its CSP allowing that frame. */
function hostPage(name, query, { impostors = [] } = {}) {
  const frames = impostors.map((src, i) => `<iframe id="impostor-${i}" src="${src}" title="impostor"></iframe>`).join('\n');
  site.files[`/test/${name}.html`] = {
    type: 'text/html',
    headers: { 'Content-Security-Policy': `default-src 'self'; frame-src 'self' ${site.altOrigin}` },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="/favicon.svg"><script src="/test/record.js"></script></head><body>
<iframe id="gpusizer" src="${site.altUrl}embed.html${query}" title="GPU training cost calculator" width="100%" height="300"></iframe>
${frames}
<script src="/test/host.js"></script></body></html>`,
  };
  return `${site.url}test/${name}.html`;
}

async function until(page, fn, arg, what) {
  try {
    await page.waitForFunction(fn, arg, { timeout: TIMEOUT, polling: 50 });
  } catch (err) {
    assert.fail(`timed out waiting: ${what} — ${String(err.message).split('\n')[0]}`);
  }
}

/** The embed.html frame of a page (the page itself when it is embed.html). */
const calculator = (page) => page.frames().find((f) => /^[a-z]+:\/\/[^/]+\/embed\.html(\?|$)/.test(f.url()));

async function frameResult(page, what) {
  let frame = null;
  const deadline = Date.now() + TIMEOUT;
  while (!frame && Date.now() < deadline) {
    frame = calculator(page);
    if (!frame) await page.waitForTimeout(50);
  }
  assert.ok(frame, `${what}: the frame`);
  try {
    await frame.waitForFunction(() => document.querySelector('gpu-sizer')?.shadowRoot?.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, { timeout: TIMEOUT, polling: 50 });
  } catch (err) {
    assert.fail(`timed out waiting: ${what}: a result in the frame — ${String(err.message).split('\n')[0]}`);
  }
  return frame;
}

const contentHeight = (frame) => frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
// The iframe's own height (its border, 2px by default, left out).
const frameHeight = (page) => page.evaluate(() => document.getElementById('gpusizer').clientHeight);

describe('a provider’s page framing the calculator from another origin', () => {
  let page;
  let frame;
  before(async () => {
    page = await site.newPage('iframe-host');
    await page.goto(hostPage('host', `?lang=zh&currency=CNY&catalog=/test/frame-catalog.json&theme=light`));
    frame = await frameResult(page, 'host');
  });

  test('lang, currency and catalog applied: the provider’s offer, in Chinese, in CNY', async () => {
    const got = await frame.evaluate(() => {
      const el = document.querySelector('gpu-sizer');
      const root = el.shadowRoot;
      return {
        lang: el.lang, currency: el.currency, catalogSrc: el.catalogSrc,
        offers: [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].map((r) => r.dataset.offerId),
        provider: root.querySelector('table.options tbody tr .provider')?.textContent,
        label: root.querySelector('label[for="f-gpu"]')?.textContent,
        htmlLang: document.documentElement.lang,
        notice: document.getElementById('embed-notice').hidden,
      };
    });
    assert.deepEqual(got.offers, ['frame-8x-h100']);
    assert.equal(got.provider, 'Frame Cloud');
    assert.equal(got.lang, 'zh');
    assert.equal(got.currency, 'CNY');
    assert.equal(got.catalogSrc, `${site.altUrl}test/frame-catalog.json`);
    assert.equal(got.label, 'GPU 型号');
    assert.equal(got.htmlLang, 'zh-CN');
    assert.equal(got.notice, true);
  });

  test('auto-height: the iframe takes the height of its content, and follows it when the content changes', async () => {
    const first = await contentHeight(frame);
    await until(page, (h) => Math.abs(document.getElementById('gpusizer').clientHeight - h) < 1, first, `the iframe is ${first}px tall`);
    assert.ok(first > 300, `content ${first}px is taller than the iframe's initial 300px`);
    // Other content: a table row's details opened inside the frame (the table lays its columns out
    // again, so the page may end up taller or shorter).
    await frame.evaluate(() => document.querySelector('gpu-sizer').shadowRoot.querySelector('table.options tbody tr[data-offer-id] button.expand').click());
    await frame.waitForFunction((h) => Math.ceil(document.body.getBoundingClientRect().height) !== h, first, { timeout: TIMEOUT, polling: 50 });
    const second = await contentHeight(frame);
    await until(page, (h) => Math.abs(document.getElementById('gpusizer').clientHeight - h) < 1, second, `the iframe follows to ${second}px`);
    assert.notEqual(second, first);
  });

  test('what the frame sends: only {type, height}, only to its parent', async () => {
    const fromFrame = await page.evaluate((origin) => window.__messages.filter((m) => m.origin === origin), site.altOrigin);
    assert.ok(fromFrame.length >= 1);
    for (const m of fromFrame) {
      assert.deepEqual(Object.keys(m.data).sort(), ['height', 'type']);
      assert.equal(m.data.type, 'gpusizer:height');
      assert.ok(Number.isInteger(m.data.height) && m.data.height > 0);
    }
  });
});

test('the listener’s origin check: heights from another origin or another window are ignored', async () => {
  const page = await site.newPage('iframe-impostors');
  // One impostor at the host's own origin, one at the calculator's origin but in another window.
  await page.goto(hostPage('host-impostors', '?lang=en&catalog=/test/frame-catalog.json', { impostors: ['/test/impostor.html', `${site.altUrl}test/impostor.html`] }));
  const frame = await frameResult(page, 'impostors');
  const height = await contentHeight(frame);
  await until(page, (h) => Math.abs(document.getElementById('gpusizer').clientHeight - h) < 1, height, 'the real height');
  await until(page, (origins) => origins.every((o) => window.__messages.some((m) => m.origin === o && m.data?.height === 7)), [site.origin, site.altOrigin], 'both impostors have posted');
  assert.ok(Math.abs((await frameHeight(page)) - height) < 1, 'the impostors’ height of 7 was not applied');
  // And the listener docs/embedding.md gives is the one tested here.
  const doc = fs.readFileSync(path.join(here, '../../docs/embedding.md'), 'utf8');
  assert.ok(doc.includes(listener.split('\n').filter((l) => !l.startsWith('//')).join('\n').trim()), 'docs/embedding.md carries fixtures/embed-host.js');
  await site.close(page);
});

test('theme: dark and an accent colour; bad values are ignored', async () => {
  const page = await site.newPage('iframe-theme');
  await page.goto(`${site.url}embed.html?theme=dark,%23f59e0b&lang=en`);
  const dark = await frameResult(page, 'dark');
  const got = await dark.evaluate(() => {
    const el = document.querySelector('gpu-sizer');
    const cs = getComputedStyle(el);
    return { theme: document.documentElement.dataset.theme, bg: cs.backgroundColor, accent: el.style.getPropertyValue('--gpu-sizer-accent'), bodyBg: getComputedStyle(document.body).backgroundColor };
  });
  assert.equal(got.theme, 'dark');
  assert.equal(got.accent, '#f59e0b');
  assert.equal(got.bg, 'rgb(15, 23, 42)');
  assert.equal(got.bodyBg, 'rgb(15, 23, 42)');
  await page.goto(`${site.url}embed.html?theme=red;}body{x&currency=EUR&lang=xx&gpu=%3Cb%3E`);
  const bad = await frameResult(page, 'bad values');
  const fallback = await bad.evaluate(() => {
    const el = document.querySelector('gpu-sizer');
    return { theme: document.documentElement.dataset.theme || null, accent: el.style.getPropertyValue('--gpu-sizer-accent'), attrs: el.getAttributeNames().filter((n) => n !== 'style') };
  });
  assert.deepEqual(fallback, { theme: null, accent: '', attrs: [] });
  await site.close(page);
});

test('a catalog on another origin is refused: a notice, the default catalog, nothing requested from it', async () => {
  const page = await site.newPage('iframe-foreign');
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`${site.url}embed.html?lang=en&catalog=${encodeURIComponent(`${site.altUrl}test/frame-catalog.json`)}`);
  const frame = await frameResult(page, 'foreign catalog');
  const got = await frame.evaluate(() => ({
    notice: document.getElementById('embed-notice').textContent,
    hidden: document.getElementById('embed-notice').hidden,
    catalogSrc: document.querySelector('gpu-sizer').catalogSrc,
    // Every offer (the comparison shows the top ten that meet the goal at first).
    offers: (() => {
      const root = document.querySelector('gpu-sizer').shadowRoot;
      if (root.querySelector('#flt-meets').checked) root.querySelector('#flt-meets').click();
      root.querySelector('.show-all').click();
      return root.querySelectorAll('table.options tbody tr[data-offer-id]').length;
    })(),
  }));
  assert.equal(got.hidden, false);
  assert.match(got.notice, /must be a URL on this page’s origin/);
  assert.equal(got.catalogSrc, '');
  assert.ok(got.offers > 10, `the default offers: ${got.offers}`);
  assert.ok(!requested.some((u) => new URL(u).pathname.endsWith('frame-catalog.json')), requested.join(', '));
  await site.close(page);
});

site.assertClean();
