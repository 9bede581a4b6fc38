#!/usr/bin/env node
// Browser test of the assembled site in Debian Chromium, under the strict CSP.
//
//   node tests/browser/page.test.mjs build/wasm/site
//
// Serves DIR with scripts/serve.mjs, drives the page with playwright-core, and checks the worked
// example of the brief (7B params, 2T tokens, A100-80GB, 5 days, MFU 180/312 → 1,081 GPUs), the
// language switch, an error shown next to its field, the rental matching of a 70B run (cost/time
// chart and frontier, cheapest/fastest badges, expandable rows with unit prices and the trial
// plan, advice, the Layout card, budget without a deadline), the embedding demo with a provider
// catalog, the layout at 360 px, share links (the request in the URL fragment, element.request
// with its fallbacks, a garbage fragment, the Copy link button and its fallback), and axe-core. Fails on any request off the test server's origin, any
// console error, page error, CSP violation or HTTP error. Exit 0 pass, 1 fail.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createReport, launchChromium, recordPageEvents } from './harness.mjs';
import { startServer } from '../../scripts/serve.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(process.argv[2] || path.join(here, '../../build/wasm/site'));
const TIMEOUT = 15000;

const { check, info, finish } = createReport();

for (const f of ['index.html', 'embed.html', 'gpu-sizer.js', 'gpusizer.js', 'gpusizer.wasm', 'provider-catalog.example.json']) {
  if (!fs.existsSync(path.join(siteDir, f))) {
    console.error(`page.test: ${path.join(siteDir, f)} is missing; build the site first: cmake --build --preset wasm`);
    process.exit(1);
  }
}

const server = await startServer({ dir: siteDir, port: 0 });
const origin = new URL(server.url).origin;
const browser = await launchChromium();

const offOrigin = [];
const httpErrors = [];
const consoleErrors = [];
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');


async function newPage(context, label) {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`[${label}] console: ${m.text()} @ ${JSON.stringify(m.location())}`);
    if (process.env.DEBUG) console.log(`[${label}] ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`[${label}] pageerror: ${e.message}`));
  return page;
}

// Checks in the page take the element and read its shadow root: ({ shadowRoot: root }) => ...
// They are passed as functions (Playwright compiles string predicates with eval, which the
// page's CSP rightly refuses).
function shadow(page, fn, arg) {
  return page.locator('gpu-sizer').evaluate(fn, arg);
}

async function waitShadow(page, fn, arg, what) {
  try {
    const host = await page.waitForSelector('gpu-sizer', { state: 'attached', timeout: TIMEOUT });
    await page.waitForFunction(fn, host, { timeout: TIMEOUT, polling: 50 });
    return true;
  } catch (err) {
    check(false, `timed out waiting: ${what}`, String(err.message).split('\n')[0]);
    return false;
  }
}

// Waits until the element has stopped producing events (the form debounces typing), then
// returns the last gpusizer-result detail.
async function settled(page, quietMs = 450) {
  let n = -1;
  for (let i = 0; i < 40; i++) {
    const now = await page.evaluate(() => window.__events.length);
    if (now === n) break;
    n = now;
    await page.waitForTimeout(quietMs);
  }
  return page.evaluate(() => window.__lastResult);
}

async function runAxe(page, label) {
  await page.evaluate(axeSource);
  // preload: false — axe's CSSOM preload copies stylesheets into <style> elements, which the
  // page's CSP (rightly) refuses; only the css-orientation-lock rule needs it.
  const res = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'], preload: false });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  const bad = res.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(bad.length === 0, `axe-core: no serious/critical violations (${label})`, bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`).join('; '));
  for (const v of res.filter((x) => !bad.includes(x))) info(`axe ${v.impact}: ${v.id} — ${v.help}`);
}

