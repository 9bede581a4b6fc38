// The first answer the site's build computed (scripts/prerender.mjs, sizer/first.js): the page as
// it opens shows its result and its offer rows before the core has arrived (the wasm held back
// here), and what it shows is what the core's own answer then shows, to the pixel; a share link,
// a provider catalog or a request of the element's own (another preset) are answered by the core
// alone. What is checked is which answer shows and that the two screens are equal, never a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, waitShadow, shadow, settled } from './harness.mjs';

const site = useSite({
  files: {
    '/catalog-src.html': {
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><script type="module" src="gpu-sizer.js"></script></head>'
        + '<body><gpu-sizer catalog-src="provider-catalog.example.json"></gpu-sizer></body></html>',
    },
    '/preset.html': {
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><script type="module" src="gpu-sizer.js"></script></head>'
        + '<body><gpu-sizer preset="llama-2-13b"></gpu-sizer></body></html>',
    },
  },
});

// Before the page's scripts: whether gpusizer-result had been sent when the first offer rows showed.
const watchRows = () => {
  window.__rowsAt = null;
  const look = () => {
    const root = document.querySelector('gpu-sizer')?.shadowRoot;
    if (root && root.querySelector('tbody tr[data-offer-id]')) {
      window.__rowsAt = { events: window.__events.length, busy: root.querySelector('.results').getAttribute('aria-busy') };
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

/** A page whose wasm is held back until release() is called; firstRequests: what it asked of first/. */
async function openHeld(label, { locale = 'en-US', url = site.url } = {}) {
  const context = await site.newContext({ locale });
  await context.addInitScript(watchRows);
  const firstRequests = [];
  context.on('request', (r) => {
    // (not the service worker's precache, which the first result starts)
    if (!r.serviceWorker() && new URL(r.url()).pathname.startsWith('/first/')) firstRequests.push(new URL(r.url()).pathname);
  });
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await context.route('**/gpusizer.wasm', async (route) => {
    await held;
    await route.continue();
  });
  const page = await site.newPage(label, context);
  await page.goto(url);
  return { page, context, release, firstRequests };
}

// What a reader sees of the element: its text as laid out, its markup (aria-busy aside: it says
// only that the core's answer is still to come) and its pixels.
// The pixels first: the screenshot lays out the sections below the fold (content-visibility:
// auto), whose text innerText leaves out until they are.
// A page's first screenshot may still differ from the next (it lays out what was skipped): shots
// are taken until two in a row are equal.
const screen = async (page) => {
  const shot = async () => (await page.locator('gpu-sizer').screenshot({ animations: 'disabled', caret: 'hide' })).toString('base64');
  let pixels = await shot();
  for (let i = 0, next; i < 5 && (next = await shot()) !== pixels; i++) pixels = next;
  return {
    pixels,
    text: await shadow(page, ({ shadowRoot: root }) => root.querySelector('.root').innerText),
    html: await shadow(page, ({ shadowRoot: root }) => root.querySelector('.root').innerHTML.replace(/ aria-busy="true"| style=""/g, '')),
  };
};

for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']]) {
  test(`${lang}: the build's answer shows its rows before the core is in, and equals the core's answer when it is`, async () => {
    const { page, context, release, firstRequests } = await openHeld(`prerender ${lang}`, { locale });
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0
      && !root.querySelector('.results').hasAttribute('data-first'), null, 'the build’s rows, with the wasm held back');
    const rowsAt = await page.evaluate(() => window.__rowsAt);
    assert.equal(rowsAt.events, 0, 'no gpusizer-result before the core has answered');
    assert.equal(rowsAt.busy, 'true', 'aria-busy until the core’s answer is in');
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('.root').lang), lang);
    assert.ok(firstRequests.some((p) => p.startsWith(`/first/${lang}-`)), firstRequests.join(', '));
    await page.waitForTimeout(300); // (not a time asserted: the frames after the rows settle)
    const before = await screen(page);
    release();
    const last = await settled(page);
    assert.equal(last?.ok, true, 'the core answered');
    assert.equal(last.request.lang, lang);
    const after = await screen(page);
    if (after.text !== before.text) {
      const a = after.text.split('\n');
      const b = before.text.split('\n');
      const i = a.findIndex((line, k) => line !== b[k]);
      assert.fail(`the text differs from line ${i}: ${JSON.stringify(b.slice(i, i + 4))} then ${JSON.stringify(a.slice(i, i + 4))}`);
    }
    assert.equal(after.html, before.html, 'the same markup');
    assert.ok(after.pixels === before.pixels, 'the same pixels');
    await context.close();
  });
}

test('a share link is answered by the core alone: no first answer is fetched, and its request is what shows', async () => {
  const request = { schemaVersion: 1, model: { preset: 'llama-2-13b' }, training: { tokens: '1T' }, hardware: { gpu: 'a100-80gb' }, goal: { currency: 'USD', days: '30' } };
  const hash = Buffer.from(JSON.stringify(request)).toString('base64url');
  const { page, context, release, firstRequests } = await openHeld('share link', { url: `${site.url}#r=${hash}` });
  release();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'rows');
  const rowsAt = await page.evaluate(() => window.__rowsAt);
  assert.ok(rowsAt.events > 0, `the rows came with the core’s answer: ${JSON.stringify(rowsAt)}`);
  const last = await settled(page);
  assert.equal(last.request.model.preset, 'llama-2-13b');
  assert.deepEqual(firstRequests, [], `no first answer asked for: ${firstRequests.join(', ')}`);
  await context.close();
});

test('a provider catalog (catalog-src) is answered by the core alone', async () => {
  const { page, context, release, firstRequests } = await openHeld('catalog-src', { url: `${site.url}catalog-src.html` });
  release();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'rows');
  const rowsAt = await page.evaluate(() => window.__rowsAt);
  assert.ok(rowsAt?.events > 0, `the rows came with the core’s answer: ${JSON.stringify(rowsAt)}`);
  const last = await settled(page);
  assert.ok(last.request.catalog, 'the provider’s catalog was sent');
  assert.deepEqual(firstRequests, []);
  await context.close();
});

test('an element whose request is not the default one (preset attribute) waits for the core', async () => {
  const { page, context, release } = await openHeld('preset', { url: `${site.url}preset.html` });
  release();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'rows');
  assert.ok((await page.evaluate(() => window.__rowsAt)).events > 0, 'the rows came with the core’s answer');
  const last = await settled(page);
  assert.equal(last.request.model.preset, 'llama-2-13b');
  await context.close();
});

test('an edit made while the build’s answer shows is answered by the core once it is in', async () => {
  const { page, context, release } = await openHeld('edit early');
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'the build’s rows');
  await page.locator('gpu-sizer #f-tokens').fill('1T');
  release();
  await page.waitForFunction(() => window.__lastResult?.request?.training?.tokens === '1T', null, { timeout: 15000 });
  const last = await settled(page);
  assert.equal(last.request.training.tokens, '1T');
  assert.equal(await page.evaluate(() => window.__events.filter((e) => e.type === 'gpusizer-result').length), 1, 'one answer: the edit’s');
  await context.close();
});

site.assertClean();
