// How many GPUs, seen: result.scaling for the chosen GPU drawn as wall-clock time and total cost
// against the GPU count in whole units, the recommended count marked, the deadline drawn, the
// counts beyond which adding GPUs stops paying shaded, the core's rule beneath; a click or Enter
// on a point sizes the job by that count (the form switches to sizing by GPU count and sends
// hardware.count), keeps the focus on that count and marks it as the user's own, with no deadline
// (sizing by count sends none). Where adding GPUs stops paying beyond the counts plotted, the
// legend says so in words (no swatch without a mark). Hidden when the response has no scaling;
// legible at 360 px, with hit areas 24 px wide where the points leave room.
//
// The response's scaling comes from a fixture of the shape the core is to send: the test serves
// sizer/engine.js with two lines added that put window.__scaling(request, result) into the
// response (or take scaling out of it when that returns nothing). As the core does, a request that
// fixes the count has that count marked and no deadline.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useSite, shadow, waitShadow, settled, runAxe } from './harness.mjs';

const site = useSite();

const FIXTURE = {
  offerId: 'coreweave-8x-a100-80gb',
  unitGpus: 8,
  points: [
    { count: 8, units: 1, wallDays: 210, gpuHours: 40320, cost: { amount: 120000, currency: 'USD' } },
    { count: 16, units: 2, wallDays: 106, gpuHours: 40704, cost: { amount: 121000, currency: 'USD' } },
    { count: 32, units: 4, wallDays: 54, gpuHours: 41472, cost: { amount: 123000, currency: 'USD' } },
    { count: 64, units: 8, wallDays: 28, gpuHours: 43008, cost: { amount: 128000, currency: 'USD' } },
    { count: 128, units: 16, wallDays: 15.5, gpuHours: 47616, cost: { amount: 141000, currency: 'USD' } },
    { count: 256, units: 32, wallDays: 9.4, gpuHours: 57754, cost: { amount: 172000, currency: 'USD' } },
    { count: 512, units: 64, wallDays: 7.9, gpuHours: 97075, cost: { amount: 289000, currency: 'USD' } },
  ],
  recommendedCount: 64,
  deadlineDays: 30,
  stopsPaying: 256,
  rule: 'Beyond 256 GPUs, doubling them shortens the run by less than a quarter: more GPUs stop paying.',
};

const ESTIMATE = "export async function estimate(request) {\n  return JSON.parse(await call('estimate', JSON.stringify(request)));\n}";
const PATCHED = `export async function estimate(request) {
  const r = JSON.parse(await call('estimate', JSON.stringify(request)));
  if (r.ok && typeof globalThis.__scaling === 'function') { const s = globalThis.__scaling(request, r.result); if (s) r.result.scaling = s; else delete r.result.scaling; }
  return r;
}`;

/** A page whose engine.js adds the fixture (fixture null: takes scaling out). */
async function openWithScaling(label, fixture, viewport, locale) {
  const context = await site.newContext({ serviceWorkers: 'block', ...(viewport ? { viewport } : {}), ...(locale ? { locale } : {}) });
  // The readable source (the deployed copy is minified), patched.
  const source = fs.readFileSync(new URL('../../web/sizer/engine.js', import.meta.url), 'utf8');
  assert.ok(source.includes(ESTIMATE), 'engine.js has the estimate() this test patches');
  await context.route('**/sizer/engine.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: source.replace(ESTIMATE, PATCHED) }));
  await context.addInitScript((f) => {
    window.__scaling = (request) => {
      if (!f) return null;
      const count = Number(request.hardware?.count);
      return count ? { ...f, gpu: request.hardware?.gpu, recommendedCount: count, deadlineDays: undefined } : { ...f, gpu: request.hardware?.gpu };
    };
  }, fixture);
  const page = await site.newPage(label, context);
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, `${label}: first result`);
  await settled(page);
  return page;
}