try {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordPageEvents);
  context.on('request', (r) => {
    if (!r.url().startsWith(origin + '/')) offOrigin.push(r.url());
  });
  context.on('response', (r) => {
    if (r.status() >= 400) httpErrors.push(`${r.status()} ${r.url()}`);
  });

  // ---- the page, in English (navigator.language en-US) ----
  console.log(`site ${siteDir} served at ${server.url}`);
  const page = await newPage(context, 'index');
  const response = await page.goto(server.url);
  check((response.headers()['content-security-policy'] || '').includes("script-src 'self' 'wasm-unsafe-eval'"), 'the page is served with the strict CSP header');
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  check(await page.evaluate(() => document.querySelector('gpu-sizer').shadowRoot.querySelector('.root').lang === 'en'), 'default language follows navigator.language (en)');

  const controls = page.locator('gpu-sizer form');
  await controls.locator('#f-params').fill('7B');
  check((await controls.locator('#f-preset').inputValue()) === 'custom', 'typing a parameter count switches the preset to custom');
  await controls.locator('#f-tokens').fill('2T');
  await controls.locator('#f-gpu').selectOption('a100-80gb');
  await controls.locator('input[name="sizeBy"][value="days"]').check();
  await controls.locator('#f-days').fill('5');
  await controls.locator('#f-mfu').fill('0.5769');
  const got1081 = await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"] .value')?.textContent || '').includes('1,081'), null, 'summary shows 1,081 GPUs');
  const gpusText = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"]').textContent);
  check(got1081, 'summary shows about 1,081 GPUs (7B, 2T tokens, A100-80GB, 5 days, MFU 0.5769)', gpusText.trim());
  const summary = await shadow(page, ({ shadowRoot: root }) =>
    Object.fromEntries([...root.querySelectorAll('.card')].map((c) => [c.dataset.key, c.querySelector('.value').textContent.trim()])),
  );
  info(`summary: ${JSON.stringify(summary)}`);
  check(/8\.4\s*×\s*10\s*22/.test(summary.flops), 'summary shows total compute 8.4 × 10²² FLOPs', summary.flops);
  check(/\d/.test(summary.cost || ''), 'summary shows the recommended offer’s cost', summary.cost);

  const table = await shadow(page, ({ shadowRoot: root }) => {
    const rows = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')];
    const rec = rows.filter((r) => r.dataset.recommended === 'true');
    return {
      caption: root.querySelector('table.options caption')?.textContent.trim(),
      rows: rows.length,
      headers: [...root.querySelectorAll('table.options thead th[scope="col"]')].length,
      recommended: rec.length,
      badge: rec[0]?.querySelector('.badge')?.textContent,
      recommendedFirst: rows[0]?.dataset.recommended === 'true',
      muted: rows.filter((r) => r.classList.contains('muted')).length,
      cells: rows[0] ? [...rows[0].children].map((c) => c.innerText.trim().replace(/\s*\n\s*/g, ' / ')) : [],
    };
  });
  check(table.rows > 0 && table.headers >= 10, `the comparison table has rows (${table.rows}) and column headers (${table.headers}) and a caption`, table.caption);
  check(table.recommended === 1 && table.badge === 'Recommended', 'exactly one row is marked recommended, with its badge', `${table.recommended} / ${table.badge}`);
  info(`recommended row: ${table.cells.join(' | ')}`);
  info(`muted (infeasible) rows: ${table.muted}`);

  // Sorting is presentation: sort by days, then back.
  await page.locator('gpu-sizer th[data-key="days"] button').click();
  const sorted = await shadow(page, ({ shadowRoot: root }) => ({
    sort: root.querySelector('th[data-key="days"]').getAttribute('aria-sort'),
    rows: root.querySelectorAll('table.options tbody tr[data-offer-id]').length,
  }));
  check(sorted.sort === 'ascending' && sorted.rows === table.rows, 'clicking a column heading sorts (aria-sort) and keeps every row');

  const steps = await shadow(page, ({ shadowRoot: root }) =>
    [...root.querySelectorAll('.steps-list > li')].map((li) => ({
      id: li.dataset.step,
      title: li.querySelector('h3')?.textContent || '',
      text: li.querySelector('p')?.textContent || '',
    })),
  );
  check(
    steps.length === 5 && steps.every((s) => s.title.length > 0 && s.text.length > 20),
    'all 5 explanation steps are shown with title and text',
    steps.map((s) => s.id).join(', '),
  );
  check(steps.some((s) => s.id === 'time' && s.text.includes('1,081')), 'the time step explains the 1,081 GPUs');

  const events = await page.evaluate(() => window.__events);
  const lastResult = events.filter((e) => e.type === 'gpusizer-result').pop();
  check(lastResult && lastResult.ok === true && lastResult.composed === true && lastResult.count === 1081, 'gpusizer-result events bubble out of the shadow root with the parsed response');
  const reqs = await page.evaluate(() => ({ detail: window.__lastResult.request, prop: document.querySelector('gpu-sizer').request }));
  check(reqs.detail?.model?.params === '7B' && reqs.detail?.training?.tokens === '2T' && reqs.detail?.goal?.days === '5' && reqs.detail?.efficiency?.mfu === '0.5769' && reqs.detail?.lang === 'en'
    && JSON.stringify(reqs.prop) === JSON.stringify(reqs.detail),
  'the result’s detail.request is what the form sent, and the element’s request property returns the same', JSON.stringify(reqs.detail));

  // ---- timing: the core alone, and the element's update ----
  const timing = await page.evaluate(async (base) => {
    const engine = await import(new URL('sizer/engine.js', base).href);
    const request = {
      schemaVersion: 1, lang: 'en', model: { params: '7B' }, training: { tokens: '2T' },
      hardware: { gpu: 'a100-80gb' }, goal: { days: 5 }, efficiency: { mfu: 0.5769 },
    };
    const times = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await engine.estimate(request);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const m = (name) => performance.getEntriesByName(name).pop()?.duration;
    return { median: times[15], p90: times[27], max: times[29], estimate: m('gpusizer:estimate'), render: m('gpusizer:render') };
  }, server.url);
  info(`estimate in the page (performance.now, 30 runs): median ${timing.median.toFixed(1)} ms, p90 ${timing.p90.toFixed(1)} ms, max ${timing.max.toFixed(1)} ms`);
  info(`element's last update: estimate ${timing.estimate?.toFixed(1)} ms + render ${timing.render?.toFixed(1)} ms`);
  check(timing.median < 100, 'an estimate takes well under 100 ms in the page');

  // Typing: long tasks while typing a value key by key.
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  const t0 = Date.now();
  await controls.locator('#f-tokens').fill('');
  await controls.locator('#f-tokens').pressSequentially('1.5T', { delay: 60 });
  await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('6.3'), null, 'update after typing 1.5T');
  const longTasks = await page.evaluate(() => window.__long);
  info(`typing "1.5T" key by key (60 ms apart) to updated result: ${Date.now() - t0} ms; long tasks (>50 ms): ${longTasks.length ? longTasks.map((d) => d.toFixed(0) + ' ms').join(', ') : 'none'}`);
  check(longTasks.every((d) => d < 200), 'typing stays smooth (no task over 200 ms)');
  await controls.locator('#f-tokens').fill('2T');
  await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"] .value')?.textContent || '').includes('1,081'), null, 'back to 2T');

  await runAxe(page, 'index, English');

  // ---- switch to Chinese ----
  await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
  const zhOk = await waitShadow(page, ({ shadowRoot: root }) => /[\u4e00-\u9fff]/.test(root.querySelector('.steps-list h3')?.textContent || ''), null, 'Chinese steps');
  const zh = await shadow(page, ({ shadowRoot: root }) => ({
    tokensLabel: root.querySelector('label[for="f-tokens"]').textContent,
    caption: root.querySelector('.caption-title').textContent,
    step: root.querySelector('.steps-list li[data-step="flops"]')?.textContent || '',
    badge: root.querySelector('tr[data-recommended] .badge')?.textContent,
    gpus: root.querySelector('.card[data-key="gpus"] .value').textContent,
    lang: root.querySelector('.root').lang,
  }));
  check(zhOk && zh.tokensLabel === '训练 token 数' && zh.caption === '租用方案对比', 'the language switch shows Chinese labels', `${zh.tokensLabel} / ${zh.caption}`);
  check(/[\u4e00-\u9fff]/.test(zh.step) && zh.badge === '推荐', 'the steps and the badge are in Chinese', zh.step.slice(0, 60));
  check(zh.gpus.includes('1,081') && (await page.getAttribute('gpu-sizer', 'lang')) === 'zh' && zh.lang === 'zh', 'the result is kept and the element’s lang attribute reflects the switch');
  await runAxe(page, 'index, 中文');
  await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent === 'Training tokens', null, 'back to English');
  check(true, 'switched back to English');

  // ---- a bad token count ----
  await controls.locator('#f-tokens').fill('abc');
  const errShown = await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-tokens').getAttribute('aria-invalid') === 'true', null, 'tokens aria-invalid');
  const err = await shadow(page, ({ shadowRoot: root }) => {
    const input = root.querySelector('#f-tokens');
    const field = input.closest('.field');
    const msg = field.querySelector('.error');
    return {
      message: msg.textContent,
      describedBy: input.getAttribute('aria-describedby') || '',
      msgId: msg.id,
      sameField: field.dataset.field,
      others: [...root.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id),
      stale: root.querySelector('.summary').hasAttribute('data-stale'),
    };
  });
  check(errShown && err.sameField === 'tokens' && err.message.length > 0 && err.describedBy.includes(err.msgId), 'a bad token count ("abc") shows the core’s error next to the tokens field, with aria-invalid and aria-describedby', err.message);
  check(err.others.length === 1 && err.stale, 'only the tokens field is invalid, and the old result is marked out of date');
  const errEvent = (await page.evaluate(() => window.__events)).filter((e) => e.type === 'gpusizer-error').pop();
  check(errEvent && errEvent.path === '/training/tokens', 'a gpusizer-error event carries the error path', errEvent?.path);
  check(errEvent && errEvent.tokens === 'abc', 'a gpusizer-error event carries the request that produced it (detail.request)', errEvent?.tokens);
  await controls.locator('#f-tokens').fill('2T');
  await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('#f-tokens').hasAttribute('aria-invalid'), null, 'error cleared');
  check(true, 'correcting the field clears the error');

  // ---- sizing by GPU count instead of a deadline ----
  await page.locator('gpu-sizer .size-by label', { hasText: 'GPUs' }).click();
  await controls.locator('#f-count').fill('64');
  const byCount = await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent === '64' && root.querySelector('[data-field="days"]').hidden, null, 'count mode');
  check(byCount, 'sizing by GPU count: 64 GPUs asked, 64 shown, the deadline field hidden');
  await page.locator('gpu-sizer .size-by label', { hasText: 'Days' }).click();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent === '1,081', null, 'back to the deadline');

  // ---- rental matching: 70B, 2T tokens, a 30-day deadline ----
  await controls.locator('#f-mfu').fill('');
  await controls.locator('#f-preset').selectOption('llama-2-70b');
  await controls.locator('#f-tokens').fill('2T');
  await controls.locator('#f-days').fill('30');
  await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('8.89'), null, '70B result');
  const r70 = await settled(page);
  const res70 = r70?.result || {};
  const choices = res70.choices || {};
  const frontier = res70.frontier || [];
  info(`70B/2T/30 d: choices ${JSON.stringify(choices)}; frontier ${frontier.join(' → ')}`);
  check(r70?.ok === true && res70.model?.preset === 'llama-2-70b' && choices.cheapest && choices.fastest && frontier.length >= 2, 'the 70B response carries choices and a frontier (read from the gpusizer-result detail)');

  const summary70 = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpuHours"] .value').textContent);
  check(/\(.+–.+\)/.test(summary70), 'the GPU-hours card shows the spread of published runs beside the estimate', summary70);

  const chart = await shadow(page, ({ shadowRoot: root }) => {
    const svg = root.querySelector('[part="chart"] svg.plot');
    const pts = [...(svg?.querySelectorAll('.pt') || [])];
    return {
      points: pts.length,
      frontier: pts.filter((p) => p.classList.contains('frontier')).map((p) => p.dataset.offerId),
      line: svg?.querySelector('polyline.frontier-line')?.getAttribute('points')?.split(' ').length || 0,
      labels: [...(svg?.querySelectorAll('.pt-label') || [])].map((t) => t.textContent),
      ticks: svg?.querySelectorAll('.tick').length || 0,
      named: pts.every((p) => (p.getAttribute('aria-label') || '').length > 10 && p.getAttribute('tabindex') === '0'),
    };
  });
  const usable = (res70.options || []).filter((o) => o.fits && o.meetsGoal && o.cost);
  const frontierShown = frontier.filter((id) => usable.some((o) => o.offerId === id));
  check(chart.points >= 3 && chart.points === usable.length, `the chart plots every usable option (${chart.points} points)`);
  check(chart.frontier.length >= 2 && JSON.stringify([...chart.frontier].sort()) === JSON.stringify([...frontierShown].sort()) && chart.line === frontierShown.length,
    'the frontier points are highlighted and joined by a line in the core’s order', chart.frontier.join(', '));
  const labelText = chart.labels.join(' | ');
  check(/Recommended/.test(labelText) && /Cheapest/.test(labelText) && /Fastest/.test(labelText) && chart.ticks >= 6 && chart.named,
    'the chart labels recommended, cheapest and fastest, has axis ticks, and every point is focusable with a name', labelText);

  const badges = await shadow(page, ({ shadowRoot: root }, ch) => {
    const rowOf = (key) => [...root.querySelectorAll(`table.options tbody tr[data-${key}]`)];
    const c = rowOf('cheapest');
    const f = rowOf('fastest');
    return {
      cheapest: c.map((r) => r.dataset.offerId),
      fastest: f.map((r) => r.dataset.offerId),
      cheapestBadge: c[0]?.querySelector('.badge[data-badge="cheapest"]')?.textContent,
      fastestBadge: f[0]?.querySelector('.badge[data-badge="fastest"]')?.textContent,
      headers: [...root.querySelectorAll('table.options thead th')].map((th) => th.dataset.key),
      recommendedBadge: root.querySelector('tr[data-recommended] .badge[data-badge="recommended"]')?.textContent,
    };
  }, choices);
  check(badges.cheapest.length === 1 && badges.cheapest[0] === choices.cheapest && badges.cheapestBadge === 'Cheapest', 'the Cheapest badge is on the row named by result.choices.cheapest', badges.cheapest.join());
  check(badges.fastest.length === 1 && badges.fastest[0] === choices.fastest && badges.fastestBadge === 'Fastest', 'the Fastest badge is on the row named by result.choices.fastest', badges.fastest.join());
  check(badges.recommendedBadge === 'Recommended', 'the recommended row keeps its primary badge');
  check(['costPerB', 'priceDate', 'deployment', 'isolation'].every((k) => badges.headers.includes(k)), 'the table has cost per billion tokens, price date, deployment and isolation columns', badges.headers.join(', '));
  const cells = await shadow(page, ({ shadowRoot: root }, id) => {
    const row = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].find((r) => r.dataset.offerId === id);
    const cell = (k) => row.children[[...root.querySelectorAll('table.options thead th')].findIndex((th) => th.dataset.key === k)]?.textContent || '';
    return { costPerB: cell('costPerB'), date: cell('priceDate'), dep: cell('deployment'), iso: cell('isolation') };
  }, choices.cheapest);
  info(`cheapest row: ${JSON.stringify(cells)}`);
  check(/\d/.test(cells.costPerB) && /days old/.test(cells.date) && /(Local DC|Cloud)/.test(cells.dep) && /(Private|Shared)/.test(cells.iso), 'its cells show cost per 1B tokens, price date with age, deployment and isolation');
  const dated = res70.options.find((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.priceDate || '') && typeof o.priceAgeDays === 'number');
  const expectedAge = dated && Math.round((new Date(new Date().toDateString()) - new Date(dated.priceDate + 'T00:00:00')) / 86400000);
  check(dated && Math.abs(dated.priceAgeDays - expectedAge) <= 1, 'price ages are counted to today (goal.asOf from the browser clock)', dated && `${dated.offerId} ${dated.priceDate}: ${dated.priceAgeDays} vs ${expectedAge}`);

  // The chart's point for the fastest offer: focus shows the tooltip, Enter finds the table row.
  const fastPoint = page.locator(`gpu-sizer svg.plot .pt[data-offer-id="${choices.fastest}"]`);
  await fastPoint.focus();
  const tip = await shadow(page, ({ shadowRoot: root }) => { const t = root.querySelector('.chart .tip'); return t.hidden ? '' : t.textContent; });
  await fastPoint.press('Enter');
  await page.waitForTimeout(600);
  const hl = await shadow(page, ({ shadowRoot: root }) => {
    const rows = [...root.querySelectorAll('tr[data-highlight]')];
    const wrap = root.querySelector('.table-wrap').getBoundingClientRect();
    const r = rows[0]?.getBoundingClientRect();
    return { ids: rows.map((x) => x.dataset.offerId), visible: !!r && r.top >= wrap.top - 1 && r.bottom <= wrap.bottom + 1 && r.top < innerHeight && r.bottom > 0, focus: root.activeElement?.closest('tr')?.dataset.offerId };
  });
  check(tip.length > 0, 'focusing a chart point shows the offer in a tooltip', tip.slice(0, 80));
  check(hl.ids.length === 1 && hl.ids[0] === choices.fastest && hl.visible && hl.focus === choices.fastest, 'activating a chart point scrolls to and highlights its table row', JSON.stringify(hl));

  // Expanding a row: unit prices, terms, interconnect, layout, source.
  const cheapRow = page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${choices.cheapest}"]`);
  await cheapRow.locator('button.expand').click();
  const det = await shadow(page, ({ shadowRoot: root }, id) => {
    const row = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].find((r) => r.dataset.offerId === id);
    const btn = row.querySelector('button.expand');
    const detail = root.getElementById(btn.getAttribute('aria-controls'));
    const item = (k) => detail?.querySelector(`[data-item="${k}"]`)?.textContent || '';
    return { expanded: btn.getAttribute('aria-expanded'), shown: !!detail && !detail.hidden && detail.previousElementSibling === row, prices: item('unitPrices'), minTerm: item('minTerm'), ic: item('interconnect'), par: item('parallelism'), src: item('source') };
  }, choices.cheapest);
  info(`expanded ${choices.cheapest}: ${det.prices} | ${det.ic} | ${det.par}`);
  check(det.expanded === 'true' && det.shown, 'a row’s toggle (aria-expanded) opens the detail row right after it');
  check(/\d/.test(det.prices) && /(hour|month|day|year)/.test(det.prices) && det.minTerm && det.ic && /tp \d+/.test(det.par) && det.src, 'the detail row shows unit prices per period, minimum term, interconnect, parallelism and source');

  // ---- the advice panel and the Layout card ----
  const adv = await shadow(page, ({ shadowRoot: root }) => ({
    hidden: root.querySelector('[part="advice"]').hidden,
    tier: root.querySelector('.advice .tier')?.textContent,
    suggestion: root.querySelector('.advice .suggestion')?.textContent,
    mark: root.querySelector('.advice .mark')?.textContent,
    agrees: root.querySelector('.advice .rule')?.dataset.agrees,
    message: root.querySelector('.advice .rule-msg')?.textContent,
    notes: [...root.querySelectorAll('.advice .notes li')].map((li) => li.dataset.code),
  }));
  const rot = res70.advice?.ruleOfThumb || {};
  check(!adv.hidden && adv.tier === rot.tier && adv.suggestion === rot.suggestion && adv.message === rot.message && adv.agrees === String(rot.agrees) && /(agrees|differs)/.test(adv.mark || ''),
    'the advice panel shows the rule-of-thumb tier, suggestion, an agree/disagree marker and the message', `${adv.tier}: ${adv.suggestion} — ${adv.mark}`);
  check(JSON.stringify(adv.notes) === JSON.stringify((res70.advice?.notes || []).map((n) => n.code)), 'the advice notes are listed', adv.notes.join(', '));
  const lay = await shadow(page, ({ shadowRoot: root }) => ({
    hidden: root.querySelector('[part="layout"]').hidden,
    chips: Object.fromEntries([...root.querySelectorAll('.layout .chip')].map((c) => [c.dataset.par, c.querySelector('b').textContent])),
    segs: root.querySelectorAll('.layout svg.bar rect.seg').length,
    widths: [...root.querySelectorAll('.layout svg.bar rect.seg')].map((r) => Number(r.getAttribute('width'))),
    legend: root.querySelectorAll('.layout .legend li').length,
    facts: root.querySelector('.layout .facts')?.textContent || '',
  }));
  const par = res70.estimate?.parallelism || {};
  check(!lay.hidden && ['tp', 'pp', 'dp'].every((k) => lay.chips[k] === String(par[k]).replace(/\B(?=(\d{3})+(?!\d))/g, ',')), 'the Layout card shows the chosen tp/pp/dp', JSON.stringify(lay.chips));
  check(lay.segs >= 2 && lay.legend === lay.segs && lay.widths.every((w) => w >= 0) && /steady MFU/.test(lay.facts) && /tokens\/s/.test(lay.facts), 'the Layout card draws the iteration-time breakdown as a stacked bar with a legend, and shows throughput and steady → whole-run MFU', `${lay.segs} segments`);

  // ---- the trial-week plan (70B QLoRA on 1B tokens: hourly + monthly offers are usable) ----
  await controls.locator('#f-mode').selectOption('qlora');
  await controls.locator('#f-tokens').fill('1B');
  await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('10'), null, 'QLoRA result');
  const rq = await settled(page);
  const trialOpt = (rq?.result?.options || []).find((o) => o.cost?.trialThenMonthly);
  if (check(!!trialOpt, 'the QLoRA response has an offer with a trial-then-monthly plan', trialOpt?.offerId)) {
    await page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${trialOpt.offerId}"] button.expand`).click();
    const trial = await shadow(page, ({ shadowRoot: root }, id) => {
      const row = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].find((r) => r.dataset.offerId === id);
      const detail = root.getElementById(row.querySelector('button.expand').getAttribute('aria-controls'));
      const item = (k) => detail?.querySelector(`[data-item="${k}"]`)?.textContent || '';
      return { prices: item('unitPrices'), trial: item('trialPlan'), breakEven: item('breakEven'), storage: item('storage') };
    }, trialOpt.offerId);
    info(`expanded ${trialOpt.offerId}: ${trial.prices} | ${trial.trial} | ${trial.breakEven}`);
    check(/hour/.test(trial.prices) && /month/.test(trial.prices), 'its unit prices list the hourly and monthly price');
    check(/cheapest mix/.test(trial.trial) && /\$[\d,.]+/.test(trial.trial) && /h\/month/.test(trial.breakEven), 'the trial week then monthly plan is shown with its amount against the cheapest mix, and the break-even hours', trial.trial);
  }
  await controls.locator('#f-mode').selectOption('pretrain');
  await controls.locator('#f-tokens').fill('2T');

  // ---- sensitive data and the exchange rate ----
  const fxPlaceholder = await controls.locator('#f-usdCny').getAttribute('placeholder');
  check(/^\d+(\.\d+)? \(\d{4}-\d{2}-\d{2}\)$/.test(fxPlaceholder || ''), 'the exchange-rate field shows the catalog’s dated rate as its placeholder', fxPlaceholder);
  await controls.locator('#f-sensitiveData').check();
  await controls.locator('#f-usdCny').fill('7.5');
  await waitShadow(page, ({ shadowRoot: root }) => !!root.querySelector('.advice .notes li[data-code="sensitive_data"]'), null, 'sensitive-data note');
  const rs = await settled(page);
  const meta = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.meta[part="meta"]').textContent);
  check(rs?.result?.usdCny === 7.5 && meta.includes('7.5'), 'a typed exchange rate is sent as goal.usdCny', meta);
  check((rs?.result?.advice?.notes || []).some((n) => n.code === 'sensitive_data'), '“Sensitive data” sends goal.sensitiveData and the advice shows the note');
  await controls.locator('#f-sensitiveData').uncheck();
  await controls.locator('#f-usdCny').fill('');

  // ---- no deadline: the core assumes 30 days and says so; a budget asks for the fastest plan ----
  await controls.locator('#f-days').fill('');
  const defaultWarn = await waitShadow(page, ({ shadowRoot: root }) => !!root.querySelector('.warnings li[data-code="default_deadline"]'), null, 'default deadline warning');
  check(defaultWarn, 'with neither deadline, count nor budget, the core’s 30-day assumption shows as a warning');
  await controls.locator('#f-budget').fill('3000000');
  await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('.warnings li[data-code="default_deadline"]'), null, 'budget run');
  const rb = await settled(page);
  const recB = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('table.options tbody tr[data-recommended]')].map((r) => r.dataset.offerId));
  info(`budget 3,000,000 USD, no deadline: recommended ${recB.join()}; choices ${JSON.stringify(rb?.result?.choices)}`);
  check(recB.length === 1 && recB[0] === rb?.result?.choices?.fastest, 'with a budget and no deadline the recommended row is result.choices.fastest');
  await runAxe(page, 'index, 70B with a row expanded');
  await controls.locator('#f-budget').fill('');
  await controls.locator('#f-days').fill('30');
  await settled(page);

  // ---- define() is guarded against double definition ----
  const defined = await page.evaluate(async (base) => {
    const { define } = await import(new URL('gpu-sizer-define.js', base).href);
    const a = define();
    const b = define();
    const other = define('other-sizer');
    return a === customElements.get('gpu-sizer') && a === b && typeof other === 'function';
  }, server.url);
  check(defined, 'define() is idempotent and can register another tag');

  // ---- 360 px wide ----
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(200);
  const narrow = await page.evaluate(() => {
    const wrap = document.querySelector('gpu-sizer').shadowRoot.querySelector('.table-wrap');
    return { page: document.documentElement.scrollWidth, wrap: wrap.clientWidth, table: wrap.scrollWidth };
  });
  check(narrow.page <= 360 && narrow.table > narrow.wrap, 'at 360 px the page does not scroll sideways; the table scrolls in its own container', JSON.stringify(narrow));
  await page.setViewportSize({ width: 1280, height: 900 });

  // ---- offline: the service worker serves the page from its cache ----
  const swReady = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((r) => !!r.active),
      new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
    ]),
  );
  check(swReady, 'index.html registers a service worker');
  if (swReady) {
    await context.setOffline(true);
    await page.reload();
    const offlineOk = await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'offline result');
    check(offlineOk, 'with the network off, a reload still computes a result (works offline)');
    await context.setOffline(false);
  }
  await page.close();

  // ---- goal.asOf follows the browser's clock: price ages on a later day ----
  const later = await newPage(context, 'clock');
  await later.clock.setFixedTime(new Date('2027-03-01T10:00:00'));
  await later.goto(server.url);
  await waitShadow(later, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'result on 2027-03-01');
  const rLater = await settled(later);
  const datedLater = (rLater?.result?.options || []).find((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.priceDate || '') && typeof o.priceAgeDays === 'number');
  const ageLater = datedLater && Math.round((new Date('2027-03-01T00:00:00') - new Date(datedLater.priceDate + 'T00:00:00')) / 86400000);
  check(datedLater && datedLater.priceAgeDays === ageLater, 'with the browser clock at 2027-03-01, price ages count to that day (goal.asOf)', datedLater && `${datedLater.priceDate}: ${datedLater.priceAgeDays} vs ${ageLater}`);
  await later.close();

  // ---- the embedding demo with a provider catalog ----
  const providerCatalog = JSON.parse(fs.readFileSync(path.join(siteDir, 'provider-catalog.example.json'), 'utf8'));
  const expectIds = providerCatalog.offers.map((o) => o.id).sort();
  const embed = await newPage(context, 'embed');
  await embed.goto(server.url + 'embed.html');
  await waitShadow(embed, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'embed result');
  const emb = await shadow(embed, ({ shadowRoot: root }) => ({
    ids: [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].map((r) => r.dataset.offerId),
    providers: [...root.querySelectorAll('table.options tbody tr .provider')].map((p) => p.textContent),
    gpu: root.querySelector('#f-gpu').value,
    currency: root.querySelector('#f-currency').value,
    label: root.querySelector('label[for="f-gpu"]').textContent,
    recommended: root.querySelectorAll('tr[data-recommended]').length,
  }));
  check(JSON.stringify([...emb.ids].sort()) === JSON.stringify(expectIds), 'embed.html: the table’s rows are the example provider’s offers', emb.ids.join(', '));
  check(emb.providers.every((p) => p.startsWith('Example GPU Cloud')), 'embed.html: every row is from Example GPU Cloud');
  check(emb.gpu === 'h100-80gb' && emb.currency === 'CNY' && emb.label === 'GPU 型号' && emb.recommended === 1, 'embed.html: attributes lang, currency, gpu applied; one offer recommended');
  await runAxe(embed, 'embed');

  // The catalog property does what catalog-src does, without the fetch.
  await embed.evaluate((offer) => {
    document.querySelector('gpu-sizer').catalog = { offers: [offer] };
  }, providerCatalog.offers[0]);
  const oneRow = await waitShadow(embed, ({ shadowRoot: root }) => {
    const rows = root.querySelectorAll('table.options tbody tr[data-offer-id]');
    return rows.length === 1 && rows[0].dataset.offerId === 'example-8x-h100-80gb';
  }, null, 'catalog property');
  check(oneRow, 'setting the catalog property re-estimates with that catalog’s offers');
  await embed.close();

  // ---- share links: page.js keeps the request in the URL fragment (#r=base64url(JSON)) ----
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const toFragment = (obj) => `#r=${Buffer.from(JSON.stringify(obj), 'utf8').toString('base64url')}`;
  const fromFragment = (hash) => JSON.parse(Buffer.from(hash.slice(3), 'base64url').toString('utf8'));
  const canonical = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));
  // Every named control of the form (radio groups by their checked value) and the GPU count shown.
  const formState = (p) => shadow(p, ({ shadowRoot: root }) => {
    const out = {};
    for (const el of root.querySelector('form').elements) {
      if (!el.name) continue;
      if (el.type === 'radio') { if (el.checked) out[el.name] = el.value; } else out[el.name] = el.type === 'checkbox' ? el.checked : el.value;
    }
    out.summaryGpus = root.querySelector('.card[data-key="gpus"] .value')?.textContent;
    return out;
  });
  const firstResult = () => ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0;

  const sa = await newPage(context, 'share');
  await sa.goto(server.url);
  await waitShadow(sa, firstResult(), null, 'share: first result');
  const hist0 = await sa.evaluate(() => history.length);
  const sc = sa.locator('gpu-sizer form');
  await sc.locator('#f-preset').selectOption('llama-3-8b');
  await sc.locator('#f-tokens').fill('500B');
  await sc.locator('#f-gpu').selectOption('h100-80gb');
  await sc.locator('input[name="sizeBy"][value="days"]').check();
  await sc.locator('#f-days').fill('10');
  const ra = await settled(sa);
  const stateA = await formState(sa);
  const hashA = await sa.evaluate(() => location.hash);
  const histA = await sa.evaluate(() => history.length);
  info(`shared request: ${hashA.length} characters of fragment; form ${JSON.stringify(stateA)}`);
  check(ra?.request?.model?.preset === 'llama-3-8b' && ra.request.training.tokens === '500B' && ra.request.hardware.gpu === 'h100-80gb' && ra.request.goal.days === '10' && /^\d[\d,]*$/.test(stateA.summaryGpus || ''),
    'share: llama-3-8b, 500B tokens, H100 80GB, 10 days estimated', `${stateA.summaryGpus} GPUs`);
  let linked = null;
  try { linked = /^#r=[A-Za-z0-9_-]+$/.test(hashA) ? fromFragment(hashA) : null; } catch { /* checked below */ }
  check(linked && canonical(linked) === canonical((({ catalog, ...r }) => ({ ...r, goal: (({ asOf, ...g }) => g)(r.goal) }))(ra.request)) && !('catalog' in linked) && !('asOf' in linked.goal),
    'share: the URL fragment is #r= + base64url(JSON) of the last result’s request, without catalog and goal.asOf', JSON.stringify(linked));
  check(histA === hist0, 'share: the fragment is replaced (history.replaceState), not pushed: no history entry added by the estimates', `history.length ${hist0} → ${histA}`);

  const sb = await newPage(context, 'shared');
  await sb.goto(server.url + hashA);
  await waitShadow(sb, firstResult(), null, 'shared link: first result');
  await settled(sb);
  const stateB = await formState(sb);
  const eventsB = await sb.evaluate(() => window.__events.filter((e) => e.type === 'gpusizer-result'));
  check(canonical(stateB) === canonical(stateA), 'share: a new page opened at that URL shows the same form fields and the same GPU count in the summary', JSON.stringify(stateB));
  check(eventsB[0]?.preset === 'llama-3-8b' && eventsB[0]?.tokens === '500B' && String(eventsB[0]?.count) === stateA.summaryGpus.replace(/,/g, ''),
    'share: the link’s request is set before the first estimate (the first result is already the shared one)', JSON.stringify(eventsB[0]));
  check((await sb.evaluate(() => location.hash)) === hashA, 'share: the opened link keeps the same fragment (the request round-trips unchanged)');
  const propB = await sb.evaluate(() => document.querySelector('gpu-sizer').request);
  check(propB?.model?.preset === 'llama-3-8b' && propB.hardware.gpu === 'h100-80gb' && propB.goal.days === '10' && /^\d{4}-\d{2}-\d{2}$/.test(propB.goal.asOf || ''),
    'share: the element’s request getter describes the filled form (goal.asOf is today again)', JSON.stringify(propB));

  // A link pasted into the same tab (hashchange); bad values fall back, count means sizing by count.
  await sb.evaluate((hash) => { location.hash = hash; }, toFragment({
    schemaVersion: 1, model: { preset: 'no-such-model' }, training: { tokens: { x: 1 }, mode: 'bogus', precision: 'fp8', epochs: 2 },
    hardware: { gpu: 'no-such-gpu', count: 64 }, goal: { currency: 'cny', sensitiveData: 'yes' }, efficiency: { mfu: 0.35 }, lang: 'zh',
    catalog: { offers: [] },
  }));
  const fellBack = await waitShadow(sb, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent === '64' && root.querySelector('.root').lang === 'zh', null, 'hashchange request');
  const stateF = await formState(sb);
  const rowsF = await shadow(sb, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length);
  check(fellBack && stateF.preset === 'llama-2-7b' && stateF.tokens === '2T' && stateF.mode === 'pretrain' && stateF.precision === 'fp8' && stateF.epochs === '2'
    && stateF.gpu === 'a100-80gb' && stateF.sizeBy === 'count' && stateF.count === '64' && stateF.currency === 'CNY' && stateF.sensitiveData === false && stateF.mfu === '0.35'
    && stateF.lang === 'zh' && (await sb.getAttribute('gpu-sizer', 'lang')) === 'zh',
  'element.request validates with fallbacks: unknown preset/gpu → defaults, bad tokens → 2T, bad mode → pretrain, count → sizing by count, lang zh applied', JSON.stringify(stateF));
  check(rowsF > 0, 'share: a link’s catalog is dropped (prices never come from a link)', `${rowsF} offers`);
  // The element itself ignores request.catalog too (set directly, without page.js).
  await sb.evaluate(() => {
    document.querySelector('gpu-sizer').request = { model: { preset: 'llama-3-8b' }, training: { tokens: '1T' }, hardware: { gpu: 'h100-80gb', count: 8 }, catalog: { offers: [] } };
  });
  const direct = await waitShadow(sb, ({ shadowRoot: root }) => root.querySelector('#f-preset').value === 'llama-3-8b' && root.querySelector('.card[data-key="gpus"] .value')?.textContent === '8', null, 'request property');
  const rd = await settled(sb);
  check(direct && rd?.request?.catalog === undefined && (rd?.result?.options || []).length > 0 && (await shadow(sb, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length)) > 0,
    'setting element.request re-estimates; its catalog is not taken (only the catalog property / catalog-src set prices)');
  await sb.close();

  // A garbage fragment: the page opens with the defaults, without a console error.
  const errorsBefore = consoleErrors.length;
  const sd = await newPage(context, 'defaults');
  await sd.goto(server.url);
  await waitShadow(sd, firstResult(), null, 'defaults: first result');
  await settled(sd);
  const stateD = await formState(sd);
  await sd.close();
  const sg = await newPage(context, 'garbage');
  await sg.goto(server.url + '#r=%%%');
  await waitShadow(sg, firstResult(), null, 'garbage fragment: first result');
  await settled(sg);
  const stateG = await formState(sg);
  check(canonical(stateG) === canonical(stateD) && stateG.preset === 'llama-2-7b', 'share: a garbage fragment (#r=%%%) opens with the defaults', JSON.stringify(stateG));
  check(/^#r=[A-Za-z0-9_-]+$/.test(await sg.evaluate(() => location.hash)), 'share: and its first result replaces the garbage with a proper link');
  for (const bad of [toFragment('not an object'), '#r=' + Buffer.from('{"model":').toString('base64url'), '#r=' + Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('base64url'), '#r=A']) {
    await sg.evaluate((hash) => { location.hash = hash; }, bad);
  }
  await sg.waitForTimeout(400);
  check(canonical(await formState(sg)) === canonical(stateD), 'share: fragments that are not a JSON object in UTF-8 base64url are ignored');
  check(consoleErrors.length === errorsBefore, 'share: no console error from bad fragments', consoleErrors.slice(errorsBefore).join(' | '));
  // request set on an element before it is connected: null until loaded, then its first estimate.
  const early = await sg.evaluate(() => new Promise((resolve) => {
    const el = document.createElement('gpu-sizer');
    el.request = { model: { params: '13B' }, training: { tokens: '300B' }, hardware: { gpu: 'h100-80gb', count: 16 }, lang: 'en' };
    const before = el.request;
    const results = [];
    el.addEventListener('gpusizer-result', (e) => {
      results.push({ count: e.detail.result?.estimate?.count, params: e.detail.request?.model?.params });
      if (results.length === 1) setTimeout(() => { el.remove(); resolve({ before, results, hash: location.hash }); }, 300);
    });
    setTimeout(() => resolve({ before, results, timeout: true }), 10000);
    document.querySelector('main').append(el);
  }));
  check(early.before === null && early.results.length === 1 && early.results[0].count === 16 && early.results[0].params === '13B',
    'request set before the element is connected: the getter is null until it has loaded, and its first estimate is that request', JSON.stringify(early));
  await sg.close();

  // The Copy link button (outside the element): clipboard, with an aria-live confirmation.
  const copy = sa.locator('#share-copy');
  const live = await sa.evaluate(() => {
    const s = document.getElementById('share-status');
    return { role: s?.getAttribute('role'), live: s?.getAttribute('aria-live'), outside: !document.querySelector('gpu-sizer').contains(document.getElementById('share-copy')) };
  });
  check((await copy.isVisible()) && /Copy link/.test(await copy.textContent()) && live.outside && live.role === 'status' && live.live === 'polite',
    'the host page shows a “复制链接 / Copy link” button outside the element, with a polite live region');
  await sa.evaluate(() => navigator.clipboard.writeText('nothing yet'));
  await copy.click();
  await sa.waitForFunction(() => /Link copied/.test(document.getElementById('share-status').textContent), null, { timeout: TIMEOUT }).catch(() => {});
  const clip = await sa.evaluate(async () => ({ text: await navigator.clipboard.readText(), href: location.href, status: document.getElementById('share-status').textContent }));
  check(clip.text === clip.href && clip.href.includes(hashA), 'Copy link puts the page’s URL (with the #r= fragment) on the clipboard', clip.text);
  check(/Link copied/.test(clip.status), 'and the live region confirms it', clip.status);
  await sa.close();

  // Without the clipboard API: a read-only field with the link, selected.
  const sf = await newPage(context, 'copy-fallback');
  await sf.addInitScript(() => { Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true }); });
  await sf.goto(server.url + hashA);
  await waitShadow(sf, firstResult(), null, 'fallback: first result');
  await settled(sf);
  await sf.locator('#share-copy').click();
  await sf.waitForFunction(() => /Ctrl\+C/.test(document.getElementById('share-status').textContent), null, { timeout: TIMEOUT }).catch(() => {});
  const fb = await sf.evaluate(() => {
    const f = document.getElementById('share-url');
    return { visible: !f.hidden && f.getBoundingClientRect().width > 0, readOnly: f.readOnly, value: f.value, href: location.href, focused: document.activeElement === f,
      selected: f.selectionStart === 0 && f.selectionEnd === f.value.length, status: document.getElementById('share-status').textContent };
  });
  check(fb.visible && fb.readOnly && fb.value === fb.href && fb.focused && fb.selected && /Ctrl\+C/.test(fb.status),
    'without the clipboard API, Copy link shows the URL in a read-only field, focused and selected, and says so', JSON.stringify(fb));
  await runAxe(sf, 'index with the copy-link fallback');
  await sf.close();

  // ---- everything observed along the way ----
  const csp = [];
  for (const p of context.pages()) csp.push(...(await p.evaluate(() => window.__csp)));
  check(offOrigin.length === 0, 'no request left the test server’s origin', offOrigin.slice(0, 5).join(', '));
  check(httpErrors.length === 0, 'no HTTP errors (every file the pages asked for exists)', httpErrors.slice(0, 5).join(', '));
  check(consoleErrors.length === 0, 'no console errors or page errors', consoleErrors.slice(0, 5).join(' | '));
  check(csp.length === 0 && !consoleErrors.some((e) => /Content Security Policy/i.test(e)), 'no CSP violations', csp.join(' | '));
  await context.close();
} catch (err) {
  check(false, 'the test ran to the end', err && err.stack ? err.stack : String(err));
} finally {
  await browser.close();
  await server.close();
}

finish();
