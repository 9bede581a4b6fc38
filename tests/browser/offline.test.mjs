#!/usr/bin/env node
// Browser test of the one-file offline page, opened from disk in Debian Chromium.
//
//   node tests/browser/offline.test.mjs build/wasm/offline/gpusizer.html
//
// Opens FILE as file:// (no server), checks the worked example of the brief (7B params, 2T tokens,
// A100-80GB, 5 days, MFU 0.5769 → 1,081 GPUs), the options table, the explanation steps, the
// element's inline stylesheet and the language switch. Fails on any request other than the file
// itself and data:/blob: URLs, any console error, page error or CSP violation. Prints the file's
// size at the end. Exit 0 pass, 1 fail.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createReport, launchChromium, recordPageEvents } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(process.argv[2] || path.join(here, '../../build/wasm/offline/gpusizer.html'));
const TIMEOUT = 15000;

const { check, info, finish } = createReport();

if (!fs.existsSync(file)) {
  console.error(`offline.test: ${file} is missing; build it first: cmake --build --preset wasm`);
  process.exit(1);
}
const url = pathToFileURL(file).href;

const browser = await launchChromium();

const requests = [];
const consoleErrors = [];


async function waitShadow(page, fn, what) {
  try {
    const host = await page.waitForSelector('gpu-sizer', { state: 'attached', timeout: TIMEOUT });
    await page.waitForFunction(fn, host, { timeout: TIMEOUT, polling: 50 });
    return true;
  } catch (err) {
    check(false, `timed out waiting: ${what}`, String(err.message).split('\n')[0]);
    return false;
  }
}
const shadow = (page, fn) => page.locator('gpu-sizer').evaluate(fn);

