// The comparison table: its rows, headers and caption, the recommended / cheapest / fastest
// badges on the rows the core names, sorting, the columns and cells of a row, the detail row a
// toggle opens (unit prices, terms, the trial-week plan, interconnect, layout, source), and the
// table scrolling in its own container at 360 px.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, workedExample, seventyB } from './harness.mjs';

const site = useSite();

describe('the worked example’s table', () => {
  let page;
  let table;
  before(async () => {
    page = await openWithResult(site, 'table');
    await workedExample(page);
    table = await shadow(page, ({ shadowRoot: root }) => {
      const rows = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')];
      const rec = rows.filter((r) => r.dataset.recommended === 'true');
      return {
        caption: root.querySelector('table.options caption')?.textContent.trim(),
        rows: rows.length,
        headers: [...root.querySelectorAll('table.options thead th[scope="col"]')].length,
        recommended: rec.length,
        badge: rec[0]?.querySelector('.badge')?.textContent,
        muted: rows.filter((r) => r.classList.contains('muted')).length,
        cells: rows[0] ? [...rows[0].children].map((c) => c.innerText.trim().replace(/\s*\n\s*/g, ' / ')) : [],
      };
    });
  });

  test('the comparison table has rows, column headers and a caption', (t) => {
    t.diagnostic(`${table.rows} rows, ${table.headers} column headers, caption “${table.caption}”`);
    assert.ok(table.rows > 0 && table.headers >= 10, `${table.rows} rows, ${table.headers} headers`);
    assert.ok(table.caption);
  });

  test('exactly one row is marked recommended, with its badge', (t) => {
    t.diagnostic(`recommended row: ${table.cells.join(' | ')}`);
    t.diagnostic(`muted (infeasible) rows: ${table.muted}`);
    assert.equal(table.recommended, 1);
    assert.equal(table.badge, 'Recommended');
  });

  test('clicking a column heading sorts (aria-sort) and keeps every row', async () => {
    await page.locator('gpu-sizer th[data-key="days"] button').click();
    const sorted = await shadow(page, ({ shadowRoot: root }) => ({
      sort: root.querySelector('th[data-key="days"]').getAttribute('aria-sort'),
      rows: root.querySelectorAll('table.options tbody tr[data-offer-id]').length,
    }));
    assert.equal(sorted.sort, 'ascending');
    assert.equal(sorted.rows, table.rows);
  });
});

