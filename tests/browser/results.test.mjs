// What the element shows for an estimate: the summary cards (the renters' guide's worked example:
// 7B params, 2T tokens, A100-80GB, 5 days, MFU 180/312 → 1,081 GPUs), the explanation steps, and
// for a 70B run on the market (2T tokens, 30 days) the choices and frontier of the response, the
// spread of published runs, the advice panel and the Layout card.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, summaryValues, workedExample, seventyB } from './harness.mjs';

const site = useSite();

describe('the worked example', () => {
  let page;
  let summary;
  before(async () => {
    page = await openWithResult(site, 'results');
    await workedExample(page);
    summary = await summaryValues(page);
  });

  test('summary shows about 1,081 GPUs (7B, 2T tokens, A100-80GB, 5 days, MFU 0.5769)', async (t) => {
    t.diagnostic(`summary: ${JSON.stringify(summary)}`);
    const gpusText = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"]').textContent);
    assert.ok(gpusText.includes('1,081'), gpusText.trim());
  });

  test('summary shows total compute 8.4 × 10²² FLOPs', () => {
    assert.match(summary.flops, /8\.4\s*×\s*10\s*22/);
  });

  test('summary shows the recommended offer’s cost', () => {
    assert.match(summary.cost || '', /\d/);
  });

  test('all 7 explanation steps are shown with title and text; the time step explains the 1,081 GPUs', async () => {
    const steps = await shadow(page, ({ shadowRoot: root }) =>
      [...root.querySelectorAll('.steps-list > li')].map((li) => ({
        id: li.dataset.step,
        title: li.querySelector('h3')?.textContent || '',
        text: li.querySelector('p')?.textContent || '',
      })),
    );
    assert.deepEqual(steps.map((s) => s.id), ['params', 'flops', 'time', 'memory', 'data', 'cost', 'ownership']);
    assert.ok(steps.every((s) => s.title.length > 0 && s.text.length > 20), steps.map((s) => s.id).join(', '));
    assert.ok(steps.some((s) => s.id === 'time' && s.text.includes('1,081')));
  });
});

describe('a 70B run on the market', () => {
  let page;
  let r70;
  before(async () => {
    page = await openWithResult(site, 'results-70b');
    r70 = await seventyB(page);
  });

  test('the response carries choices and a frontier (read from the gpusizer-result detail)', (t) => {
    const res70 = r70?.result || {};
    const choices = res70.choices || {};
    const frontier = res70.frontier || [];
    t.diagnostic(`70B/2T/30 d: choices ${JSON.stringify(choices)}; frontier ${frontier.join(' → ')}`);
    assert.equal(r70?.ok, true);
    assert.equal(res70.model?.preset, 'llama-2-70b');
    assert.ok(choices.cheapest && choices.fastest && frontier.length >= 2);
  });

  test('the GPU-hours card shows the spread of published runs beside the estimate', async () => {
    const value = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpuHours"] .value').textContent);
    assert.match(value, /\(.+–.+\)/);
  });

  test('the advice panel shows the rule-of-thumb tier, suggestion, an agree/disagree marker, the message and the notes', async () => {
    const adv = await shadow(page, ({ shadowRoot: root }) => ({
      hidden: root.querySelector('[part="advice"]').hidden,
      tier: root.querySelector('.advice .tier')?.textContent,
      suggestion: root.querySelector('.advice .suggestion')?.textContent,
      mark: root.querySelector('.advice .mark')?.textContent,
      agrees: root.querySelector('.advice .rule')?.dataset.agrees,
      message: root.querySelector('.advice .rule-msg')?.textContent,
      notes: [...root.querySelectorAll('.advice .notes li')].map((li) => li.dataset.code),
    }));
    const rot = r70.result.advice?.ruleOfThumb || {};
    assert.equal(adv.hidden, false);
    assert.equal(adv.tier, rot.tier);
    assert.equal(adv.suggestion, rot.suggestion);
    assert.equal(adv.message, rot.message);
    assert.equal(adv.agrees, String(rot.agrees));
    assert.match(adv.mark || '', /(agrees|differs)/);
    assert.deepEqual(adv.notes, (r70.result.advice?.notes || []).map((n) => n.code), 'the advice notes are listed');
  });

  test('the Layout card shows the chosen tp/pp/dp and the iteration-time breakdown as a stacked bar with a legend, throughput and steady → whole-run MFU', async () => {
    const lay = await shadow(page, ({ shadowRoot: root }) => ({
      hidden: root.querySelector('[part="layout"]').hidden,
      chips: Object.fromEntries([...root.querySelectorAll('.layout .chip')].map((c) => [c.dataset.par, c.querySelector('b').textContent])),
      segs: root.querySelectorAll('.layout svg.bar rect.seg').length,
      widths: [...root.querySelectorAll('.layout svg.bar rect.seg')].map((r) => Number(r.getAttribute('width'))),
      legend: root.querySelectorAll('.layout .legend li').length,
      facts: root.querySelector('.layout .facts')?.textContent || '',
    }));
    const par = r70.result.estimate?.parallelism || {};
    assert.equal(lay.hidden, false);
    for (const k of ['tp', 'pp', 'dp']) assert.equal(lay.chips[k], String(par[k]).replace(/\B(?=(\d{3})+(?!\d))/g, ','), k);
    assert.ok(lay.segs >= 2 && lay.legend === lay.segs && lay.widths.every((w) => w >= 0), `${lay.segs} segments, ${lay.legend} legend entries`);
    assert.match(lay.facts, /steady MFU/);
    assert.match(lay.facts, /tokens\/s/);
  });
});

site.assertClean();
