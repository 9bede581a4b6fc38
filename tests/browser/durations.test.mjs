// Small and large answers read right: a job of minutes or hours is shown in minutes or hours (never
// "0 days"), a run past a year also in years, the GPU-hours estimate always inside its range as
// displayed, and the whole run's time (estimate.runHours) itemized in the Layout card. A tiny job
// (LoRA on 5M tokens on one GPU) and a huge one (7B on 2T tokens on 8 GPUs), in both languages.
// The headline cards describe the recommended plan (its option); the Layout card the estimate.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled } from './harness.mjs';

const site = useSite();

const TINY = { model: { preset: 'llama-2-7b' }, training: { tokens: '5M', mode: 'lora' }, hardware: { gpu: 'a100-80gb', count: 1 } };
const HUGE = { model: { params: '7B' }, training: { tokens: '2T' }, hardware: { gpu: 'a100-80gb', count: 8 } };

/** Sets element.request and waits for its answer (the request's own, by its token count). */
async function ask(page, request, lang) {
  await page.evaluate((r) => {
    document.querySelector('gpu-sizer').request = r;
  }, { ...request, lang });
  await waitShadow(page, ({ shadowRoot: root }, l) => root.querySelector('.root').lang === l, lang, `language ${lang}`);
  const tokens = request.training.tokens;
  for (let i = 0; i < 60; i++) {
    const r = await settled(page, 200);
    if (r?.request?.training?.tokens === tokens && r.request.lang === lang) return r;
  }
  assert.fail(`no answer for ${JSON.stringify(request)}`);
}

const shown = (page) => shadow(page, ({ shadowRoot: root }) => {
  const card = (k) => root.querySelector(`.card[data-key="${k}"]`);
  // GPU-hours are in the detail rows: the first few opened.
  for (const b of [...root.querySelectorAll('tbody tr[data-offer-id] button.expand[aria-expanded="false"]')].slice(0, 3)) b.click();
  return {
    wall: card('wallDays').querySelector('.value').textContent.trim(),
    wallSub: card('wallDays').querySelector('.sub').textContent.trim(),
    costSub: card('cost').querySelector('.sub').textContent.trim(),
    point: card('gpuHours').querySelector('.point')?.textContent,
    low: card('gpuHours').querySelector('.range .low')?.textContent,
    high: card('gpuHours').querySelector('.range .high')?.textContent,
    timeCells: [...root.querySelectorAll('tbody tr[data-offer-id] td[data-col="days"]')].map((td) => td.textContent.trim()),
    hoursCells: [...root.querySelectorAll('tbody tr.detail:not([hidden]) [data-item="gpuHours"] dd')].map((dd) => dd.textContent.trim()),
    run: Object.fromEntries([...root.querySelectorAll('.layout .run-hours > div')].map((d) => [d.dataset.run, d.querySelector('dd').textContent])),
    runHidden: root.querySelector('.layout .run').hidden,
    runHeading: root.querySelector('.layout .run-heading').textContent,
  };
});

// "101K", "10.1万", "0.28", "1,200" → a number (the page's own notations, en-US and zh-CN).
function parse(text) {
  const units = { K: 1e3, M: 1e6, B: 1e9, T: 1e12, 万: 1e4, 亿: 1e8, 万亿: 1e12 };
  const m = /^([\d,.]+)\s*(万亿|[KMBT万亿])?$/.exec(String(text).trim());
  assert.ok(m, `a number as the page writes it: ${text}`);
  return Number(m[1].replace(/,/g, '')) * (m[2] ? units[m[2]] : 1);
}

