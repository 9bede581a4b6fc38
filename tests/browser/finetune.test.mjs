// Fine-tuning as configured: LoRA rank and target modules for lora/qlora (hidden otherwise), and
// the dataset as people know it (examples × tokens per example, packed or padded) instead of tokens.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled } from './harness.mjs';

const site = useSite();

const visible = (page) => shadow(page, ({ shadowRoot: root }) =>
  Object.fromEntries(['tokens', 'examples', 'tokensPerExample', 'packing', 'padding', 'loraRank', 'loraTargets']
    .map((k) => [k, !root.querySelector(`[data-field="${k}"]`).closest('[hidden]')])));

async function answerFor(page, fn, what) {
  for (let i = 0; i < 60; i++) {
    const r = await settled(page, 200);
    if (r && fn(r.request.training)) return r;
  }
  assert.fail(`no answer: ${what}`);
}

describe('fine-tuning fields', () => {
  let page;
  let form;
  before(async () => {
    page = await openWithResult(site, 'finetune');
    form = page.locator('gpu-sizer form');
    await form.locator('#f-preset').selectOption('llama-2-7b');
  });

  test('pre-training shows no LoRA fields; LoRA shows rank and targets, the core’s defaults as placeholders', async () => {
    assert.deepEqual(await visible(page), { tokens: true, examples: false, tokensPerExample: false, packing: false, padding: false, loraRank: false, loraTargets: false });
    await form.locator('#f-mode').selectOption('lora');
    const r = await answerFor(page, (t) => t.mode === 'lora', 'lora');
    const v = await visible(page);
    assert.equal(v.loraRank, true);
    assert.equal(v.loraTargets, true);
    const ph = await shadow(page, ({ shadowRoot: root }) => [root.querySelector('#f-loraRank').placeholder, root.querySelector('#f-loraTargets').placeholder]);
    // Said as the defaults they are, not as values.
    assert.deepEqual(ph, [`default ${r.result.training.loraRank}`, `default ${r.result.training.loraTargets}`]);
    assert.deepEqual(ph, ['default 16', 'default all-linear']);
  });

  test('the targets offer the named sets (the core’s list or contract.js’s) as suggestions', async () => {
    const list = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('#lora-targets option')].map((o) => [o.value, o.label]));
    const contract = await page.evaluate(async (base) => (await import(new URL('sizer/engine.js', base).href)).catalog().then((c) => c.contract), site.url);
    assert.deepEqual(list.map(([v]) => v), contract.enums.loraTargets);
    assert.deepEqual(list.slice(0, 2).map(([v]) => v), ['all-linear', 'attention']);
    assert.ok(list.every(([, label]) => label.length > 0));
  });

  test('rank and PEFT module names are sent as training.loraRank and training.loraTargets; fewer targets train fewer parameters', async (t) => {
    const before = (await settled(page)).result.compute.trainableParams;
    await form.locator('#f-loraRank').fill('64');
    await form.locator('#f-loraTargets').fill('q_proj,v_proj');
    const r = await answerFor(page, (tr) => tr.loraTargets === 'q_proj,v_proj' && tr.loraRank === '64', 'rank 64 q,v');
    t.diagnostic(`trainable: all-linear r16 ${before} → q_proj,v_proj r64 ${r.result.compute.trainableParams}; training ${JSON.stringify(r.result.training)}`);
    assert.equal(r.result.training.loraRank, 64);
    assert.ok(r.result.compute.trainableParams > 0 && r.result.compute.trainableParams !== before);
  });

  test('a target the core does not know: its error beside the targets field', async (t) => {
    await form.locator('#f-loraTargets').fill('foo');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-loraTargets').getAttribute('aria-invalid') === 'true', null, 'targets invalid');
    const msg = await shadow(page, ({ shadowRoot: root }) => root.querySelector('[data-field="loraTargets"] .error').textContent);
    t.diagnostic(msg);
    assert.match(msg, /foo/);
    await form.locator('#f-loraTargets').fill('attention');
    await answerFor(page, (tr) => tr.loraTargets === 'attention', 'attention');
  });

  test('the dataset as examples: tokens hidden and not sent; examples, tokens per example and packing sent; the core counts the tokens', async (t) => {
    await page.locator('gpu-sizer .data-as label', { hasText: 'Examples' }).click();
    assert.deepEqual(await visible(page), { tokens: false, examples: true, tokensPerExample: true, packing: true, padding: true, loraRank: true, loraTargets: true });
    await form.locator('#f-examples').fill('52000');
    await form.locator('#f-tokensPerExample').fill('350');
    await form.locator('#f-epochs').fill('3');
    const r = await answerFor(page, (tr) => tr.examples === '52000' && tr.tokensPerExample === '350', 'examples');
    t.diagnostic(`request.training ${JSON.stringify(r.request.training)} → tokens ${r.result.training.tokens}, seqLen ${r.result.training.seqLen}`);
    assert.equal(r.request.training.tokens, undefined);
    assert.equal(r.request.training.packing, false);
    assert.equal(r.request.training.padding, 'longest');
    assert.equal(r.result.training.examples, 52000);
    assert.ok(r.result.training.tokens >= 52000 * 350, 'unpacked examples are padded');
  });

  test('packing hides the padding and sends packing true: the core counts exactly examples × tokens', async () => {
    await form.locator('#f-packing').check();
    const v = await visible(page);
    assert.equal(v.padding, false);
    const r = await answerFor(page, (tr) => tr.packing === true, 'packing');
    assert.equal(r.request.training.padding, undefined);
    assert.equal(r.result.training.tokens, 52000 * 350);
  });

  test('padding to the sequence length is sent as "max-length"', async () => {
    await form.locator('#f-packing').uncheck();
    await form.locator('#f-padding').selectOption('max-length');
    const r = await answerFor(page, (tr) => tr.padding === 'max-length', 'max-length');
    assert.equal(r.result.training.padding, 'max-length');
    assert.equal(r.result.training.tokens, 52000 * r.result.training.maxSeqLen);
  });

  test('without the tokens per example, the core’s missing_field shows beside that field', async () => {
    await form.locator('#f-tokensPerExample').fill('');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-tokensPerExample').getAttribute('aria-invalid') === 'true', null, 'tokensPerExample invalid');
    await form.locator('#f-tokensPerExample').fill('350');
    await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('[aria-invalid]'), null, 'cleared');
  });

  test('element.request with examples and a target list fills the form that way', async () => {
    await page.evaluate(() => {
      document.querySelector('gpu-sizer').request = {
        model: { preset: 'qwen2.5-7b' },
        training: { mode: 'qlora', examples: 10000, tokensPerExample: 800, packing: true, loraRank: 8, loraTargets: ['q_proj', 'k_proj', 'v_proj'] },
        hardware: { gpu: 'rtx-4090', count: 1 },
      };
    });
    const r = await answerFor(page, (tr) => tr.mode === 'qlora' && tr.examples === '10000', 'qlora request');
    assert.deepEqual(r.request.training, { examples: '10000', tokensPerExample: '800', packing: true, mode: 'qlora', loraRank: '8', loraTargets: 'q_proj,k_proj,v_proj', precision: 'bf16' });
    assert.equal(r.result.training.loraTargets, 'q_proj,k_proj,v_proj');
    await page.evaluate(() => {
      document.querySelector('gpu-sizer').request = { model: { preset: 'llama-2-7b' }, training: { tokens: '1B' } };
    });
    await answerFor(page, (tr) => tr.tokens === '1B', 'tokens again');
    assert.deepEqual(await visible(page), { tokens: true, examples: false, tokensPerExample: false, packing: false, padding: false, loraRank: false, loraTargets: false });
  });
});

site.assertClean();
