// The comparison: at 1280 px the decisive columns (offer and provider, type and isolation, GPUs and
// units, time, total cost, cost per billion tokens, warnings) without sideways scrolling, the rest
// in a detail row; it starts with the offers that meet the goal (the top 10, then "show all N"),
// sorts by its headings (click and keyboard), filters by GPU, type, isolation, billing term and
// "meets the goal"; rows within the requirements first, the recommended one at the top; the
// recommended / cheapest / fastest badges on the rows the core names (cheapest and fastest within the requirements); the
// detail row (unit prices, billing, GPU-hours, price date, terms, the trial-week plan,
// interconnect, layout, source) opened by its toggle, from the keyboard too; at 360 px each offer
// is a card with the same figures and nothing scrolls sideways.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, workedExample, seventyB } from './harness.mjs';

const site = useSite();
const DECISIVE = ['offer', 'type', 'gpus', 'days', 'cost', 'costPerB', 'warnings'];

/** The rows shown: ids and a few cells as text. */
const rowsShown = (page) => shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('table.options tbody tr[data-offer-id]')].map((r) => ({
  id: r.dataset.offerId,
  status: r.dataset.status,
  cost: r.querySelector('[data-col="cost"]')?.textContent,
  days: r.querySelector('[data-col="days"]')?.textContent,
  type: r.querySelector('td.type')?.textContent,
  gpu: r.querySelector('td.gpus .gpu')?.textContent,
  within: r.hasAttribute('data-within'),
})));

describe('the worked example’s comparison', () => {
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
        heading: root.querySelector('.options-section h2')?.textContent.trim(),
        rows: rows.length,
        headers: [...root.querySelectorAll('table.options thead th[scope="col"]')].map((th) => th.dataset.key),
        recommended: rec.length,
        badge: rec[0]?.querySelector('.badge')?.textContent,
        cells: rows[0] ? [...rows[0].children].map((c) => c.innerText.trim().replace(/\s*\n\s*/g, ' / ')) : [],
      };
    });
  });

  test('the comparison has its heading (and the table its caption), the decisive columns only, and rows', (t) => {
    t.diagnostic(`${table.rows} rows, columns ${table.headers.join(', ')}, caption “${table.caption}”`);
    assert.deepEqual(table.headers, DECISIVE);
    assert.ok(table.rows > 0);
    assert.equal(table.caption, 'Rental options compared');
    assert.equal(table.heading, table.caption);
  });

  test('exactly one row is marked recommended, with its badge', (t) => {
    t.diagnostic(`recommended row: ${table.cells.join(' | ')}`);
    assert.equal(table.recommended, 1);
    assert.equal(table.badge, 'Recommended');
  });

  test('clicking a column heading sorts (aria-sort) and keeps every row; a second click reverses it', async () => {
    const before = await rowsShown(page);
    await page.locator('gpu-sizer th[data-key="days"] button').click();
    const sorted = await shadow(page, ({ shadowRoot: root }) => root.querySelector('th[data-key="days"]').getAttribute('aria-sort'));
    assert.equal(sorted, 'ascending');
    assert.equal((await rowsShown(page)).length, before.length);
    await page.locator('gpu-sizer th[data-key="days"] button').click();
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('th[data-key="days"]').getAttribute('aria-sort')), 'descending');
  });
});