for (const lang of ['en', 'zh']) {
  describe(`durations in ${lang}`, () => {
    let page;
    before(async () => {
      page = await openWithResult(site, `durations-${lang}`);
    });

    test('a tiny job (LoRA on 5M tokens, one A100) is shown in minutes or hours everywhere, never as 0 days', async (t) => {
      const r = await ask(page, TINY, lang);
      const est = r.result.estimate;
      const s = await shown(page);
      t.diagnostic(`tiny (${lang}): wallDays ${est.wallDays} → "${s.wall}"; GPU-hours ${est.gpuHours} → "${s.point} (${s.low}–${s.high})"; cost: ${s.costSub}; table times: ${s.timeCells.slice(0, 3).join(' | ')}`);
      assert.ok(est.wallDays * 24 < 48, `the tiny job takes ${est.wallDays} days`);
      const unit = lang === 'zh' ? /(分钟|小时)$/ : /(minutes?|hours?)$/;
      assert.match(s.wall, unit);
      assert.doesNotMatch(s.wall, /^0(\.0+)?\s/, 'never a zero');
      for (const cell of [...s.timeCells, s.costSub]) {
        assert.doesNotMatch(cell, lang === 'zh' ? /(^|\D)0(\.0+)? 天/ : /(^|\D)0(\.0+)? days/, cell);
      }
      assert.ok(s.timeCells.length > 0 && s.timeCells.every((c) => /\d|—/.test(c)));
      assert.ok(s.hoursCells.length > 0 && s.hoursCells.every((c) => /\d/.test(c) && !/^0(\s|$)/.test(c)), `GPU-hours in the details: ${s.hoursCells.slice(0, 5).join(', ')}`);
    });

    test('the tiny job’s GPU-hours point lies inside its range as displayed', async () => {
      const s = await shown(page);
      assert.ok(s.low && s.high, 'a range is shown');
      const [low, point, high] = [parse(s.low), parse(s.point), parse(s.high)];
      assert.ok(low <= point && point <= high, `${s.low} ≤ ${s.point} ≤ ${s.high}`);
      assert.ok(point > 0, s.point);
    });

    test('a huge job (7B on 2T tokens on 8 A100) is shown in days with the years beside, the point inside its range', async (t) => {
      const r = await ask(page, HUGE, lang);
      const est = r.result.options.find((o) => o.offerId === r.result.recommendation.offerId); // the plan the cards show
      const s = await shown(page);
      t.diagnostic(`huge (${lang}): wallDays ${est.wallDays} → "${s.wall}" ${s.wallSub}; GPU-hours ${est.gpuHours} (${est.gpuHoursRange.low}–${est.gpuHoursRange.high}) → "${s.point} (${s.low}–${s.high})"`);
      assert.ok(est.wallDays > 365);
      assert.match(s.wall, lang === 'zh' ? /^[\d,]+ 天$/ : /^[\d,]+ days$/);
      assert.equal(parse(s.wall.split(' ')[0]), Math.round(est.wallDays));
      assert.match(s.wallSub, lang === 'zh' ? /^（[\d.]+ 年）$/ : /^\([\d.]+ years?\)$/);
      const years = Number(/[\d.]+/.exec(s.wallSub)[0]);
      assert.ok(Math.abs(years - est.wallDays / 365) / years < 0.01, `${years} years for ${est.wallDays} days`);
      const [low, point, high] = [parse(s.low), parse(s.point), parse(s.high)];
      assert.ok(low <= point && point <= high, `${s.low} ≤ ${s.point} ≤ ${s.high}`);
      assert.ok(low <= est.gpuHoursRange.low && high >= est.gpuHoursRange.high, 'the range is rounded outwards');
    });

    test('the Layout card itemizes the whole run (estimate.runHours) and its total is the run’s time', async (t) => {
      const r = await settled(page);
      const hours = r.result.estimate.runHours;
      const s = await shown(page);
      t.diagnostic(`runHours ${JSON.stringify(hours)} → ${JSON.stringify(s.run)}`);
      assert.equal(s.runHidden, false);
      assert.equal(s.runHeading, lang === 'zh' ? '整个训练的时间' : 'The whole run');
      assert.deepEqual(Object.keys(s.run), ['steady', 'belowBenchmark', 'checkpointEval', 'failures', 'startup', 'total']);
      const total = await page.evaluate(async ([base, l, days]) => (await import(new URL('sizer/i18n.js', base).href)).i18n(l).duration(days).text, [site.url, lang, r.result.estimate.wallDays]);
      assert.equal(s.run.total, total);
      // Failures are minutes or hours of a multi-year run: each part in its own unit.
      assert.match(s.run.failures, lang === 'zh' ? /(分钟|小时|天)/ : /(minute|hour|day)/);
      assert.match(s.run.steady, lang === 'zh' ? /天/ : /days/);
    });

    test('with an MFU given the core has no run model: the whole-run list is hidden', async () => {
      await ask(page, { ...HUGE, training: { tokens: '1T' }, efficiency: { mfu: 0.5 } }, lang);
      assert.equal((await shown(page)).runHidden, true);
    });
  });
}

site.assertClean();