const chart = (page) => shadow(page, ({ shadowRoot: root }) => {
  const sec = root.querySelector('[part="scaling"]');
  const svg = sec.querySelector('svg');
  const x = (el) => Number(el?.getAttribute('x1') ?? el?.getAttribute('x'));
  return {
    hidden: sec.hidden,
    heading: sec.querySelector('h2').textContent,
    note: sec.querySelector('.chart-note').textContent,
    points: [...svg.querySelectorAll('g.sp')].map((g) => ({ count: Number(g.dataset.count), label: g.getAttribute('aria-label'), rec: g.classList.contains('rec'), tab: g.getAttribute('tabindex'), role: g.getAttribute('role'), cx: Number(g.querySelector('.dot.time').getAttribute('cx')), costDot: !!g.querySelector('.dot.cost') })),
    recLine: x(svg.querySelector('.rec-line')),
    deadline: !!svg.querySelector('.deadline-line'),
    stops: x(svg.querySelector('.stops-line')),
    band: !!svg.querySelector('.stops-band'),
    stopsKey: !!sec.querySelector('.chart-legend .key-stops'),
    recLabel: svg.querySelector('.rec-label')?.textContent,
    hits: [...svg.querySelectorAll('g.sp .hit')].map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('x')) + Number(r.getAttribute('width'))]),
    focused: root.activeElement?.closest?.('[part="scaling"] g.sp')?.dataset.count ?? null,
    timeLine: !!svg.querySelector('.time-line'),
    costLine: !!svg.querySelector('.cost-line'),
    rule: sec.querySelector('.scaling-rule').textContent,
    legend: sec.querySelector('.chart-legend').textContent,
    width: Number(svg.getAttribute('width')),
    box: sec.querySelector('.chart-box').clientWidth,
  };
});

test('without result.scaling the chart is hidden', async () => {
  const page = await openWithScaling('scaling-absent', null);
  assert.equal((await chart(page)).hidden, true);
  await site.close(page);
});

describe('with result.scaling', () => {
  let page;
  let drawn;
  before(async () => {
    page = await openWithScaling('scaling', FIXTURE);
    drawn = await chart(page);
  });

  test('time and cost against the GPU count: one point (a button) per count, in order, each named; one tab stop, the recommended count', (t) => {
    t.diagnostic(drawn.points.map((p) => p.label).join('\n'));
    assert.equal(drawn.hidden, false);
    assert.equal(drawn.heading, 'How many GPUs');
    assert.match(drawn.note, /A100 SXM4 80GB/);
    assert.deepEqual(drawn.points.map((p) => p.count), FIXTURE.points.map((p) => p.count));
    assert.ok(drawn.points.every((p) => p.role === 'button' && p.costDot));
    assert.deepEqual(drawn.points.filter((p) => p.tab === '0').map((p) => p.rec), [true]);
    assert.ok(drawn.points.every((p) => p.tab === '0' || p.tab === '-1'));
    assert.ok(drawn.points.every((p, i) => i === 0 || p.cx > drawn.points[i - 1].cx), 'left to right by count');
    assert.match(drawn.points[3].label, /^64 GPUs \(8 units\): 28 days, \$128,000, 43,008 GPU-hours, Recommended — size by 64 GPUs$/);
    assert.ok(drawn.timeLine && drawn.costLine);
  });

  test('the recommended count, the deadline and where adding GPUs stops paying are marked; the rule is shown', () => {
    const rec = drawn.points.find((p) => p.rec);
    assert.equal(rec.count, FIXTURE.recommendedCount);
    assert.ok(Math.abs(drawn.recLine - rec.cx) < 0.2, 'the recommended line through its point');
    assert.ok(drawn.deadline, 'the deadline line');
    const at256 = drawn.points.find((p) => p.count === 256).cx;
    assert.ok(drawn.band && Math.abs(drawn.stops - at256) < 0.2, 'shaded beyond 256');
    assert.equal(drawn.rule, FIXTURE.rule);
    assert.match(drawn.legend, /Recommended: 64/);
    assert.match(drawn.legend, /Deadline: 30 days/);
    assert.match(drawn.legend, /Stops paying: > 256/);
    assert.ok(drawn.stopsKey, 'the swatch of the shaded band');
    assert.equal(drawn.recLabel, 'Recommended');
  });

  test('axe-core finds no serious or critical violation with the chart shown and a point focused', async (t) => {
    await page.locator('gpu-sizer [part="scaling"] g.sp').first().focus();
    await runAxe(t, page, 'scaling chart');
  });

  test('clicking a point sizes the job by that GPU count (the form and the request follow)', async () => {
    await page.locator('gpu-sizer [part="scaling"] g.sp[data-count="128"] .hit').click();
    const r = await (async () => {
      for (let i = 0; i < 40; i++) {
        const x = await settled(page, 200);
        if (x?.request?.hardware?.count === '128') return x;
      }
      return null;
    })();
    assert.ok(r, 'a request with hardware.count 128');
    assert.equal(r.request.goal.days, undefined, 'sized by count, not by the deadline');
    const form = await shadow(page, ({ shadowRoot: root }) => ({
      byCount: root.querySelector('input[name="sizeBy"][value="count"]').checked,
      count: root.querySelector('#f-count').value,
      daysHidden: root.querySelector('[data-field="days"]').hidden,
    }));
    assert.deepEqual(form, { byCount: true, count: '128', daysHidden: true });
  });

  test('Enter on a focused point does the same', async () => {
    const point = page.locator('gpu-sizer [part="scaling"] g.sp[data-count="32"]');
    await point.focus();
    await point.press('Enter');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-count').value === '32', null, 'count 32');
    const r = await settled(page);
    assert.equal(r.request.hardware.count, '32');
  });

  test('after Enter the focus stays on that count in the chart drawn for it, marked as the user’s count, without a deadline', async () => {
    const point = page.locator('gpu-sizer [part="scaling"] g.sp[data-count="16"]');
    await point.focus();
    await point.press('Enter');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('[part="scaling"] .chart-legend').textContent.includes('Your count: 16'), null, 'redrawn for 16 GPUs');
    await settled(page);
    const after = await chart(page);
    assert.equal(after.focused, '16', 'the focus is on the point of 16 GPUs');
    assert.equal(after.recLabel, 'Your count');
    assert.match(after.legend, /Your count: 16/);
    assert.doesNotMatch(after.legend, /Recommended/);
    assert.match(after.points.find((p) => p.count === 16).label, /Your count — size by 16 GPUs$/);
    assert.equal(after.deadline, false, 'no deadline in a request sized by count');
    assert.match(after.legend, /No deadline: sized by your GPU count/);
  });
});

