// A Hugging Face config.json as the model: pasted into the architecture disclosure, dropped on it
// as a file, or chosen with its file button; sent as model.hfConfig (the parsed object); the core's
// reading of it shown (result.model) and its missing_field at /model/hfConfig beside the input.
// Real configs as published (fixtures/hf): Llama 3 8B, Qwen2 7B, Mixtral 8x7B, DeepSeek-V3.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, openWithResult, shadow, waitShadow, settled } from './harness.mjs';

const site = useSite();
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/hf');
const text = (name) => fs.readFileSync(path.join(FIXTURES, `${name}.config.json`), 'utf8');
const config = (name) => JSON.parse(text(name));

const arch = (page) => shadow(page, ({ shadowRoot: root }) => {
  const d = root.querySelector('details[part="architecture"]');
  const v = (k) => root.querySelector(`#f-${k}`).value;
  return {
    open: d.open,
    source: d.dataset.source,
    note: d.querySelector('.arch-source').textContent,
    shape: [v('layers'), v('hidden'), v('heads'), v('kvHeads'), v('ffnHidden'), v('vocab'), v('activation')].join(' '),
    facts: Object.fromEntries([...d.querySelectorAll('.arch-facts > div')].map((x) => [x.dataset.fact, x.querySelector('dd').textContent])),
    params: v('params'),
    preset: v('preset'),
    error: root.querySelector('[data-field="hfConfig"] .error').textContent,
    invalid: root.querySelector('#f-hfConfig').getAttribute('aria-invalid'),
    config: v('hfConfig'),
  };
});

async function answerFor(page, fn, what) {
  for (let i = 0; i < 60; i++) {
    const r = await settled(page, 200);
    if (r && fn(r.request.model)) return r;
  }
  assert.fail(`no answer: ${what}`);
}

const eventCount = (page) => page.evaluate(() => window.__events.length);

/** The first gpusizer-error event at path p after the first `after` events. */
async function errorAt(page, p, after) {
  for (let i = 0; i < 60; i++) {
    const e = (await page.evaluate(() => window.__events)).slice(after).find((x) => x.type === 'gpusizer-error' && x.path === p);
    if (e) return e;
    await page.waitForTimeout(100);
  }
  assert.fail(`no error at ${p}`);
}

/** Drops a file on the disclosure as a browser does (a DataTransfer with a File). */
async function drop(page, name, content) {
  const dataTransfer = await page.evaluateHandle(([n, c]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([c], n, { type: 'application/json' }));
    return dt;
  }, [name, content]);
  const target = page.locator('gpu-sizer details[part="architecture"]');
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

