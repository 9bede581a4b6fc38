// The architecture disclosure: the shape prefilled from the preset, or from the core's inferred
// shape (result.model) for a typed size; edited fields sent as the request's model fields (the
// core then counts the parameters from the shape); where the shape came from said in the
// disclosure; the core's errors under /model/... beside their field; a request's shape filled in.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, runAxe } from './harness.mjs';

const site = useSite();
const SHAPE = ['layers', 'hidden', 'heads', 'kvHeads', 'ffnHidden', 'vocab', 'activation'];

const arch = (page) => shadow(page, ({ shadowRoot: root }, keys) => {
  const d = root.querySelector('details[part="architecture"]');
  return {
    open: d.open,
    source: d.dataset.source,
    tag: d.querySelector('.arch-tag').textContent,
    note: d.querySelector('.arch-source').textContent,
    values: Object.fromEntries(keys.map((k) => [k, root.querySelector(`#f-${k}`).value])),
    facts: Object.fromEntries([...d.querySelectorAll('.arch-facts > div')].map((x) => [x.dataset.fact, x.querySelector('dd').textContent])),
    reset: !d.querySelector('.link-button').hidden,
    params: root.querySelector('#f-params').value,
    preset: root.querySelector('#f-preset').value,
  };
}, SHAPE);

/** Waits until the last answer is for a request whose model satisfies fn. */
async function answerFor(page, fn, what) {
  for (let i = 0; i < 60; i++) {
    const r = await settled(page, 200);
    if (r && fn(r.request.model)) return r;
  }
  assert.fail(`no answer: ${what}`);
}

