// What the browser tests share: Debian Chromium launched the way this machine kind needs
// (docs/TOOLCHAIN.md), the site served by scripts/serve.mjs, every page watched for what must never
// happen, and the helpers that read the element's shadow root. Each test file is one feature,
// on node:test:
//
//   node tests/browser/<feature>.test.mjs [build/wasm/site]
//
// useSite() registers the file's before/after hooks; site.assertClean() adds the test every file
// ends with: no request off the test server's origin, no HTTP error, no console or page error, no
// CSP violation, in any page the file opened.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const TIMEOUT = 15000;

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

// No sandbox (root), no GPU, and none of the background connections a closed network refuses.
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

// Runs in every page before its own scripts (context.addInitScript): records CSP violations
// in window.__csp, the element's events in window.__events and the last result in
// window.__lastResult.
export const recordPageEvents = () => {
  window.__csp = [];
  window.__events = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile || ''}:${e.lineNumber || ''}`);
  });
  for (const type of ['gpusizer-result', 'gpusizer-error']) {
    document.addEventListener(type, (e) => {
      const d = e.detail || {};
      if (type === 'gpusizer-result') window.__lastResult = d;
      window.__events.push({
        type,
        composed: e.composed,
        ok: d.ok,
        count: d.result?.estimate?.count,
        path: d.error?.path,
        code: d.error?.code,
        lang: d.result?.steps?.[0]?.title,
        preset: d.request?.model?.preset,
        tokens: d.request?.training?.tokens,
      });
    });
  }
};

/**
 * The assembled site served on a free port and Chromium launched for one test file.
 * @param {{files?: object, dir?: string, altOrigin?: boolean}} options  files: virtual files for the
 *   server (serve.mjs; entries may be added once it runs); altOrigin: the same server is also
 *   reached as a second origin, http://127.0.0.1:<port>/ (site.altUrl, site.altOrigin), for pages
 *   that frame the site from another origin, and requests to it are not "off the origin"
 */
export function useSite({ files = {}, dir = process.argv[2] || path.join(here, '../../build/wasm/site'), altOrigin = false } = {}) {
  const siteDir = path.resolve(dir);
  const site = {
    siteDir,
    files,
    url: null,
    origin: null,
    altUrl: null,
    altOrigin: null,
    browser: null,
    context: null, // en-US, 1280 × 900: most pages open here
    offOrigin: [],
    httpErrors: [],
    consoleErrors: [],
    csp: [],
  };
  let server = null;
  const contexts = [];

  before(async () => {
    for (const f of ['index.html', 'demo.html', 'embed.html', 'provider.html', 'gpu-sizer.js', 'gpusizer.js', 'gpusizer.wasm', 'provider-catalog.example.json']) {
      assert.ok(fs.existsSync(path.join(siteDir, f)), `${path.join(siteDir, f)} is missing; build the site first: cmake --build --preset wasm`);
    }
    server = await startServer({ dir: siteDir, port: 0, files });
    site.url = server.url;
    site.origin = new URL(server.url).origin;
    if (altOrigin) {
      site.altUrl = `http://127.0.0.1:${new URL(server.url).port}/`;
      site.altOrigin = new URL(site.altUrl).origin;
    }
    site.browser = await launchChromium();
    site.context = await site.newContext();
  });

  after(async () => {
    await site.browser?.close();
    await server?.close();
  });

  /** A browser context whose pages record their events and are watched. */
  site.newContext = async (options = {}) => {
    const context = await site.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, ...options });
    await context.addInitScript(recordPageEvents);
    context.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(site.origin + '/') && !(site.altOrigin && url.startsWith(site.altOrigin + '/'))) site.offOrigin.push(url);
    });
    context.on('response', (r) => {
      if (r.status() >= 400) site.httpErrors.push(`${r.status()} ${r.url()}`);
    });
    contexts.push(context);
    return context;
  };

  site.newPage = async (label, context = site.context) => {
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') site.consoleErrors.push(`[${label}] console: ${m.text()} @ ${JSON.stringify(m.location())}`);
      if (process.env.DEBUG) console.log(`# [${label}] ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => site.consoleErrors.push(`[${label}] pageerror: ${e.message}`));
    return page;
  };

  /** Closes a page, keeping the CSP violations it recorded. */
  site.close = async (page) => {
    site.csp.push(...(await cspOf(page)));
    await page.close();
  };

  site.assertClean = () => {
    test('nothing went wrong along the way: no request off the origin, no HTTP, console, page or CSP error', async () => {
      const csp = [...site.csp];
      for (const context of contexts) for (const page of context.pages()) csp.push(...(await cspOf(page)));
      assert.deepEqual(site.offOrigin, [], 'a request left the test server’s origin');
      assert.deepEqual(site.httpErrors, [], 'HTTP errors (a file the pages asked for is missing)');
      assert.deepEqual(site.consoleErrors, [], 'console errors or page errors');
      assert.deepEqual(csp, [], 'CSP violations');
      assert.ok(!site.consoleErrors.some((e) => /Content Security Policy/i.test(e)));
    });
  };

  return site;
}

const cspOf = (page) => (page.isClosed() ? [] : page.evaluate(() => window.__csp || []).catch(() => []));

// Checks in the page take the element and read its shadow root: ({ shadowRoot: root }) => ...
// They are passed as functions (Playwright compiles string predicates with eval, which the
// page's CSP rightly refuses).
export function shadow(page, fn, arg) {
  return page.locator('gpu-sizer').evaluate(fn, arg);
}

/** Waits until fn(element, arg) is true (polled every 50 ms); a time-out fails the test with `what`. */
export async function waitShadow(page, fn, arg, what) {
  const deadline = Date.now() + TIMEOUT;
  let last = null;
  try {
    const host = await page.waitForSelector('gpu-sizer', { state: 'attached', timeout: TIMEOUT });
    while (Date.now() < deadline) {
      try {
        if (await host.evaluate(fn, arg)) return true;
        last = null;
      } catch (err) {
        last = err; // e.g. the element not rendered yet
      }
      await page.waitForTimeout(50);
    }
  } catch (err) {
    last = err;
  }
  assert.fail(`timed out waiting: ${what}${last ? ` — ${String(last.message).split('\n')[0]}` : ''}`);
}

export const firstResult = () => ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0;

/** Opens url and waits for the element's first result. */
export async function openWithResult(site, label, url = site.url) {
  const page = await site.newPage(label);
  await page.goto(url);
  await waitShadow(page, firstResult(), null, `${label}: first result`);
  return page;
}

// Waits until the element has stopped producing events and has no estimate on its way (its
// results are not aria-busy: a pause in typing awaited, queued, or at the core), then returns the
// last gpusizer-result detail.
export async function settled(page, quietMs = 450) {
  let n = -1;
  for (let i = 0; i < 80; i++) {
    const now = await page.evaluate(() => {
      const busy = [...document.querySelectorAll('gpu-sizer')].some((el) => el.shadowRoot?.querySelector('.results')?.getAttribute('aria-busy') === 'true');
      return busy ? -1 : window.__events.length;
    });
    if (now === n && now !== -1) break;
    n = now;
    await page.waitForTimeout(now === -1 ? 100 : quietMs);
  }
  return page.evaluate(() => window.__lastResult);
}

/** Every offer in the comparison: the "meets the goal" filter off, and all rows shown (not the top 10). */
export async function showAllOffers(page) {
  await shadow(page, ({ shadowRoot: root }) => {
    const meets = root.querySelector('#flt-meets');
    if (meets && meets.checked) meets.click();
    const more = root.querySelector('.show-all');
    if (more && !more.hidden && more.getAttribute('aria-expanded') !== 'true') more.click();
  });
}

/**
 * Waits until check(rows) is true (polled in Node), rows being the comparison's offers with every
 * offer shown (the "meets the goal" filter off, not just the top 10: showAllOffers, done again on
 * each poll as a new catalog may bring more rows): [{id, provider}]. Returns those rows.
 */
export async function waitOffers(page, check, what) {
  const deadline = Date.now() + TIMEOUT;
  let rows = null;
  let last = null;
  while (Date.now() < deadline) {
    try {
      rows = await page.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => {
        const meets = root.querySelector('#flt-meets');
        if (meets && meets.checked) meets.click();
        const more = root.querySelector('.show-all');
        if (more && !more.hidden && more.getAttribute('aria-expanded') !== 'true') more.click();
        return [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].map((r) => ({ id: r.dataset.offerId, provider: r.querySelector('.provider')?.textContent }));
      });
      if (check(rows)) return rows;
      last = null;
    } catch (err) {
      last = err;
    }
    await page.waitForTimeout(50);
  }
  assert.fail(`timed out waiting: ${what} — rows ${JSON.stringify(rows)}${last ? ` — ${String(last.message).split('\n')[0]}` : ''}`);
}

/** The summary cards' values by key. */
export const summaryValues = (page) => shadow(page, ({ shadowRoot: root }) =>
  Object.fromEntries([...root.querySelectorAll('.card')].map((c) => [c.dataset.key, c.querySelector('.value').textContent.trim()])));

// The renters' guide's worked example: 7B params, 2T tokens, A100-80GB, 5 days, MFU 180/312 → 1,081 GPUs.
export async function workedExample(page) {
  const controls = page.locator('gpu-sizer form');
  await controls.locator('#f-params').fill('7B');
  const preset = await controls.locator('#f-preset').inputValue();
  await controls.locator('#f-tokens').fill('2T');
  await controls.locator('#f-gpu').selectOption('a100-80gb');
  await controls.locator('input[name="sizeBy"][value="days"]').check();
  await controls.locator('#f-days').fill('5');
  await controls.locator('#f-mfu').fill('0.5769');
  // The card shows the recommended plan's GPUs (whole units) and the estimate's 1,081 beside them.
  await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"]')?.textContent || '').includes('1,081'), null,
    'summary shows 1,081 GPUs (7B, 2T tokens, A100-80GB, 5 days, MFU 0.5769)');
  return { presetAfterParams: preset };
}

// Rental matching: 70B, 2T tokens, a 30-day deadline, the calibrated MFU; returns the settled result.
export async function seventyB(page) {
  const controls = page.locator('gpu-sizer form');
  await controls.locator('#f-mfu').fill('');
  await controls.locator('#f-preset').selectOption('llama-2-70b');
  await controls.locator('#f-tokens').fill('2T');
  await controls.locator('input[name="sizeBy"][value="days"]').check();
  await controls.locator('#f-days').fill('30');
  await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('8.89'), null, '70B result');
  return settled(page);
}

/** Every named control of the form (radio groups by their checked value) and the GPU count shown. */
export const formState = (page) => shadow(page, ({ shadowRoot: root }) => {
  const out = {};
  for (const el of root.querySelector('form').elements) {
    if (!el.name) continue;
    if (el.type === 'radio') { if (el.checked) out[el.name] = el.value; } else out[el.name] = el.type === 'checkbox' ? el.checked : el.value;
  }
  out.summaryGpus = root.querySelector('.card[data-key="gpus"] .value')?.textContent;
  return out;
});

/** JSON with object keys sorted: equal values compare equal whatever their key order. */
export const canonical = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

const axeSource = () => fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the page: fails on serious or critical violations, notes the others. */
export async function runAxe(t, page, label) {
  await page.evaluate(axeSource());
  // preload: false — axe's CSSOM preload copies stylesheets into <style> elements, which the
  // page's CSP (rightly) refuses; only the css-orientation-lock rule needs it.
  const res = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'], preload: false });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  const bad = res.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of res.filter((x) => !bad.includes(x))) t.diagnostic(`axe ${v.impact}: ${v.id} — ${v.help}`);
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`), [], `axe-core: serious/critical violations (${label})`);
}