describe('a 70B run on the market', () => {
  let page;
  let r70;
  before(async () => {
    page = await openWithResult(site, 'table-70b');
    r70 = await seventyB(page);
  });

  const meets = () => r70.result.options.filter((o) => o.fits !== false && o.meetsGoal !== false);
  // Within the requirements: meets the goal and outside none of the constraints asked.
  const within = (o) => o.fits !== false && o.meetsGoal !== false && !(o.outside || []).length;
  // The table's first order: the recommended offer, the others within the requirements, then the rest (each in the core's order).
  const inOrder = (list) => [...list.filter((o) => o.recommended === true), ...list.filter((o) => o.recommended !== true && within(o)), ...list.filter((o) => o.recommended !== true && !within(o))];

  test('it starts with the top 10 offers that meet the goal, the recommended one first, then those within the requirements, then the rest, and a “show all N” button that shows them all', async (t) => {
    const shown = await rowsShown(page);
    const ok = inOrder(meets());
    t.diagnostic(`${meets().filter(within).length} of ${meets().length} offers meeting the goal are within the requirements`);
    assert.ok(meets().some((o) => !within(o)), 'the case has offers outside the requirements');
    assert.deepEqual(shown.map((r) => r.id), ok.slice(0, 10).map((o) => o.offerId));
    assert.equal(shown[0].id, r70.result.recommendation.offerId);
    assert.ok(shown.every((r) => r.status === 'ok'));
    const more = page.locator('gpu-sizer .show-all');
    assert.equal(await more.textContent(), `Show all ${meets().length}`);
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await more.click();
    const all = await rowsShown(page);
    assert.deepEqual(all.map((r) => r.id), inOrder(meets()).map((o) => o.offerId));
    // No row outside the requirements before one within them.
    const firstOutside = all.findIndex((r) => !r.within);
    assert.ok(firstOutside > 0 && all.slice(firstOutside).every((r) => !r.within), JSON.stringify(all.map((r) => r.within)));
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    await more.click();
    assert.equal((await rowsShown(page)).length, 10);
  });

  test('at 1280 px the comparison shows without sideways scrolling', async () => {
    await page.locator('gpu-sizer .show-all').click();
    const w = await page.evaluate(() => {
      const wrap = document.querySelector('gpu-sizer').shadowRoot.querySelector('.table-wrap');
      return { page: document.documentElement.scrollWidth, wrap: wrap.clientWidth, table: wrap.scrollWidth };
    });
    await page.locator('gpu-sizer .show-all').click();
    assert.ok(w.page <= 1280 && w.table <= w.wrap, JSON.stringify(w));
  });

  test('sorting from the keyboard: Tab to a heading, Enter sorts by it', async () => {
    await page.locator('gpu-sizer th[data-key="cost"] button').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const sort = await shadow(page, ({ shadowRoot: root }) => root.querySelector('th[data-key="cost"]').getAttribute('aria-sort'));
    assert.equal(sort, 'descending');
    // Sorted within each group: those within the requirements, then the others.
    const desc = (list) => [...list].sort((a, b) => b.cost.amount - a.cost.amount);
    const sorted = [...desc(meets().filter(within)), ...desc(meets().filter((o) => !within(o)))];
    const rec = sorted.findIndex((o) => o.recommended === true);
    const costs = (rec < 10 ? sorted.slice(0, 10) : [...sorted.slice(0, 9), sorted[rec]]).map((o) => o.cost.amount);
    const shown = (await settled(page)) && (await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('tbody tr[data-offer-id]')].map((r) => r.dataset.offerId)));
    const byId = new Map(r70.result.options.map((o) => [o.offerId, o]));
    assert.deepEqual(shown.map((id) => byId.get(id).cost.amount), costs);
    await page.keyboard.press('Enter'); // ascending again
  });

  test('filters: GPU, type, isolation, billing term; “meets the goal” off shows the rest; clearing them shows every offer', async (t) => {
    const opts = r70.result.options;
    const gpu = opts.find((o) => o.meetsGoal && o.fits).gpu;
    await page.locator('gpu-sizer #flt-gpu').selectOption(gpu);
    let shown = await rowsShown(page);
    const wantGpu = meets().filter((o) => o.gpu === gpu).map((o) => o.offerId);
    assert.ok(shown.length > 0 && shown.length <= 10 && shown.every((r) => wantGpu.includes(r.id)), `${shown.map((r) => r.id)} of ${wantGpu}`);
    await page.locator('gpu-sizer #flt-gpu').selectOption('');

    await page.locator('gpu-sizer #flt-deployment').selectOption('cloud');
    shown = await rowsShown(page);
    assert.ok(shown.length > 0 && shown.every((r) => /Cloud/.test(r.type)), shown.map((r) => r.type).join(' | '));
    await page.locator('gpu-sizer #flt-deployment').selectOption('');

    await page.locator('gpu-sizer #flt-isolation').selectOption('private');
    shown = await rowsShown(page);
    assert.ok(shown.length > 0 && shown.every((r) => /Private/.test(r.type)));
    await page.locator('gpu-sizer #flt-isolation').selectOption('');

    await page.locator('gpu-sizer #flt-term').selectOption('month');
    shown = await rowsShown(page);
    const monthly = new Set(opts.filter((o) => o.unitPrices?.month != null).map((o) => o.offerId));
    assert.ok(shown.length > 0 && shown.every((r) => monthly.has(r.id)));
    await page.locator('gpu-sizer #flt-term').selectOption('');

    await page.locator('gpu-sizer #flt-meets').uncheck();
    await page.locator('gpu-sizer .show-all').click();
    shown = await rowsShown(page);
    t.diagnostic(`all offers: ${shown.length}, not ok: ${shown.filter((r) => r.status !== 'ok').length}`);
    assert.equal(shown.length, opts.length);
    assert.ok(shown.some((r) => r.status !== 'ok'), 'offers that miss the goal are listed too');
    await page.locator('gpu-sizer .show-all').click();
    await page.locator('gpu-sizer #flt-meets').check();
    assert.equal((await rowsShown(page)).length, 10);
  });

  test('the Cheapest and Fastest badges are on the rows the core names', async () => {
    const got = await shadow(page, ({ shadowRoot: root }) => {
      const meets = root.querySelector('#flt-meets');
      if (meets.checked) meets.click();
      root.querySelector('.show-all').click();
      const rowOf = (key) => [...root.querySelectorAll(`table.options tbody tr[data-${key}]`)];
      const out = {
        cheapest: rowOf('cheapest').map((r) => r.dataset.offerId),
        fastest: rowOf('fastest').map((r) => r.dataset.offerId),
        cheapestWithin: rowOf('cheapest').map((r) => r.hasAttribute('data-within')),
        fastestWithin: rowOf('fastest').map((r) => r.hasAttribute('data-within')),
        cheapestBadge: rowOf('cheapest')[0]?.querySelector('.badge[data-badge="cheapest"]')?.textContent,
        fastestBadge: rowOf('fastest')[0]?.querySelector('.badge[data-badge="fastest"]')?.textContent,
        recommendedBadge: root.querySelector('tr[data-recommended] .badge[data-badge="recommended"]')?.textContent,
      };
      root.querySelector('.show-all').click();
      root.querySelector('#flt-meets').click();
      return out;
    });
    // Of those within the requirements (result.choicesWithin), on rows within them.
    const within = r70.result.choicesWithin || {};
    assert.ok(within.cheapest && within.fastest, JSON.stringify(within));
    assert.deepEqual(got.cheapest, [within.cheapest]);
    assert.deepEqual(got.fastest, [within.fastest]);
    assert.deepEqual(got.cheapestWithin, [true]);
    assert.deepEqual(got.fastestWithin, [true]);
    assert.equal(within.cheapest, r70.result.recommendation.offerId, 'the recommendation is the cheapest within the requirements');
    assert.equal(got.cheapestBadge, 'Cheapest');
    assert.equal(got.fastestBadge, 'Fastest');
    assert.equal(got.recommendedBadge, 'Recommended');
  });

  test('a row’s cells: offer and provider, type · isolation with region, GPUs with the GPU and the units, time, total cost, cost per 1B tokens', async (t) => {
    const o = meets()[0];
    const cells = await shadow(page, ({ shadowRoot: root }, id) => {
      const row = root.querySelector(`table.options tbody tr[data-offer-id="${id}"]`);
      return [...row.children].map((c) => c.textContent.trim());
    }, o.offerId);
    t.diagnostic(`first row: ${cells.join(' | ')}`);
    assert.ok(cells[0].includes(o.provider) && cells[0].includes(o.offerId));
    assert.match(cells[1], /(Local DC|Cloud) · (Private|Shared)/);
    assert.ok(cells[2].startsWith(o.count.toLocaleString('en-US')), cells[2]);
    assert.ok(cells[2].includes(`${o.units} × ${o.gpusPerUnit}`), cells[2]);
    assert.match(cells[3], /days|hours/);
    assert.match(cells[4], /\d/);
    assert.match(cells[5], /\d/);
  });

  test('the toggle (aria-expanded) opens the detail row right after it, from the keyboard: billing, GPU-hours, price date, unit prices per period, minimum term, interconnect, parallelism and source', async (t) => {
    const id = meets()[0].offerId;
    await page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${id}"] button.expand`).focus();
    await page.keyboard.press('Enter');
    const det = await shadow(page, ({ shadowRoot: root }, offer) => {
      const row = root.querySelector(`table.options tbody tr[data-offer-id="${offer}"]`);
      const btn = row.querySelector('button.expand');
      const detail = root.getElementById(btn.getAttribute('aria-controls'));
      const item = (k) => detail?.querySelector(`[data-item="${k}"]`)?.textContent || '';
      return {
        expanded: btn.getAttribute('aria-expanded'),
        shown: !!detail && !detail.hidden && detail.previousElementSibling === row,
        billing: item('billing'), gpuHours: item('gpuHours'), date: item('priceDate'), prices: item('unitPrices'),
        minTerm: item('minTerm'), ic: item('interconnect'), par: item('parallelism'), src: item('source'),
      };
    }, id);
    t.diagnostic(`expanded ${id}: ${det.billing} | ${det.gpuHours} | ${det.date} | ${det.prices}`);
    assert.equal(det.expanded, 'true');
    assert.ok(det.shown);
    assert.match(det.billing, /(hour|day|month|year)/);
    assert.match(det.gpuHours, /\d/);
    // Its age in days, or for a date of a year alone that it is only a year.
    assert.match(det.date, /^Price date\d{4}-\d{2}(-\d{2})? \(\d[\d,]* days old\)$|^Price date\d{4} \(year only\)$/);
    assert.match(det.prices, /(hour|month|day|year)/);
    assert.ok(det.minTerm && det.ic && det.src, JSON.stringify(det));
    assert.match(det.par, /tp \d+/);
    await page.keyboard.press('Enter');
    assert.equal(await shadow(page, ({ shadowRoot: root }, offer) => root.querySelector(`tr[data-offer-id="${offer}"] button.expand`).getAttribute('aria-expanded'), id), 'false');
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
    await page.locator('gpu-sizer #flt-meets').uncheck();
    const more = page.locator('gpu-sizer .show-all');
    if (await more.isVisible()) await more.click();
    await page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${trialOpt.offerId}"] button.expand`).click();
    const trial = await shadow(page, ({ shadowRoot: root }, id) => {
      const row = root.querySelector(`table.options tbody tr[data-offer-id="${id}"]`);
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
    await page.locator('gpu-sizer #flt-meets').check();
  });

  test('at 360 px each offer is a card with the same figures; the page does not scroll sideways; sorting and details work there too', async (t) => {
    const wide = await rowsShown(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(300);
    const narrow = await page.evaluate(() => {
      const root = document.querySelector('gpu-sizer').shadowRoot;
      const rows = [...root.querySelectorAll('table.options tbody tr[data-offer-id]')];
      const wrap = root.querySelector('.table-wrap');
      return {
        page: document.documentElement.scrollWidth,
        wrap: [wrap.clientWidth, wrap.scrollWidth],
        display: [...new Set(rows.map((r) => getComputedStyle(r).display))],
        widest: Math.max(...rows.map((r) => r.getBoundingClientRect().right)),
        labels: [...rows[0].querySelectorAll('td[data-label]')].map((td) => getComputedStyle(td, '::before').content),
      };
    });
    t.diagnostic(`360 px: ${JSON.stringify(narrow)}`);
    const cards = await rowsShown(page);
    assert.ok(narrow.page <= 360, `page scrollWidth ${narrow.page}`);
    assert.ok(narrow.widest <= 360, `a card reaches ${narrow.widest} px`);
    assert.ok(narrow.wrap[1] <= narrow.wrap[0], `the comparison scrolls sideways: ${narrow.wrap}`);
    assert.deepEqual(narrow.display, ['grid']);
    assert.ok(narrow.labels.every((c) => c && c !== 'none'), 'every figure is labelled in a card');
    assert.deepEqual(cards, wide, 'the same figures as at 1280 px');
    await page.locator('gpu-sizer th[data-key="days"] button').click();
    assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('th[data-key="days"]').getAttribute('aria-sort')), 'ascending');
    await page.locator('gpu-sizer table.options tbody tr[data-offer-id] button.expand').first().click();
    const detailWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(detailWidth <= 360, `page scrollWidth ${detailWidth} with a detail row open`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

site.assertClean();