describe('a 70B run on the market', () => {
  let page;
  let choices;
  before(async () => {
    page = await openWithResult(site, 'table-70b');
    const r70 = await seventyB(page);
    choices = r70?.result?.choices || {};
  });

  const badges = () => shadow(page, ({ shadowRoot: root }) => {
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
  });

  test('the Cheapest badge is on the row named by result.choices.cheapest', async () => {
    const b = await badges();
    assert.deepEqual(b.cheapest, [choices.cheapest]);
    assert.equal(b.cheapestBadge, 'Cheapest');
  });

  test('the Fastest badge is on the row named by result.choices.fastest', async () => {
    const b = await badges();
    assert.deepEqual(b.fastest, [choices.fastest]);
    assert.equal(b.fastestBadge, 'Fastest');
  });

  test('the recommended row keeps its primary badge', async () => {
    assert.equal((await badges()).recommendedBadge, 'Recommended');
  });

  test('the table has cost per billion tokens, price date, deployment and isolation columns', async () => {
    const { headers } = await badges();
    for (const k of ['costPerB', 'priceDate', 'deployment', 'isolation']) assert.ok(headers.includes(k), `${k} in ${headers.join(', ')}`);
  });

  test('its cells show cost per 1B tokens, price date with age, deployment and isolation', async (t) => {
    const cells = await shadow(page, ({ shadowRoot: root }, id) => {
      const row = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].find((r) => r.dataset.offerId === id);
      const cell = (k) => row.children[[...root.querySelectorAll('table.options thead th')].findIndex((th) => th.dataset.key === k)]?.textContent || '';
      return { costPerB: cell('costPerB'), date: cell('priceDate'), dep: cell('deployment'), iso: cell('isolation') };
    }, choices.cheapest);
    t.diagnostic(`cheapest row: ${JSON.stringify(cells)}`);
    assert.match(cells.costPerB, /\d/);
    assert.match(cells.date, /days old/);
    assert.match(cells.dep, /(Local DC|Cloud)/);
    assert.match(cells.iso, /(Private|Shared)/);
  });

  test('a row’s toggle (aria-expanded) opens the detail row right after it, with unit prices per period, minimum term, interconnect, parallelism and source', async (t) => {
    await page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${choices.cheapest}"]`).locator('button.expand').click();
    const det = await shadow(page, ({ shadowRoot: root }, id) => {
      const row = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].find((r) => r.dataset.offerId === id);
      const btn = row.querySelector('button.expand');
      const detail = root.getElementById(btn.getAttribute('aria-controls'));
      const item = (k) => detail?.querySelector(`[data-item="${k}"]`)?.textContent || '';
      return { expanded: btn.getAttribute('aria-expanded'), shown: !!detail && !detail.hidden && detail.previousElementSibling === row, prices: item('unitPrices'), minTerm: item('minTerm'), ic: item('interconnect'), par: item('parallelism'), src: item('source') };
    }, choices.cheapest);
    t.diagnostic(`expanded ${choices.cheapest}: ${det.prices} | ${det.ic} | ${det.par}`);
    assert.equal(det.expanded, 'true');
    assert.ok(det.shown);
    assert.match(det.prices, /\d/);
    assert.match(det.prices, /(hour|month|day|year)/);
    assert.ok(det.minTerm && det.ic && det.src, JSON.stringify(det));
    assert.match(det.par, /tp \d+/);
  });

  // 70B QLoRA on 1B tokens: hourly + monthly offers are usable.
  test('the trial week then monthly plan is shown with its amount against the cheapest mix, and the break-even hours', async (t) => {
    const controls = page.locator('gpu-sizer form');
    await controls.locator('#f-mode').selectOption('qlora');
    await controls.locator('#f-tokens').fill('1B');
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('10'), null, 'QLoRA result');
    const rq = await settled(page);
    const trialOpt = (rq?.result?.options || []).find((o) => o.cost?.trialThenMonthly);
    assert.ok(trialOpt, 'the QLoRA response has an offer with a trial-then-monthly plan');
    await page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${trialOpt.offerId}"] button.expand`).click();
    const trial = await shadow(page, ({ shadowRoot: root }, id) => {
      const row = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].find((r) => r.dataset.offerId === id);
      const detail = root.getElementById(row.querySelector('button.expand').getAttribute('aria-controls'));
      const item = (k) => detail?.querySelector(`[data-item="${k}"]`)?.textContent || '';
      return { prices: item('unitPrices'), trial: item('trialPlan'), breakEven: item('breakEven') };
    }, trialOpt.offerId);
    t.diagnostic(`expanded ${trialOpt.offerId}: ${trial.prices} | ${trial.trial} | ${trial.breakEven}`);
    assert.match(trial.prices, /hour/, 'its unit prices list the hourly price');
    assert.match(trial.prices, /month/, 'its unit prices list the monthly price');
    assert.match(trial.trial, /cheapest mix/);
    assert.match(trial.trial, /\$[\d,.]+/);
    assert.match(trial.breakEven, /h\/month/);
  });

  test('at 360 px the page does not scroll sideways; the table scrolls in its own container', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(200);
    const narrow = await page.evaluate(() => {
      const wrap = document.querySelector('gpu-sizer').shadowRoot.querySelector('.table-wrap');
      return { page: document.documentElement.scrollWidth, wrap: wrap.clientWidth, table: wrap.scrollWidth };
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.ok(narrow.page <= 360 && narrow.table > narrow.wrap, JSON.stringify(narrow));
  });
});

site.assertClean();
