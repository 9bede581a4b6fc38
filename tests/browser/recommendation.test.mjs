// The headline describes the recommended plan (result.recommendation.offerId's option): its
// provider and offer, GPU and count in whole units (the estimate's own count beside it when the
// plan rents more), time, total cost, GPU-hours and memory; one line, the core's
// recommendation.reason, says why it was chosen and names the runner-up and the cheapest
// alternative outside the constraints. When nothing meets every constraint the headline says so
// and which to relax (recommendation.relax). A response without an estimate (no hardware.gpu)
// still shows the recommended plan. In English and Chinese.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, openWithResult, shadow, settled, workedExample } from './harness.mjs';

const site = useSite();
const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../golden');

/** What the headline shows: heading, plan name and id, each card's value and sub-line, the reason, the relax note. */
const headline = (page) => shadow(page, ({ shadowRoot: root }) => {
  const card = (k) => root.querySelector(`.card[data-key="${k}"]`);
  return {
    heading: root.querySelector('.plan-heading').textContent,
    name: root.querySelector('.plan-name').textContent,
    nameTitle: root.querySelector('.plan-name').title,
    id: root.querySelector('.plan-id').textContent,
    gpus: card('gpus').querySelector('.value').textContent,
    gpuName: card('gpus').querySelector('.gpu-name')?.textContent,
    gpusSub: card('gpus').querySelector('.sub').textContent,
    time: card('wallDays').querySelector('.value').textContent.trim(),
    cost: card('cost').querySelector('.value').textContent,
    hours: card('gpuHours').querySelector('.point')?.textContent,
    memory: card('memory').querySelector('.value').textContent,
    reason: root.querySelector('.reason').hidden ? '' : root.querySelector('.reason').textContent,
    relax: root.querySelector('.relax').hidden ? '' : root.querySelector('.relax').textContent,
  };
});

/** The page's own formatters (sizer/i18n.js) applied to the plan, as the headline must show it. */
const expected = (page, lang, plan) => page.evaluate(async ([base, l, o]) => {
  const { i18n } = await import(new URL('sizer/i18n.js', base).href);
  const tr = i18n(l);
  return {
    gpus: tr.int(o.count),
    time: tr.duration(o.wallDays).text,
    cost: tr.money(o.cost.amount, o.cost.currency),
    hours: tr.hours(o.gpuHours),
    memory: `${tr.sig(o.memoryPerGpuGiB, 3)} GiB`,
  };
}, [site.url, lang, plan]);

async function ask(page, request) {
  await page.evaluate((r) => {
    document.querySelector('gpu-sizer').request = r;
  }, request);
  for (let i = 0; i < 60; i++) {
    const r = await settled(page, 200);
    if (r?.request?.hardware?.gpu === request.hardware.gpu && r.request.lang === request.lang && r.request.training?.tokens === request.training.tokens) return r;
  }
  assert.fail(`no answer for ${JSON.stringify(request)}`);
}

describe('the worked example (7B, 2T tokens, A100 80GB, 5 days)', () => {
  let page;
  let result;
  let plan;
  before(async () => {
    page = await openWithResult(site, 'recommendation');
    await workedExample(page);
    result = (await settled(page)).result;
    plan = result.options.find((o) => o.offerId === result.recommendation.offerId);
  });

  test('every headline card describes the recommended plan: provider and offer, GPU and count, time, cost, GPU-hours, memory', async (t) => {
    const got = await headline(page);
    const want = await expected(page, 'en', plan);
    t.diagnostic(`${got.name} (${got.id}): ${got.gpus} × ${got.gpuName}, ${got.time}, ${got.cost}, ${got.hours} GPU-hours`);
    assert.equal(got.heading, 'Recommended plan');
    assert.equal(got.name, plan.provider);
    assert.equal(got.nameTitle, plan.provider, 'the whole name on hover');
    assert.equal(got.id, plan.offerId);
    assert.equal(got.gpus, want.gpus);
    assert.equal(got.gpuName, 'A100 SXM4 80GB');
    assert.equal(got.time, want.time);
    assert.equal(got.cost, want.cost);
    assert.equal(got.hours, want.hours);
    assert.equal(got.memory, want.memory);
  });

  test('the GPU card says how the plan rents them (units) and the estimate’s own count (1,081) beside the plan’s whole units', async () => {
    const got = await headline(page);
    assert.notEqual(plan.count, result.estimate.count);
    assert.match(got.gpusSub, new RegExp(`${plan.units} units of ${plan.gpusPerUnit}`));
    assert.match(got.gpusSub, /estimate: 1,081/);
  });

  test('one line says why: the core’s reason, naming the runner-up and the cheapest alternative outside the constraints', async () => {
    const got = await headline(page);
    const rec = result.recommendation;
    assert.equal(got.reason, rec.reason);
    // Offers are named by their names (provider, machine, GPU), never by their ids.
    const named = (id) => result.options.find((o) => o.offerId === id)?.name;
    assert.ok(rec.runnerUp && got.reason.includes(named(rec.runnerUp)), 'names the runner-up');
    assert.ok(rec.alternative?.offerId && got.reason.includes(named(rec.alternative.offerId)), 'names the alternative outside the constraints');
    assert.ok(!got.reason.includes(rec.runnerUp), 'no offer id in the sentence');
    assert.equal(got.relax, '', 'nothing to relax: the plan qualifies');
  });

  test('in Chinese the headline and the reason are Chinese', async () => {
    await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
    const r = await ask(page, { ...(await page.evaluate(() => document.querySelector('gpu-sizer').request)), lang: 'zh' });
    const got = await headline(page);
    assert.equal(got.heading, '推荐方案');
    assert.equal(got.reason, r.result.recommendation.reason);
    assert.match(got.reason, /^推荐：/);
    await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
  });
});

