// The Chinese page holds no English prose: index.html in zh with every <details> and every table
// detail row open, in several states (a 70B run on the market, QLoRA on a dataset of examples with
// a Mixtral config.json, a tiny job counted in minutes) and after a few bad inputs. Every visible
// text (the host page, the element's shadow root, select options, placeholders, labels for
// assistive technology, chart tooltips) is split into words; a word in Latin letters must be:
//   - an id or a code: it holds a digit, "_", ".", "/", "+", "-" or "×" (a100-80gb, 6N+12LHQT,
//     ZeRO-1, q_proj, GB/s, config.json), or is an acronym (MFU, FLOPs, CNY, GQA) or has a capital
//     inside (LoRA, NVLink, DeepSeek);
//   - a technical term or unit of TERMS below;
//   - a symbol of a formula (one letter: P, D, L·H·Q·T);
//   - a proper name from the catalog: a word of a model's, a GPU's or a provider's name, or of a
//     region's (cloud region codes: eastus), as the core gives it in Chinese;
//   - inside one of the core's messages (errors, warnings, notes, steps, advice, the claims): a JSON
//     field name (FIELDS), or text the message quotes from the input (“…”).
// Offer sources are citations, kept as published, in <cite> (not checked). Any other word fails
// the test with where it was seen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite, shadow, waitShadow, settled } from './harness.mjs';

const site = useSite();
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/hf');
const fixture = (name) => fs.readFileSync(path.join(FIXTURES, `${name}.config.json`), 'utf8');

// Technical terms and units used as such in Chinese technical writing, and names that are no
// catalog entry's (interconnect products, the language switch's "English", the product itself).
const TERMS = new Set([
  'token', 'tokens', 'GPU', 'FLOPs', 'TFLOP', 'TFLOPS', 'MFU', 'HFU', 'GB', 'GiB', 'TB', 'MB', 'LoRA', 'QLoRA', 'ZeRO',
  'tp', 'pp', 'dp', 'ep', 'NVLink', 'PCIe', 'InfiniBand', 'RoCE', 'EFA', 'HCCS', 'Infinity', 'Fabric', 'AdamW', 'SwiGLU',
  'GeGLU', 'GELU', 'PEFT', 'JSON', 'Hugging', 'Face', 'config', 'json', 'English', 'gpusizer', 'Ctrl', 'TFLOP/s', 'e',
  'Markdown', 'Mbps', 'Gbps',
]);
// The request's vocabulary, which the core's Chinese messages name as code.
const FIELDS = new Set([
  'model', 'preset', 'params', 'layers', 'hidden', 'heads', 'kvHeads', 'ffnHidden', 'vocab', 'headDim', 'activation',
  'experts', 'expertsPerToken', 'activeParams', 'hfConfig', 'training', 'tokens', 'examples', 'tokensPerExample', 'packing',
  'padding', 'epochs', 'seqLen', 'mode', 'precision', 'loraRank', 'loraTargets', 'hardware', 'gpu', 'count', 'parallelism',
  'microBatch', 'globalBatch', 'interleave', 'recompute', 'goal', 'days', 'budget', 'currency', 'usdCny', 'efficiency',
  'mfu', 'hour', 'day', 'month', 'year', 'true', 'false', 'all-linear', 'attention', 'catalog',
  'data', 'size', 'kind', 'tokenizer', 'zh', 'en', 'code', 'mixed',
]);
const CORE_TEXT = '.error, .form-error, .warnings, .notes, td.warn, .warn-list, .reason, .scaling-rule, .steps-list, .rule, .claim-text, .claim-explanation, .claim-figures, .basis';

/** Every visible text of the page and the element: [{text, core, where}]. Runs in the page. */
function visibleTexts(coreSelector) {
  const out = [];
  const where = (el) => {
    const parts = [];
    for (let e = el; e && parts.length < 3; e = e.parentElement) {
      parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + (e.classList.length ? `.${[...e.classList].join('.')}` : '') + (e.dataset?.field ? `[${e.dataset.field}]` : ''));
    }
    return parts.join(' > ');
  };
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent.trim();
      if (!el || !text || el.closest('script, style, noscript, cite, title, option, datalist')) continue;
      if (!el.checkVisibility()) continue;
      out.push({ text, core: !!el.closest(coreSelector), where: where(el) });
    }
    for (const el of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!el.checkVisibility() && !el.closest('svg')) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(name);
        if (v) out.push({ text: v, core: false, where: `${where(el)} @${name}` });
      }
    }
    for (const select of root.querySelectorAll('select')) {
      if (!select.checkVisibility()) continue;
      for (const o of select.options) out.push({ text: o.textContent, core: false, where: `${where(select)} option` });
    }
    for (const o of root.querySelectorAll('datalist option')) out.push({ text: o.label, core: false, where: 'datalist option' });
    for (const t of root.querySelectorAll('svg title')) out.push({ text: t.textContent, core: false, where: `${where(t.parentElement)} title` });
  };
  visit(document.body);
  visit(document.querySelector('gpu-sizer').shadowRoot);
  return out;
}