describe('where adding GPUs stops paying beyond the counts plotted', () => {
  // The default job's curve: the last two points close together, doubling paying up to 8,192.
  const BEYOND = {
    ...FIXTURE,
    points: [...FIXTURE.points, { count: 1024, units: 128, wallDays: 8.84, gpuHours: 203672, cost: { amount: 478176, currency: 'USD' } }, { count: 1120, units: 140, wallDays: 8.75, gpuHours: 235178, cost: { amount: 523005, currency: 'USD' } }],
    stopsPaying: 8192,
  };

  test('the legend says so in words, with no swatch and no mark; close points keep hit areas 24 px wide', async () => {
    const page = await openWithScaling('scaling-beyond', BEYOND);
    const drawn = await chart(page);
    assert.equal(drawn.band, false);
    assert.ok(Number.isNaN(drawn.stops), 'no stops line');
    assert.equal(drawn.stopsKey, false, 'no swatch that matches nothing');
    assert.match(drawn.legend, /Doubling pays up to 8,192 GPUs: beyond the largest count plotted \(1,120\)/);
    assert.doesNotMatch(drawn.legend, /> 8,192/);
    const widths = drawn.hits.map(([l, r]) => r - l);
    assert.ok(widths.slice(-2).every((w) => w >= 23.9), `the last two hit areas: ${widths.slice(-2)}`);
    assert.ok(drawn.hits.every(([l, r], i) => i === 0 || l >= drawn.hits[i - 1][1] - 0.1), 'hit areas do not overlap');
    assert.ok(drawn.hits.every(([l, r], i) => l <= drawn.points[i].cx && drawn.points[i].cx <= r), 'each hit area holds its point');
    await site.close(page);
  });

  test('in Chinese too, and the chosen count is “你定的卡数”', async () => {
    const page = await openWithScaling('scaling-beyond-zh', BEYOND, null, 'zh-CN');
    assert.match((await chart(page)).legend, /翻倍到 8,192 张 GPU 仍划算：超出图中最大的 1,120 张/);
    const point = page.locator('gpu-sizer [part="scaling"] g.sp[data-count="512"]');
    await point.focus();
    await point.press('Enter');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('[part="scaling"] .chart-legend').textContent.includes('你定的卡数: 512'), null, '你定的卡数: 512');
    const after = await chart(page);
    assert.equal(after.recLabel, '你定的卡数');
    assert.doesNotMatch(after.legend, /推荐/);
    assert.match(after.legend, /无工期：按你定的卡数计算/);
    assert.equal(after.focused, '512');
    await site.close(page);
  });
});

test('at 360 px the scaling chart fits its box and the page does not scroll sideways', async (t) => {
  const page = await openWithScaling('scaling-360', FIXTURE, { width: 360, height: 800 });
  const drawn = await chart(page);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  t.diagnostic(`svg ${drawn.width} px in a ${drawn.box} px box; page ${pageWidth} px`);
  assert.equal(drawn.hidden, false);
  assert.ok(drawn.width <= drawn.box, `${drawn.width} > ${drawn.box}`);
  assert.ok(pageWidth <= 360, `page scrollWidth ${pageWidth}`);
  assert.equal(drawn.points.length, FIXTURE.points.length);
  await site.close(page);
});

site.assertClean();