describe('nothing meets every constraint', () => {
  let page;
  before(async () => {
    page = await openWithResult(site, 'recommendation-none');
  });

  for (const lang of ['en', 'zh']) {
    test(`the headline says so and which constraints to relax; the cards show the closest plan (${lang})`, async (t) => {
      // An Ascend GPU and CUDA: no offer qualifies; relaxing the GPU or the stack would.
      const r = await ask(page, { lang, model: { preset: 'llama-2-7b' }, training: { tokens: '100B' }, hardware: { gpu: 'ascend-910b' }, goal: { days: 30 } });
      const rec = r.result.recommendation;
      assert.equal(rec.qualifies, false);
      const plan = r.result.options.find((o) => o.offerId === rec.offerId);
      const got = await headline(page);
      const want = await expected(page, lang, plan);
      t.diagnostic(`${got.heading}: ${got.relax} | ${got.reason.slice(0, 120)}`);
      assert.equal(got.heading, lang === 'zh' ? '最接近的方案' : 'Closest plan');
      assert.match(got.relax, lang === 'zh' ? /没有方案满足你的全部要求/ : /No offer meets everything you asked/);
      const labels = { en: { gpu: 'the GPU you chose', stack: 'CUDA' }, zh: { gpu: '你选的 GPU', stack: 'CUDA' } };
      for (const c of rec.relax) assert.ok(got.relax.includes(labels[lang][c]), `${c} in “${got.relax}”`);
      assert.equal(got.reason, rec.reason);
      assert.equal(got.gpus, want.gpus);
      assert.equal(got.cost, want.cost);
      assert.equal(got.name, plan.provider);
    });
  }
});

test('a response without an estimate (no hardware.gpu) still shows the recommended plan in the cards', async () => {
  const response = JSON.parse(fs.readFileSync(path.join(GOLDEN, 'llama-2-70b-30-days-cny.response.json'), 'utf8'));
  assert.equal(response.result.estimate, undefined);
  const page = await openWithResult(site, 'recommendation-no-estimate');
  const got = await page.evaluate(async ([base, r]) => {
    const { Summary } = await import(new URL('sizer/summary.js', base).href);
    const box = document.createElement('div');
    document.body.append(box);
    const view = new Summary(box);
    view.update(r, { lang: 'en', gpuName: (id) => id });
    const card = (k) => box.querySelector(`.card[data-key="${k}"]`);
    const out = {
      heading: box.querySelector('.plan-heading').textContent,
      name: box.querySelector('.plan-name').textContent,
      gpus: card('gpus').querySelector('.value').textContent,
      gpu: card('gpus').querySelector('.gpu-name').textContent,
      time: card('wallDays').textContent,
      cost: card('cost').querySelector('.value').textContent,
      hours: card('gpuHours').querySelector('.point').textContent,
      reason: box.querySelector('.reason').textContent,
    };
    box.remove();
    return out;
  }, [site.url, response]);
  const plan = response.result.options.find((o) => o.offerId === response.result.recommendation.offerId);
  assert.equal(got.heading, 'Recommended plan');
  assert.equal(got.name, plan.provider);
  assert.equal(got.gpus, plan.count.toLocaleString('en-US'));
  assert.equal(got.gpu, plan.gpu);
  assert.ok(got.time.includes(`${Number(plan.wallDays.toPrecision(3))} days`), got.time);
  assert.equal(got.cost, `CN¥${Math.round(plan.cost.amount).toLocaleString('en-US')}`);
  assert.equal(got.hours, plan.gpuHours.toLocaleString('en-US'));
  assert.equal(got.reason, response.result.recommendation.reason);
  await site.close(page);
});

site.assertClean();