/** The words that break the rules, with where they were seen. */
function english(texts, names) {
  const bad = [];
  for (const { text, core, where } of texts) {
    const checked = core ? text.replace(/“[^”]*”/g, ' ') : text;
    for (const raw of checked.match(/[A-Za-z0-9][A-Za-z0-9_./+×'’-]*/g) || []) {
      const word = raw.replace(/^[./+'’-]+|[./+'’-]+$/g, '');
      if (!/[A-Za-z]/.test(word)) continue;
      if (/[0-9_./+×-]/.test(word)) continue; // an id, a code or a number with its unit
      if (word.length === 1) continue; // a symbol of a formula (P, D, L·H·Q·T)
      if (/^[A-Z]{2,}s?$/.test(word) || /^[A-Za-z][a-z]*[A-Z]/.test(word)) continue; // acronym, inner capital
      if (TERMS.has(word) || names.has(word)) continue;
      if (core && FIELDS.has(word)) continue;
      bad.push(`"${word}" in “${text.slice(0, 90)}” (${where})`);
    }
  }
  return bad;
}

const openEverything = (page) => shadow(page, ({ shadowRoot: root }) => {
  for (const d of root.querySelectorAll('details')) d.open = true;
  // Every offer (not only the top 10 that meet the goal), each with its detail row.
  const meets = root.querySelector('#flt-meets');
  if (meets && meets.checked) meets.click();
  const more = root.querySelector('.show-all');
  if (more && !more.hidden && more.getAttribute('aria-expanded') !== 'true') more.click();
  for (const b of root.querySelectorAll('button.expand[aria-expanded="false"]')) b.click();
  return root.querySelectorAll('tr.detail:not([hidden])').length;
});

async function answer(page, fn, what) {
  for (let i = 0; i < 60; i++) {
    const r = await settled(page, 200);
    if (r && fn(r.request)) return r;
  }
  assert.fail(`no answer: ${what}`);
}

test('the Chinese page, every detail open, in several states and after bad inputs, shows no English prose', async (t) => {
  const context = await site.newContext({ locale: 'zh-CN' });
  const page = await site.newPage('chinese-page', context);
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === 'zh', null, 'Chinese first result');
  await page.waitForFunction(() => document.querySelectorAll('#claims .claim').length > 0 && document.getElementById('claims').lang === 'zh', null, { timeout: 30000 });

  // Proper names: the words of the catalog's model, GPU and provider names as the core gives them in Chinese.
  const names = new Set(await page.evaluate(async (base) => {
    const engine = await import(new URL('sizer/engine.js', base).href);
    const { localText } = await import(new URL('sizer/i18n.js', base).href);
    const c = await engine.catalog();
    const r = await engine.estimate({ lang: 'zh', model: { preset: 'llama-2-7b' }, training: { tokens: '1B' }, goal: { days: 30 } });
    const all = [...c.models.map((m) => localText(m.name, 'zh')), ...c.gpus.map((g) => localText(g.name, 'zh')), ...c.gpus.map((g) => g.vendor || ''),
      ...r.result.options.map((o) => o.provider), ...r.result.options.map((o) => o.region)];
    return all.join(' ').match(/[A-Za-z]+/g) || [];
  }, site.url));

  const form = page.locator('gpu-sizer form');
  const failures = [];
  const check = async (state) => {
    const rows = await openEverything(page);
    await page.waitForTimeout(100);
    const texts = await page.evaluate(visibleTexts, CORE_TEXT);
    const bad = english(texts, names);
    t.diagnostic(`${state}: ${texts.length} texts, ${rows} detail rows open, ${bad.length} English words`);
    failures.push(...bad.map((b) => `[${state}] ${b}`));
  };
  const ask = async (request, fn, what) => {
    await page.evaluate((r) => {
      document.querySelector('gpu-sizer').request = r;
    }, { lang: 'zh', ...request });
    return answer(page, fn, what);
  };

  await ask({ model: { preset: 'llama-2-70b' }, training: { tokens: '2T' }, hardware: { gpu: 'h800-80gb' }, goal: { days: 30, sensitiveData: true } },
    (r) => r.model.preset === 'llama-2-70b', '70B');
  await check('70B on the market, 30 days, sensitive data');

  await ask({ model: { hfConfig: JSON.parse(fixture('mixtral-8x7b')) }, training: { mode: 'qlora', examples: '5万', tokensPerExample: 600, loraRank: 32 }, hardware: { gpu: 'a800-80gb', count: 8 } },
    (r) => r.model.hfConfig && r.training.mode === 'qlora', 'QLoRA Mixtral');
  await check('QLoRA on Mixtral (config.json), examples, 8 GPUs');

  await ask({ model: { preset: 'qwen2.5-0.5b' }, training: { tokens: '5M', mode: 'lora' }, hardware: { gpu: 'rtx-4090', count: 1 } },
    (r) => r.model.preset === 'qwen2.5-0.5b', 'tiny');
  await check('a tiny LoRA job (minutes)');

  // Bad inputs: the core's messages (and the page's own) in Chinese beside their fields.
  const bad = async (field, value, state, path) => {
    await form.locator(`#f-${field}`).fill(value);
    await page.waitForFunction((p) => (window.__events || []).filter((e) => e.type === 'gpusizer-error').pop()?.path === p, path, { timeout: 15000 });
    await check(state);
  };
  await bad('tokens', '-5', 'tokens −5', '/training/tokens');
  await form.locator('#f-tokens').fill('5M');
  await bad('layers', '0', 'layers 0', '/model/layers');
  await form.locator('#f-layers').fill('24');
  await bad('loraTargets', 'foo', 'LoRA targets “foo”', '/training/loraTargets');
  await form.locator('#f-loraTargets').fill('');
  await bad('hfConfig', fixture('incomplete'), 'an incomplete config.json', '/model/hfConfig');
  await bad('hfConfig', '{ "model_type": ', 'a config that is not JSON', '/model/hfConfig');
  await form.locator('#f-hfConfig').fill('');
  await bad('budget', '很多', 'budget “很多”', '/goal/budget');

  const unique = [...new Set(failures)];
  assert.deepEqual(unique, [], `English in the Chinese page:\n${unique.join('\n')}`);
  await site.close(page);
});

site.assertClean();
