// The page from the keyboard: each chart is one tab stop whose points the arrow keys walk (a
// roving tabindex: one point at tabindex 0, the others -1), and a skip link, the element's first
// stop, takes the focus to the comparison. The tab presses from the top of the page to the table
// are counted, with and without the skip link, and printed.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, seventyB } from './harness.mjs';

const site = useSite();

/** Where the focus is: in the element's shadow root (its chart, the table, the skip link) or the page. */
const focusAt = (page) => page.evaluate(() => {
  const host = document.activeElement;
  const el = host?.tagName === 'GPU-SIZER' ? host.shadowRoot.activeElement : host;
  if (!el) return { where: 'none' };
  const svg = el.closest?.('svg.plot');
  return {
    where: el.closest?.('.table-wrap') ? 'table' : el.classList?.contains('skip-link') ? 'skip' : svg ? (svg.classList.contains('scaling-plot') ? 'scaling' : 'chart') : el.tagName.toLowerCase(),
    label: el.getAttribute?.('aria-label') || '',
    offer: el.dataset?.offerId || null,
    count: el.dataset?.count || null,
  };
});

/** Presses Tab from the top of the page until `done(focus)` (at most `max` presses): the presses and the stops passed. */
async function tabUntil(page, done, max = 200) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  await page.locator('h1').click(); // the focus starts from the top of the document
  const stops = [];
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    const at = await focusAt(page);
    stops.push(at);
    if (done(at)) return { presses: n, stops };
  }
  return { presses: Infinity, stops };
}

describe('a 70B run from the keyboard', () => {
  let page;
  let result;
  before(async () => {
    page = await openWithResult(site, 'keyboard');
    result = (await seventyB(page))?.result;
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('svg.plot .pt').length > 3 && root.querySelectorAll('svg.scaling-plot .sp').length > 3 && root.querySelector('.table-wrap'), null, 'charts and table drawn');
    await settled(page);
  });

  test('each chart has exactly one tab stop, the recommended point, and no other point is in the tab order', async (t) => {
    const stops = await shadow(page, ({ shadowRoot: root }) => ['svg.plot:not(.scaling-plot)', 'svg.scaling-plot'].map((sel) => {
      const pts = [...root.querySelectorAll(`${sel} [role="button"]`)];
      return { points: pts.length, zero: pts.filter((p) => p.getAttribute('tabindex') === '0').map((p) => p.classList.contains('rec')), minusOne: pts.filter((p) => p.getAttribute('tabindex') === '-1').length };
    }));
    t.diagnostic(`cost/time chart: ${stops[0].points} points; scaling chart: ${stops[1].points} points`);
    for (const s of stops) {
      assert.deepEqual(s.zero, [true], 'one point at tabindex 0, the recommended one');
      assert.equal(s.minusOne, s.points - 1);
    }
  });

  test('Tab from the top reaches the comparison table in a few presses, each chart passed in one', async (t) => {
    const { presses, stops } = await tabUntil(page, (at) => at.where === 'table');
    const inChart = stops.filter((s) => s.where === 'chart').length;
    const inScaling = stops.filter((s) => s.where === 'scaling').length;
    const points = await shadow(page, ({ shadowRoot: root }) => root.querySelectorAll('svg.plot [role="button"]').length);
    t.diagnostic(`Tab presses from the top of the page to the table: ${presses} (chart stops ${inChart}, scaling stops ${inScaling}; ${points} chart points in all, each a stop before)`);
    assert.ok(Number.isFinite(presses), `the table was never reached: ${JSON.stringify(stops.slice(-5))}`);
    assert.equal(inChart, 1);
    assert.equal(inScaling, 1);
    assert.ok(presses < 60, `${presses} presses`);
  });

  test('the skip link is the element’s first stop, says where it goes, and Enter on it puts the focus on the table', async (t) => {
    const { presses, stops } = await tabUntil(page, (at) => at.where === 'skip', 30);
    assert.ok(Number.isFinite(presses), JSON.stringify(stops));
    const before = stops.slice(0, -1);
    assert.ok(before.every((s) => s.where !== 'chart' && s.where !== 'table' && s.where !== 'select' && s.where !== 'input'), JSON.stringify(before));
    const text = await shadow(page, ({ shadowRoot: root }) => {
      const a = root.querySelector('.skip-link');
      return { text: a.textContent, visible: a.getBoundingClientRect().width > 20 };
    });
    assert.equal(text.text, 'Skip to the comparison of offers');
    assert.ok(text.visible, 'shown while focused');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(100);
    const at = await focusAt(page);
    t.diagnostic(`with the skip link: ${presses + 1} presses to the table`);
    assert.equal(at.where, 'table');
    const inView = await shadow(page, ({ shadowRoot: root }) => {
      const r = root.querySelector('.table-wrap').getBoundingClientRect();
      return r.top < innerHeight && r.bottom > 0;
    });
    assert.ok(inView, 'the table is scrolled into view');
  });

  test('inside a chart the arrow keys move between the points, left to right, the focused point becoming the tab stop; Enter still finds its row', async () => {
    await page.locator('gpu-sizer svg.plot:not(.scaling-plot) [role="button"][tabindex="0"]').focus();
    const first = await focusAt(page);
    await page.keyboard.press('Home');
    const home = await focusAt(page);
    const xs = [];
    const x = () => shadow(page, ({ shadowRoot: root }) => Number(root.activeElement.querySelector('.dot').getAttribute('cx')));
    xs.push(await x());
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('ArrowRight');
      xs.push(await x());
    }
    const at = await focusAt(page);
    assert.equal(at.where, 'chart');
    assert.notEqual(at.offer, home.offer);
    assert.ok(xs.every((v, i) => i === 0 || v >= xs[i - 1]), `left to right: ${xs}`);
    const zero = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('svg.plot:not(.scaling-plot) [tabindex="0"]')].map((p) => p.dataset.offerId));
    assert.deepEqual(zero, [at.offer]);
    await page.keyboard.press('ArrowLeft');
    assert.notEqual((await focusAt(page)).offer, at.offer);
    await page.keyboard.press('End');
    const end = await focusAt(page);
    assert.ok(first.offer && end.offer);
    // Tab leaves the chart at once.
    await page.keyboard.press('Tab');
    assert.notEqual((await focusAt(page)).where, 'chart');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await focusAt(page)).offer, end.offer, 'back on the point focused last');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(600);
    const hl = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('tr[data-highlight]')].map((r) => r.dataset.offerId));
    assert.deepEqual(hl, [end.offer]);
  });

  test('in the scaling chart the arrow keys walk the counts in order', async () => {
    await page.locator('gpu-sizer svg.scaling-plot [role="button"][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    const counts = [Number((await focusAt(page)).count)];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('ArrowRight');
      counts.push(Number((await focusAt(page)).count));
    }
    assert.ok(counts.every((c, i) => i === 0 || c > counts[i - 1]), `counts ${counts}`);
    assert.ok(result?.scaling?.points?.length > 3);
  });
});

site.assertClean();