describe('Hugging Face configs', () => {
  let page;
  let form;
  before(async () => {
    page = await openWithResult(site, 'hf-config');
    form = page.locator('gpu-sizer form');
    await form.locator('details[part="architecture"] > summary').click();
  });

  test('Llama 3 8B pasted: sent as model.hfConfig (the parsed object, no preset); the core’s reading fills the shape; 8.03B', async (t) => {
    await form.locator('#f-hfConfig').fill(text('llama-3-8b'));
    const r = await answerFor(page, (m) => m.hfConfig?.model_type === 'llama', 'llama config');
    const a = await arch(page);
    t.diagnostic(`${a.note} | ${a.shape} | ${JSON.stringify(a.facts)}`);
    assert.deepEqual(r.request.model, { hfConfig: config('llama-3-8b') });
    assert.equal(r.result.model.params, 8030260000);
    assert.equal(a.preset, 'custom');
    assert.equal(a.shape, '32 4096 32 8 14336 128256 swiglu');
    assert.equal(a.source, 'config');
    assert.match(a.note, /meta-llama\/Meta-Llama-3-8B/);
    assert.equal(a.params, '8.03B');
    assert.equal(a.facts.attention, 'grouped-query (GQA)');
  });

  test('Qwen2 7B pasted: 7.62B with the QKV biases Qwen2 has', async () => {
    await form.locator('#f-hfConfig').fill(text('qwen2-7b'));
    const r = await answerFor(page, (m) => m.hfConfig?.model_type === 'qwen2', 'qwen2 config');
    assert.equal(r.result.model.params, 7615620000);
    const a = await arch(page);
    assert.equal(a.shape, '28 3584 28 4 18944 152064 swiglu');
    assert.equal(a.params, '7.62B');
  });

  test('Mixtral 8x7B dropped on the disclosure as a file: experts 8, 2 per token, 46.7B of which 12.9B active', async (t) => {
    await drop(page, 'config.json', text('mixtral-8x7b'));
    const r = await answerFor(page, (m) => m.hfConfig?.model_type === 'mixtral', 'mixtral config');
    const a = await arch(page);
    t.diagnostic(`${a.shape} | ${JSON.stringify(a.facts)}`);
    assert.equal(r.result.model.experts, 8);
    assert.equal(a.facts.experts, '8, 2 per token');
    assert.equal(a.facts.archParams, '46.7B (12.9B active per token)');
    assert.match(a.config, /"num_local_experts": 8/);
  });

  test('DeepSeek-V3 chosen with the file button: multi-head latent attention, 671B (37.6B active)', async (t) => {
    await page.locator('gpu-sizer details[part="architecture"] input[type="file"]').setInputFiles({
      name: 'config.json', mimeType: 'application/json', buffer: Buffer.from(text('deepseek-v3')),
    });
    const r = await answerFor(page, (m) => m.hfConfig?.model_type === 'deepseek_v3', 'deepseek config');
    const a = await arch(page);
    t.diagnostic(`${a.shape} | ${JSON.stringify(a.facts)} | GPUs ${r.result.estimate?.count}`);
    assert.equal(r.result.model.attention, 'mla');
    assert.equal(a.facts.attention, 'multi-head latent (MLA)');
    assert.equal(a.facts.experts, '256, 8 per token');
    assert.match(a.facts.archParams, /^671B \(37\.6B active per token\)$/);
    assert.equal(a.facts.headDim, '160');
  });

  test('editing a field of a config’s shape sends it with the config', async () => {
    await form.locator('#f-layers').fill('30');
    const r = await answerFor(page, (m) => m.hfConfig && m.layers === 30, 'config + layers');
    assert.equal(r.request.model.hfConfig.model_type, 'deepseek_v3');
    assert.equal((await arch(page)).source, 'given');
  });

  test('a config the core cannot read: its missing_field at /model/hfConfig beside the input, naming the keys', async (t) => {
    const n = await eventCount(page);
    await form.locator('#f-hfConfig').fill(text('incomplete'));
    const e = await errorAt(page, '/model/hfConfig', n);
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-hfConfig').getAttribute('aria-invalid') === 'true', null, 'config invalid');
    const a = await arch(page);
    t.diagnostic(a.error);
    assert.equal(e.code, 'missing_field');
    for (const key of ['num_hidden_layers', 'num_attention_heads', 'vocab_size']) assert.ok(a.error.includes(key), key);
    assert.equal(a.open, true);
  });

  test('text that is not JSON: the page says so beside the input (both languages), without asking the core', async () => {
    const n = await eventCount(page);
    await form.locator('#f-hfConfig').fill('{ "model_type": "llama", ');
    const e = await errorAt(page, '/model/hfConfig', n);
    assert.equal(e.code, 'invalid_json');
    assert.match((await arch(page)).error, /Not valid JSON/);
    await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
    await waitShadow(page, ({ shadowRoot: root }) => /JSON/.test(root.querySelector('[data-field="hfConfig"] .error').textContent) && /[\u4e00-\u9fff]/.test(root.querySelector('[data-field="hfConfig"] .error').textContent), null, 'the Chinese message');
    await form.locator('#f-hfConfig').fill(text('incomplete'));
    await waitShadow(page, ({ shadowRoot: root }) => /无法从该配置/.test(root.querySelector('[data-field="hfConfig"] .error').textContent), null, 'the core’s Chinese message');
    await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.root').lang === 'en', null, 'back to English');
  });

  test('“Clear” drops the config; choosing a preset afterwards sends the preset', async () => {
    await form.locator('#f-hfConfig').fill(text('qwen2-7b'));
    await answerFor(page, (m) => m.hfConfig?.model_type === 'qwen2', 'qwen2 again');
    await page.locator('gpu-sizer [data-field="hfConfig"] .config-tools button:has-text("Clear")').click();
    await form.locator('#f-preset').selectOption('llama-3-8b');
    const r = await answerFor(page, (m) => m.preset === 'llama-3-8b', 'preset');
    assert.deepEqual(r.request.model, { preset: 'llama-3-8b' });
    assert.equal((await arch(page)).config, '');
  });

  test('a config pasted, then a preset chosen: the preset wins and the config is dropped', async () => {
    await form.locator('#f-hfConfig').fill(text('mixtral-8x7b'));
    await answerFor(page, (m) => m.hfConfig?.model_type === 'mixtral', 'mixtral again');
    await form.locator('#f-preset').selectOption('qwen2.5-7b');
    const r = await answerFor(page, (m) => m.preset === 'qwen2.5-7b', 'qwen2.5 preset');
    assert.deepEqual(r.request.model, { preset: 'qwen2.5-7b' });
    assert.equal((await arch(page)).config, '');
  });

  test('element.request with model.hfConfig fills the textarea and estimates from it', async () => {
    await page.evaluate((c) => {
      document.querySelector('gpu-sizer').request = { model: { hfConfig: c }, training: { tokens: '100B' } };
    }, config('qwen2-7b'));
    const r = await answerFor(page, (m) => m.hfConfig?.model_type === 'qwen2', 'request with config');
    const a = await arch(page);
    assert.equal(a.preset, 'custom');
    assert.deepEqual(JSON.parse(a.config), config('qwen2-7b'));
    assert.equal(r.result.model.params, 7615620000);
  });
});

site.assertClean();