describe('the architecture disclosure', () => {
  let page;
  let form;
  before(async () => {
    page = await openWithResult(site, 'architecture');
    form = page.locator('gpu-sizer form');
    await form.locator('details[part="architecture"] > summary').click();
  });

  test('a preset’s shape is filled in at once and said to be the preset’s', async () => {
    await form.locator('#f-preset').selectOption('llama-2-7b');
    await answerFor(page, (m) => m.preset === 'llama-2-7b' && !('layers' in m), 'llama-2-7b');
    const a = await arch(page);
    assert.equal(a.open, true);
    assert.deepEqual(a.values, { layers: '32', hidden: '4096', heads: '32', kvHeads: '32', ffnHidden: '11008', vocab: '32000', activation: 'swiglu' });
    assert.equal(a.source, 'preset');
    assert.equal(a.tag, 'from the preset');
    assert.match(a.note, /Llama 2 7B/);
    assert.equal(a.reset, false);
    assert.match(a.facts.archParams, /^6\.74B$/);
    assert.equal(a.facts.attention, 'multi-head (MHA)');
  });

  test('an edited field is sent as model.layers with the preset; the core recounts the parameters and the size field shows its count', async (t) => {
    await form.locator('#f-layers').fill('40');
    const r = await answerFor(page, (m) => m.layers === 40, 'layers 40');
    const a = await arch(page);
    t.diagnostic(`request.model ${JSON.stringify(r.request.model)} → params ${r.result.model.params}; size field ${a.params}`);
    assert.deepEqual(r.request.model, { preset: 'llama-2-7b', layers: 40 });
    assert.ok(r.result.model.params > 8e9 && r.result.model.params < 8.6e9, String(r.result.model.params));
    assert.equal(a.source, 'given');
    assert.equal(a.tag, 'as you gave it');
    assert.equal(a.reset, true);
    assert.equal(a.params, '8.36B');
    assert.equal(a.facts.archParams, '8.36B');
    assert.equal(a.preset, 'llama-2-7b');
  });

  test('the activation select is sent too', async () => {
    await form.locator('#f-activation').selectOption('gelu');
    const r = await answerFor(page, (m) => m.activation === 'gelu', 'gelu');
    assert.deepEqual(r.request.model, { preset: 'llama-2-7b', layers: 40, activation: 'gelu' });
    assert.equal(r.result.model.activation, 'gelu');
  });

  test('an error under /model/... is shown beside its field (heads 7 below the preset\'s 32 key/value heads → /model/heads)', async (t) => {
    await form.locator('#f-heads').fill('7');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-heads').getAttribute('aria-invalid') === 'true', null, 'heads invalid');
    const err = await shadow(page, ({ shadowRoot: root }) => ({
      message: root.querySelector('[data-field="heads"] .error').textContent,
      invalid: [...root.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id),
      general: root.querySelector('.form-error').hidden,
    }));
    t.diagnostic(err.message);
    assert.deepEqual(err.invalid, ['f-heads']);
    assert.match(err.message, /key\/value heads/);
    assert.equal(err.general, true);
    await form.locator('#f-heads').fill('abc');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-heads').getAttribute('aria-invalid') === 'true', null, 'heads invalid');
  });

  test('“Undo my changes” goes back to the preset’s shape and sends the preset alone', async () => {
    await form.locator('details[part="architecture"] .link-button').click();
    const r = await answerFor(page, (m) => JSON.stringify(m) === JSON.stringify({ preset: 'llama-2-7b' }), 'the preset alone');
    const a = await arch(page);
    assert.equal(a.values.layers, '32');
    assert.equal(a.values.heads, '32');
    assert.equal(a.values.activation, 'swiglu');
    assert.equal(a.source, 'preset');
    assert.equal(a.params, '6.74B');
    assert.equal(r.result.model.params, 6738420000);
  });

  test('a typed size shows the core’s inferred shape (result.model), said to be inferred', async (t) => {
    await form.locator('#f-params').fill('13B');
    const r = await answerFor(page, (m) => m.params === '13B', '13B');
    const a = await arch(page);
    const m = r.result.model;
    t.diagnostic(`13B inferred: ${JSON.stringify(a.values)}`);
    assert.equal(m.architectureKnown, false);
    assert.equal(a.preset, 'custom');
    assert.deepEqual(a.values, { layers: String(m.layers), hidden: String(m.hidden), heads: String(m.heads), kvHeads: String(m.kvHeads), ffnHidden: String(m.ffnHidden), vocab: String(m.vocab), activation: m.activation });
    assert.equal(a.source, 'inferred');
    assert.equal(a.tag, 'inferred from the size');
    assert.equal(a.params, '13B', 'a typed size stays as typed');
  });

  test('editing an inferred shape sends the whole shape without params; the core counts them', async (t) => {
    await form.locator('#f-layers').fill('48');
    const r = await answerFor(page, (m) => m.layers === 48, 'layers 48');
    t.diagnostic(`request.model ${JSON.stringify(r.request.model)} → ${r.result.model.params}`);
    assert.equal(r.request.model.params, undefined);
    for (const k of SHAPE) assert.ok(k in r.request.model, k);
    assert.equal(r.result.model.architectureKnown, true);
    const a = await arch(page);
    assert.equal(a.source, 'given');
    assert.notEqual(a.params, '13B');
  });

  test('typing a size again drops the edits: the shape is inferred afresh', async () => {
    await form.locator('#f-params').fill('7B');
    const r = await answerFor(page, (m) => m.params === '7B', '7B');
    assert.deepEqual(r.request.model, { params: '7B' });
    assert.equal((await arch(page)).source, 'inferred');
  });

  test('element.request with a shape and no preset fills the disclosure (opened) and makes the model custom', async () => {
    await page.evaluate(() => {
      document.querySelector('gpu-sizer').request = { model: { layers: 24, hidden: 2048, heads: 16, kvHeads: 4, ffnHidden: 5632, vocab: 32000 }, training: { tokens: '300B' } };
    });
    const r = await answerFor(page, (m) => m.layers === 24, 'shape request');
    const a = await arch(page);
    assert.equal(a.preset, 'custom');
    assert.equal(a.open, true);
    assert.equal(a.values.hidden, '2048');
    assert.equal(a.source, 'given');
    assert.deepEqual(Object.keys(r.request.model).sort(), [...SHAPE].sort());
    assert.ok(r.result.model.params > 1e9 && r.result.model.params < 1.3e9, String(r.result.model.params));
  });

  test('the open disclosure, the LoRA fields and the dataset fields pass axe-core (no serious or critical violation)', async (t) => {
    await form.locator('#f-mode').selectOption('lora');
    await page.locator('gpu-sizer .data-as label', { hasText: 'Examples' }).click();
    await form.locator('#f-examples').fill('1000');
    await form.locator('#f-tokensPerExample').fill('300');
    await answerFor(page, () => true, 'any');
    await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('.summary').hasAttribute('data-stale'), null, 'a current result');
    await runAxe(t, page, 'architecture open, LoRA, examples');
    await page.locator('gpu-sizer .data-as label', { hasText: 'Tokens' }).click();
    await form.locator('#f-mode').selectOption('pretrain');
  });

  test('choosing a preset starts afresh from its shape', async () => {
    await form.locator('#f-preset').selectOption('mistral-7b');
    const r = await answerFor(page, (m) => m.preset === 'mistral-7b', 'mistral');
    assert.deepEqual(r.request.model, { preset: 'mistral-7b' });
    const a = await arch(page);
    assert.equal(a.values.kvHeads, '8');
    assert.equal(a.values.layers, '32');
    assert.equal(a.source, 'preset');
  });
});

site.assertClean();