try {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordPageEvents);
  context.on('request', (r) => requests.push(r.url()));

  console.log(`opening ${url}`);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`console: ${m.text()} @ ${JSON.stringify(m.location())}`);
    if (process.env.DEBUG) console.log(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await page.goto(url);

  check(await page.evaluate(() => location.protocol === 'file:' && document.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="modulepreload"], link[rel="manifest"]').length === 0),
    'the page is a file:// page with no external scripts or stylesheets');
  const first = await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, 'first result');
  check(first, 'the wasm core loads from the file and the first result is shown');

  const styling = await shadow(page, ({ shadowRoot: root }) => ({
    adopted: root.adoptedStyleSheets.length,
    rules: root.adoptedStyleSheets[0]?.cssRules.length || root.querySelector('style')?.sheet?.cssRules.length || 0,
    links: root.querySelectorAll('link').length,
    hidden: root.querySelector('.root').hidden,
    wrapOverflow: getComputedStyle(root.querySelector('.table-wrap')).overflowX,
  }));
  check(styling.links === 0 && styling.rules > 50 && !styling.hidden, 'the element styles itself from the inline CSS (no <link>) and is visible',
    `${styling.adopted} adopted sheet(s), ${styling.rules} rules`);
  check(styling.wrapOverflow === 'auto', 'gpu-sizer.css applies inside the shadow root', `.table-wrap overflow-x: ${styling.wrapOverflow}`);
  check(await page.evaluate(() => document.querySelector('gpu-sizer').shadowRoot.querySelector('.root').lang === 'en'), 'default language follows navigator.language (en)');

  // ---- the worked example ----
  const controls = page.locator('gpu-sizer form');
  await controls.locator('#f-params').fill('7B');
  await controls.locator('#f-tokens').fill('2T');
  await controls.locator('#f-gpu').selectOption('a100-80gb');
  await controls.locator('input[name="sizeBy"][value="days"]').check();
  await controls.locator('#f-days').fill('5');
  await controls.locator('#f-mfu').fill('0.5769');
  const got1081 = await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"] .value')?.textContent || '').includes('1,081'), 'summary shows 1,081 GPUs');
  const summary = await shadow(page, ({ shadowRoot: root }) =>
    Object.fromEntries([...root.querySelectorAll('.card')].map((c) => [c.dataset.key, c.querySelector('.value').textContent.trim()])),
  );
  info(`summary: ${JSON.stringify(summary)}`);
  check(got1081, 'summary shows 1,081 GPUs (7B, 2T tokens, A100-80GB, 5 days, MFU 0.5769)', summary.gpus);
  check(/8\.4\s*×\s*10\s*22/.test(summary.flops || ''), 'summary shows total compute 8.4 × 10²² FLOPs', summary.flops);

  const table = await shadow(page, ({ shadowRoot: root }) => {
    const rows = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')];
    return { rows: rows.length, recommended: rows.filter((r) => r.dataset.recommended === 'true').length };
  });
  check(table.rows > 0 && table.recommended === 1, `the options table has rows (${table.rows}), one of them recommended`);

  const steps = await shadow(page, ({ shadowRoot: root }) =>
    [...root.querySelectorAll('.steps-list > li')].map((li) => ({
      id: li.dataset.step,
      title: li.querySelector('h3')?.textContent || '',
      text: li.querySelector('p')?.textContent || '',
    })),
  );
  check(steps.length >= 5 && steps.every((s) => s.title && s.text.length > 20), 'the explanation steps are shown with title and text', steps.map((s) => s.id).join(', '));
  check(steps.some((s) => s.id === 'time' && s.text.includes('1,081')), 'the time step explains the 1,081 GPUs');
  const events = await page.evaluate(() => window.__events);
  check(events.some((e) => e.type === 'gpusizer-result' && e.ok && e.count === 1081), 'gpusizer-result events reach the page');

  // ---- the language switch ----
  await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
  const zhOk = await waitShadow(page, ({ shadowRoot: root }) => /[\u4e00-\u9fff]/.test(root.querySelector('.steps-list h3')?.textContent || ''), 'Chinese steps');
  const zh = await shadow(page, ({ shadowRoot: root }) => ({
    tokensLabel: root.querySelector('label[for="f-tokens"]').textContent,
    caption: root.querySelector('.caption-title').textContent,
    badge: root.querySelector('tr[data-recommended] .badge')?.textContent,
    gpus: root.querySelector('.card[data-key="gpus"] .value').textContent,
    lang: root.querySelector('.root').lang,
  }));
  check(zhOk && zh.tokensLabel === '训练 token 数' && zh.caption === '租用方案对比' && zh.badge === '推荐', 'the language switch shows Chinese labels, caption, steps and badge', `${zh.tokensLabel} / ${zh.caption} / ${zh.badge}`);
  check(zh.gpus.includes('1,081') && zh.lang === 'zh' && (await page.getAttribute('gpu-sizer', 'lang')) === 'zh', 'the result is kept and the lang attribute reflects the switch');
  await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
  const enOk = await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent === 'Training tokens', 'back to English');
  check(enOk, 'and back to English');

  // ---- a second page in Chinese: the default language from the browser ----
  const zhContext = await browser.newContext({ locale: 'zh-CN' });
  zhContext.on('request', (r) => requests.push(r.url()));
  const zhPage = await zhContext.newPage();
  zhPage.on('console', (m) => m.type() === 'error' && consoleErrors.push(`[zh] console: ${m.text()}`));
  zhPage.on('pageerror', (e) => consoleErrors.push(`[zh] pageerror: ${e.message}`));
  await zhPage.goto(url);
  const zhFirst = await waitShadow(zhPage, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === 'zh', 'Chinese first result');
  check(zhFirst, 'with a Chinese browser the page opens in Chinese and computes');
  await zhContext.close();

  // ---- everything observed along the way ----
  const csp = await page.evaluate(() => window.__csp);
  const others = requests.filter((u) => !/^(data|blob):/.test(u) && u !== url);
  const nonLocal = requests.filter((u) => !/^(file|data|blob):/.test(u));
  info(`requests: ${requests.length} (${requests.filter((u) => u === url).length} of the file itself, ${requests.filter((u) => /^data:/.test(u)).length} data:, ${requests.filter((u) => /^blob:/.test(u)).length} blob:)`);
  check(nonLocal.length === 0, 'no request other than file://, data: or blob:', nonLocal.slice(0, 5).join(', '));
  check(others.length === 0, 'no file but this one is requested', others.slice(0, 5).join(', '));
  check(consoleErrors.length === 0, 'no console errors or page errors', consoleErrors.slice(0, 5).join(' | '));
  check(csp.length === 0, 'no CSP violations', csp.join(' | '));
  await context.close();
} catch (err) {
  check(false, 'the test ran to the end', err && err.stack ? err.stack : String(err));
} finally {
  await browser.close();
}

const bytes = fs.readFileSync(file);
console.log(`\n${path.basename(file)}: ${(bytes.length / 1024).toFixed(1)} KB, ${(zlib.gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzipped (one file)`);
finish();
