// The contract's JSON Schemas (core/schema/request.schema.json, response.schema.json,
// claims.schema.json) against what the core reads and writes: compiled by Ajv in strict mode,
// every golden pair, the live answers of the CLI to varied requests (every error code among
// them), and `gpusizer claims`. When the core writes a field the response schema does not
// describe, this test fails: add the field to the schema with its description, then regenerate
// docs/contract.md and the TypeScript types (node scripts/contract-doc.mjs; node
// scripts/schema-to-dts.mjs).
// Usage: node tests/data/contract-schema.test.mjs <path-to-gpusizer-cli> <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { SCHEMA_FILES, deref, fieldsOf, loadSchemas } from '../../scripts/contract-schemas.mjs';

const [cli, rootArg] = process.argv.slice(2);
const root = rootArg && path.resolve(rootArg);
if (!cli || !root) {
  console.error('usage: node tests/data/contract-schema.test.mjs <path-to-gpusizer-cli> <repo-root>');
  process.exit(2);
}

const EXTEND = 'the core writes something the schema does not describe: add it to core/schema/*.schema.json ' +
  'with its description, then run node scripts/contract-doc.mjs and node scripts/schema-to-dts.mjs';
const showErrors = (errors) =>
  (errors || []).slice(0, 6).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('; ');

// ---- the schemas ----

const schemas = loadSchemas(root);
// Strict mode: unknown keywords, ambiguous types and required properties that are not declared
// all throw here, before any test runs.
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
for (const schema of Object.values(schemas)) ajv.addSchema(schema);
const validate = Object.fromEntries(Object.keys(schemas).map((name) => [name, ajv.getSchema(schemas[name].$id)]));
// What option_detail_json answers when ok (an error is the response's errorResponse).
validate.optionDetail = ajv.getSchema(`${schemas.response.$id}#/$defs/optionDetailResponse`);

for (const name of ['request', 'response', 'claims', 'optionDetail']) {
  test(`${SCHEMA_FILES[name] || 'response $defs/optionDetailResponse'} compiles in strict mode`, () => assert.equal(typeof validate[name], 'function'));
}

test(`${SCHEMA_FILES.request}: every optional field says its default`, () => {
  const silent = fieldsOf(schemas, 'request').filter((f) => !f.required && !/default|required/i.test(f.schema.description || ''));
  assert.deepEqual(silent.map((f) => f.path), []);
});

for (const name of ['request', 'response', 'claims']) {
  const fields = fieldsOf(schemas, name);
  test(`${SCHEMA_FILES[name]}: every one of its ${fields.length} fields has a description`, () => {
    assert.deepEqual(fields.filter((f) => !String(f.schema.description || '').trim()).map((f) => f.path), []);
  });
}

// Every node of a schema, with its JSON pointer.
function* nodes(schema, at = '#') {
  if (!schema || typeof schema !== 'object') return;
  yield [at, schema];
  for (const [key, value] of Object.entries(schema)) {
    if (['enum', 'const', 'default', 'required', 'examples'].includes(key)) continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) yield* nodes(value[i], `${at}/${key}/${i}`);
    } else if (value && typeof value === 'object') {
      yield* nodes(value, `${at}/${key}`);
    }
  }
}

for (const name of ['response', 'claims']) {
  test(`${SCHEMA_FILES[name]} allows no null anywhere`, () => {
    const nulls = [...nodes(schemas[name])]
      .filter(([, n]) => n.type === 'null' || (Array.isArray(n.type) && n.type.includes('null')) || n.const === null ||
        (Array.isArray(n.enum) && n.enum.includes(null)))
      .map(([at]) => at);
    assert.deepEqual(nulls, []);
  });
  test(`${SCHEMA_FILES[name]}: every field has a type, and objects say which properties they allow`, () => {
    const loose = [];
    for (const [at, n] of nodes(schemas[name])) {
      if (at.includes('/properties/') && at.split('/').at(-2) === 'properties' &&
          !(n.type || n.$ref || n.enum || 'const' in n || n.anyOf || n.oneOf)) loose.push(`${at}: no type`);
      if (n.type === 'object' && n.properties && n.additionalProperties !== false) loose.push(`${at}: additionalProperties`);
    }
    assert.deepEqual(loose, []);
  });
}

// The codes of core/include/gpusizer/codes.hpp: the schema lists exactly those.
const codesHpp = readFileSync(path.join(root, 'core/include/gpusizer/codes.hpp'), 'utf8');
const codesIn = (ns) => [...codesHpp.split(`namespace ${ns} {`)[1].split('}')[0].matchAll(/=\s*"([a-z_]+)"/g)].map((m) => m[1]);
const defs = schemas.response.$defs;
test('error.code lists the error codes of codes.hpp', () => {
  assert.deepEqual([...defs.errorCode.enum].sort(), codesIn('errc').sort());
});
test('warning and note codes list the warning codes of codes.hpp', () => {
  const listed = new Set([...defs.requestWarningCode.enum, ...defs.optionWarningCode.enum, ...defs.noteCode.enum]);
  assert.deepEqual([...listed].sort(), codesIn('warnc').sort());
});

// ---- answers: golden pairs, live requests ----

// Every answer seen, for the coverage test at the end.
const seen = { paths: new Set(), values: new Map(), errors: new Set(), request: new Set(), option: new Set(), note: new Set() };
function record(value, at = '') {
  if (typeof value === 'string' || typeof value === 'boolean') {
    if (!seen.values.has(at)) seen.values.set(at, new Set());
    seen.values.get(at).add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) record(item, `${at}[]`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = at ? `${at}.${key}` : key;
      seen.paths.add(here);
      record(item, here);
    }
  }
}
// The JSON pointers of the nulls in a value (the core writes none: NaN would come out as null).
const nullsIn = (value, at = '') => value === null ? [at || '/']
  : typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => nullsIn(v, `${at}/${k}`)) : [];

function checkResponse(response, what) {
  const ok = validate.response(response);
  assert.ok(ok, `${what}: ${showErrors(validate.response.errors)} (${EXTEND})`);
  assert.deepEqual(nullsIn(response), [], `${what}: nulls in the response`);
  record(response);
  if (response.ok === false) seen.errors.add(response.error.code);
  for (const w of response.warnings || []) seen.request.add(w.code);
  for (const w of (response.result?.options || []).flatMap((o) => o.warnings)) seen.option.add(w.code);
  for (const w of response.result?.advice?.notes || []) seen.note.add(w.code);
}

const goldenDir = path.join(root, 'tests/golden');
const goldenNames = readdirSync(goldenDir).filter((f) => f.endsWith('.response.json')).map((f) => f.replace(/\.response\.json$/, ''));
for (const name of goldenNames) {
  test(`golden ${name}: response, and an accepted request, match the schemas`, () => {
    const response = JSON.parse(readFileSync(path.join(goldenDir, `${name}.response.json`), 'utf8'));
    checkResponse(response, `${name}.response.json`);
    let request;
    try {
      request = JSON.parse(readFileSync(path.join(goldenDir, `${name}.request.json`), 'utf8'));
    } catch {
      assert.equal(response.ok, false, 'a request that is not JSON was accepted');
      return;
    }
    if (response.ok) assert.ok(validate.request(request), `${name}.request.json: ${showErrors(validate.request.errors)}`);
  });
}

const run = (args, input) => spawnSync(cli, args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const estimate = (request) => {
  const text = typeof request === 'string' ? request : JSON.stringify(request);
  const p = run(['estimate'], text);
  return JSON.parse(p.stdout);
};

// A provider catalog as sparse as the catalog reader allows, and one with every optional field.
const acme = {
  catalogVersion: 'acme-2026-12',
  asOf: '2026-12-01',
  fx: { usdCny: 7.05, date: '2026-12-01', source: 'Acme treasury' },
  gpus: [{ id: 'acme-x1', name: { en: 'Acme X1', zh: '极致 X1' }, memoryGiB: 96, peakTflops: { bf16: 700, fp16: 700, fp8: 1400 },
    gpusPerNode: 8, intraNode: { link: 'NVLink 4', kind: 'nvlink', gbps: 450 }, interNodeGBpsPerGpu: 50, architecture: 'hopper',
    memoryBandwidthTBps: 4 }],
  models: [{ id: 'acme-13b', name: 'Acme 13B', params: 13e9, layers: 40, hidden: 5120, heads: 40, vocab: 64000, seqLen: 8192 }],
  offers: [
    { id: 'acme-bare', provider: 'Acme', gpu: 'h100-80gb', currency: 'CNY', prices: { hour: 20 } },
    { id: 'acme-8x-x1-monthly', provider: { en: 'Acme Compute', zh: '极致算力' }, deployment: 'local-dc', tier: 'baremetal-lease',
      region: { en: 'CN-East', zh: '华东' }, gpu: 'acme-x1', gpusPerUnit: 8, unitsAvailable: 2, currency: 'CNY',
      prices: { month: 90000, year: 950000 }, minTermHours: 720, commitment: { en: 'monthly lease', zh: '月租' }, depositMonths: 1,
      setupFee: 2000, storagePricePerGBMonth: 0.5, storageIncludedGB: 2000, egressPricePerGB: 0.8, isolation: 'physical',
      interconnect: { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 }, priceDate: '2026-11-20',
      confidence: 'high', source: 'Acme price list' },
    { id: 'acme-1x-x1-hourly', provider: { en: 'Acme Compute', zh: '极致算力' }, gpu: 'acme-x1', gpusPerUnit: 1, currency: 'CNY',
      prices: { hour: 30, day: 600 }, maxGpusPerNode: 8, interconnect: { interUnit: 'ethernet', interUnitGBpsPerGpu: 12.5 },
      priceDate: '2026-05', confidence: 'medium', spot: true },
    { id: 'acme-4090-box', provider: 'Acme', gpu: 'rtx-4090', gpusPerUnit: 8, unitsAvailable: 1, currency: 'USD',
      prices: { day: 40 }, interconnect: { interUnit: 'none' }, priceDate: '2024', confidence: 'low' },
  ],
};

// A Hugging Face config.json each of a few families.
const llama3Config = { model_type: 'llama', _name_or_path: 'meta-llama/Meta-Llama-3-8B', hidden_size: 4096, num_hidden_layers: 32,
  num_attention_heads: 32, num_key_value_heads: 8, intermediate_size: 14336, vocab_size: 128256, hidden_act: 'silu',
  tie_word_embeddings: false, max_position_embeddings: 8192, rope_theta: 500000 };
const qwenMoeConfig = { model_type: 'qwen2_moe', hidden_size: 2048, num_hidden_layers: 24, num_attention_heads: 16,
  num_key_value_heads: 16, intermediate_size: 5632, moe_intermediate_size: 1408, shared_expert_intermediate_size: 5632,
  num_experts: 60, num_experts_per_tok: 4, vocab_size: 151936 };
const deepseekConfig = { model_type: 'deepseek_v3', hidden_size: 7168, num_hidden_layers: 61, num_attention_heads: 128,
  num_key_value_heads: 128, intermediate_size: 18432, moe_intermediate_size: 2048, n_routed_experts: 256, n_shared_experts: 1,
  num_experts_per_tok: 8, first_k_dense_replace: 3, q_lora_rank: 1536, kv_lora_rank: 512, qk_nope_head_dim: 128,
  qk_rope_head_dim: 64, v_head_dim: 128, vocab_size: 129280 };
const falconConfig = { model_type: 'falcon', hidden_size: 4544, num_hidden_layers: 32, num_attention_heads: 71, vocab_size: 65024,
  multi_query: true, new_decoder_architecture: false };

const days30 = { days: 30 };
// [what, request, expected: true (ok) or the error code, does the request schema accept it?]
// An error the schema can express (a wrong type, a value out of range, a field missing) must be
// refused by the request schema too; one it cannot (an unknown id, an unreadable number string,
// a layout that does not divide) passes it.
const cases = [
  ['preset, deadline', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, goal: days30 }, true, true],
  ['preset on a GPU, no goal', { schemaVersion: 1, model: { preset: 'llama-3-8b' }, training: { tokens: 15e12 }, hardware: { gpu: 'h100-80gb' } }, true, true],
  ['typed size in Chinese, zh, count as a string', { lang: 'zh', model: { params: '70亿' }, training: { tokens: '2万亿' },
    hardware: { gpu: 'a100-80gb', count: '64' } }, true, true],
  ['full-width and grouped numbers', { model: { params: '７Ｂ' }, training: { tokens: '1,000,000,000,000', epochs: '2' },
    goal: { days: '20' } }, true, true],
  ['words and %, fp16', { model: { params: '13 billion' }, training: { tokens: '300 billion', precision: 'fp16' }, hardware: { gpu: 'h800-80gb', count: 32 },
    efficiency: { mfu: '40%' } }, true, true],
  ['shape alone, geglu, tied, headDim', { model: { layers: 24, hidden: 2048, heads: 16, headDim: 128, activation: 'geglu',
    tiedEmbeddings: true, attention: 'mha' }, training: { tokens: '300B', seqLen: 2048 }, hardware: { gpu: 'l40s-48gb', count: 8 } }, true, true],
  ['MoE shape with a fixed layout', { model: { layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffnHidden: 14336, vocab: 32000,
    experts: 8, expertsPerToken: 2, name: 'my-moe', source: 'paper' }, training: { tokens: '1T' },
    hardware: { gpu: 'h100-80gb', count: 64, parallelism: { tp: 2, pp: 1, dp: 32, ep: 8, microBatch: 1, globalBatch: 1024,
      recompute: 'full', sequenceParallel: false, zero: 3 } } }, true, true],
  ['MoE preset, active parameters changed', { model: { preset: 'mixtral-8x7b', activeParams: '13B' },
    training: { mode: 'full-finetune', tokens: '5B' }, goal: { days: 7, budget: '50万' } }, true, true],
  ['DeepSeek-V3 preset, fp8, pipeline interleaved', { model: { preset: 'deepseek-v3' }, training: { tokens: '14.8T', precision: 'fp8' },
    hardware: { gpu: 'h800-80gb', count: 2048, interNodeGBps: 50 }, goal: { days: 60 } }, true, true],
  ['config.json (Llama 3)', { model: { hfConfig: llama3Config }, training: { tokens: '15T' }, hardware: { gpu: 'h100-80gb' },
    goal: { days: 90 } }, true, true],
  ['config.json (Qwen MoE) with the sequence length', { model: { hfConfig: qwenMoeConfig, seqLen: 8192 },
    training: { mode: 'lora', tokens: '1B', loraRank: 8, loraTargets: 'q_proj,v_proj' } }, true, true],
  ['config.json (DeepSeek-V3, MLA)', { model: { hfConfig: deepseekConfig }, training: { tokens: '1T', precision: 'fp8' },
    hardware: { gpu: 'h800-80gb', count: 256 } }, true, true],
  ['config.json (Falcon, multi-query)', { model: { hfConfig: { ...falconConfig } }, training: { tokens: '100B' } }, true, true],
  ['config.json of an unknown family', { model: { hfConfig: { ...llama3Config, model_type: 'mystery' } }, training: { tokens: '1B' } }, true, true],
  ['LoRA of a typed size', { model: { params: '3B' }, training: { mode: 'lora', tokens: '100M' } }, true, true],
  ['LoRA on a dataset, padded to the longest', { model: { preset: 'qwen2.5-7b' }, training: { mode: 'lora', examples: '52K',
    tokensPerExample: 350, padding: 'longest', loraRank: 64, loraTargets: ['q_proj', 'v_proj'], epochs: 3 },
    hardware: { gpu: 'rtx-4090', count: 1 }, goal: { currency: 'USD' } }, true, true],
  ['QLoRA on a packed dataset, eager kernels', { model: { preset: 'llama-2-70b' }, training: { mode: 'qlora', examples: 100000,
    tokensPerExample: '1K', packing: true, loraTargets: 'attention', kernels: 'eager', seqLen: 4096 },
    hardware: { gpu: 'a100-80gb', count: 1 } }, true, true],
  ['dataset padded to max length', { model: { preset: 'llama-3.1-8b' }, training: { mode: 'full-finetune', examples: '10万',
    tokensPerExample: 600, padding: 'max-length', seqLen: 2048, flashAttention: false } }, true, true],
  ['budget alone, USD', { model: { preset: 'llama-3-8b' }, training: { tokens: '1T' }, goal: { budget: 200000, currency: 'USD' } }, true, true],
  ['budget alone with a GPU', { model: { preset: 'llama-2-13b' }, training: { tokens: '500B' }, hardware: { gpu: 'a800-80gb' },
    goal: { budget: '100万' } }, true, true],
  ['deadline and a small budget', { model: { preset: 'llama-2-70b' }, training: { tokens: '2T' }, goal: { days: 30, budget: '10万' } }, true, true],
  ['sensitive data, rate, date', { lang: 'zh', model: { preset: 'qwen2.5-14b' }, training: { mode: 'full-finetune', tokens: '10B' },
    goal: { days: 10, currency: 'USD', usdCny: '7.1', sensitiveData: true, asOf: '2027-06-30' } }, true, true],
  ['sized by count alone', { model: { preset: 'mistral-7b' }, training: { tokens: '100B' }, hardware: { gpu: 'h100-80gb', count: 16 } }, true, true],
  ['non-CUDA allowed', { model: { preset: 'qwen2.5-72b' }, training: { tokens: '100B' }, hardware: { gpu: 'ascend-910b', allowNonCuda: true },
    goal: { days: 60, currency: 'CNY' } }, true, true],
  ['fp8 on an A100: precision fallback', { model: { preset: 'llama-2-7b' }, training: { tokens: '100B', precision: 'fp8' },
    hardware: { gpu: 'a100-80gb', count: 8 } }, true, true],
  ['does not fit', { model: { preset: 'llama-2-70b' }, training: { mode: 'full-finetune', tokens: '1B' },
    hardware: { gpu: 'rtx-4090', count: 1 } }, true, true],
  ['a deadline no count of the GPU meets', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' },
    hardware: { gpu: 'rtx-4090' }, goal: { days: 1 } }, true, true],
  ['a run of years', { model: { preset: 'llama-3.1-405b' }, training: { tokens: '15T' }, hardware: { gpu: 'h100-80gb', count: 64 } }, true, true],
  ['measured throughput on another GPU', { model: { preset: 'llama-3-8b' }, training: { tokens: '1T' }, hardware: { gpu: 'h100-80gb' },
    efficiency: { measuredTokensPerSecondPerGpu: '3000', measuredGpu: 'a100-80gb', measuredGpus: 8 }, goal: days30 }, true, true],
  ['measured throughput in a layout', { model: { preset: 'llama-2-13b' }, training: { tokens: '500B' }, hardware: { gpu: 'a100-80gb', count: 16 },
    efficiency: { measuredTokensPerSecondPerGpu: 1500, measuredGpus: 8, measuredParallelism: { tp: 2, pp: 1, dp: 4 } } }, true, true],
  ['provider catalog with its own GPU and model', { model: { preset: 'acme-13b' }, training: { tokens: '300B' },
    hardware: { gpu: 'acme-x1' }, goal: { days: 45, asOf: '2026-12-10' }, catalog: acme }, true, true],
  ['provider catalog beside the default offers, zh', { lang: 'zh', model: { preset: 'llama-2-7b' }, training: { tokens: '200B' },
    goal: { days: 30, currency: 'USD' }, catalog: { ...acme, includeDefaultOffers: true } }, true, true],
  ['provider catalog: a big job on limited units', { model: { preset: 'llama-2-70b' }, training: { tokens: '2T' }, goal: { days: 10 },
    catalog: acme }, true, true],
  ['sensitive data where no offer is isolated', { model: { preset: 'llama-2-7b' }, training: { tokens: '50B' },
    goal: { days: 20, sensitiveData: true }, catalog: { offers: [acme.offers[0], acme.offers[2]], gpus: acme.gpus } }, true, true],
  ['a GPU only outside the CUDA stack', { model: { preset: 'llama-2-7b' }, training: { tokens: '100B' },
    hardware: { gpu: 'ascend-910b' }, goal: days30 }, true, true],
  ['only a low-confidence price', { model: { preset: 'llama-2-7b' }, training: { mode: 'qlora', tokens: '10M' },
    catalog: { offers: [acme.offers[3]] } }, true, true],
  ['unknown fields warn (and the schema refuses them)', { model: { preset: 'llama-2-7b', param: '7B' }, training: { tokens: '1T',
    tokensPerExample: 100 }, efficiency: { measuredGpu: 'a100-80gb' }, extra: 1 }, true, false],
  ['a summary response', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, goal: days30,
    response: { options: 'summary' } }, true, true],
  ['a full response, asked for', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, goal: days30,
    response: { options: 'full' } }, true, true],
  // The data: sizes and kinds, tokenizers, a provider that sells bandwidth and states owning figures.
  ['data by its size, zh, over a 千兆 line', { lang: 'zh', model: { preset: 'qwen2.5-7b' }, training: { mode: 'full-finetune' },
    data: { size: '500 GB', kind: 'zh', uploadMbps: '千兆', checkpointsKept: 2 }, goal: { days: 14 } }, true, true],
  ['data from its tokens, a tokenizer without a figure on code', { model: { preset: 'llama-3-8b' }, training: { tokens: '100B' },
    data: { kind: 'code', tokenizer: 'glm4' }, goal: days30 }, true, true],
  ['LoRA on examples, its data described', { model: { preset: 'qwen2.5-7b' }, training: { mode: 'lora', examples: '52K',
    tokensPerExample: 350 }, data: { kind: 'mixed' } }, true, true],
  ['8 TB over 100 Mbit/s: slow transfer', { model: { preset: 'llama-3-8b' }, training: { tokens: '2T' },
    data: { size: '8TB', kind: 'en', uploadMbps: 100 }, goal: { days: 21 } }, true, true],
  ['a provider selling bandwidth, stating what owning costs', { model: { preset: 'acme-13b' }, training: { tokens: '300B' },
    data: { size: '2 TiB', kind: 'en', uploadMbps: '1 Gbps' }, goal: { days: 45, asOf: '2026-12-10' },
    catalog: { ...acme, offers: [{ ...acme.offers[1], unitsAvailable: 16, bandwidthPricePerMbpsMonth: 10, includedMbps: 50,
      publicIpPricePerMonth: 50, supportPricePerMonth: 500, purchasePrice: 2000000, powerKw: 10, hostingPricePerMonth: 9000,
      powerPricePerKwh: 0.8, pue: 1.3 }] } }, true, true],
  ['more than 50 warnings', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' },
    ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`typo${i}`, i])) }, true, false],
  // Errors: every code estimate_json can answer.
  ['not JSON', '{"model": ', 'invalid_json', null],
  ['a number beyond double', '{"model": {"params": 1e400}, "training": {"tokens": "1T"}}', 'invalid_json', null],
  ['tokens of the wrong type', { model: { preset: 'llama-2-7b' }, training: { tokens: true } }, 'invalid_type', false],
  ['model of the wrong type', { model: 'llama-2-7b', training: { tokens: '1T' } }, 'invalid_type', false],
  ['an unreadable number', { model: { params: '7 bananas' }, training: { tokens: '2T' } }, 'invalid_value', true],
  ['a negative count', { model: { params: '7B' }, training: { tokens: -5 } }, 'invalid_value', false],
  ['a currency not offered', { model: { params: '7B' }, training: { tokens: '1T' }, goal: { currency: 'EUR' } }, 'invalid_value', false],
  ['a layout that does not divide', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' },
    hardware: { gpu: 'a100-80gb', count: 16, parallelism: { tp: 3 } } }, 'invalid_value', true],
  ['mfu and a measurement', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, hardware: { gpu: 'a100-80gb' },
    efficiency: { mfu: 0.4, measuredTokensPerSecondPerGpu: 3000 } }, 'invalid_value', false],
  ['tokens and examples', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T', examples: 1000, tokensPerExample: 100 } }, 'invalid_value', false],
  ['a date that is not one', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, goal: { asOf: '2026/11/29' } }, 'invalid_value', false],
  // Values that make a sane answer impossible: each refused with its path (a range the schema states, or a
  // calendar day and a throughput's MFU, which it cannot).
  ['a utilization too small to finish', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, efficiency: { mfu: 1e-300 } },
    'invalid_value', false],
  ['an exchange rate of almost nothing', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, goal: { usdCny: 1e-320 } },
    'invalid_value', false],
  ['no network between nodes', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' },
    hardware: { gpu: 'h100-80gb', count: 16, interNodeGBps: 0 } }, 'invalid_value', false],
  ['a day that does not exist', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, goal: { asOf: '2026-02-30' } }, 'invalid_value', true],
  ['more layers than any model', { model: { preset: 'llama-2-7b', layers: 5000 }, training: { tokens: '1T' } }, 'invalid_value', false],
  ['a measured throughput below any run', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, hardware: { gpu: 'h100-80gb' },
    efficiency: { measuredTokensPerSecondPerGpu: 1e-300 } }, 'invalid_value', true],
  ['a string over 1 KiB', { model: { preset: 'x'.repeat(1100) }, training: { tokens: '1T' } }, 'invalid_value', false],
  ['nested over 64 levels', `{"model": {"preset": "llama-2-7b", "hfConfig": ${'{"a":'.repeat(70)}1${'}'.repeat(70)}}, "training": {"tokens": "1T"}}`, 'invalid_value', true],
  ['over 2 MiB', `{"model": {"preset": "llama-2-7b"}, "training": {"tokens": "1T"}}${' '.repeat(2 * 1024 * 1024)}`, 'invalid_value', true],
  ['over 2,000 offers', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, catalog: { offers: Array.from({ length: 2001 },
    (_, i) => ({ id: `o-${i}`, provider: 'p', gpu: 'h100-80gb', currency: 'USD', prices: { hour: 2 } })) } }, 'invalid_value', false],
  ['no training', { model: { preset: 'llama-2-7b' } }, 'missing_field', false],
  ['a negative size', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, data: { size: '-8TB' } }, 'invalid_value', true],
  ['a count where a size goes', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, data: { size: '8T', kind: 'en' } }, 'invalid_value', true],
  ['a size in bits', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, data: { size: '8Tb' } }, 'invalid_value', true],
  ['an upload line of zero, zh', { lang: 'zh', model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, data: { uploadMbps: 0 } },
    'invalid_value', false],
  ['a kind of text not offered', { model: { preset: 'llama-2-7b' }, training: { tokens: '2T' }, data: { kind: 'chinese' } }, 'invalid_value', false],
  ['a size to turn into tokens without its kind', { model: { preset: 'llama-2-7b' }, training: {}, data: { size: '8TB' } }, 'missing_field', true],
  ['examples without tokens per example', { model: { preset: 'llama-2-7b' }, training: { examples: 1000 } }, 'missing_field', false],
  ['a count without a GPU', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, hardware: { count: 8 } }, 'missing_field', false],
  ['an incomplete shape', { model: { layers: 32, hidden: 4096 }, training: { tokens: '1T' } }, 'missing_field', false],
  ['an unknown preset', { model: { preset: 'llama-9-7b' }, training: { tokens: '1T' } }, 'unknown_preset', true],
  ['an unknown GPU, zh', { lang: 'zh', model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, hardware: { gpu: 'z100' } }, 'unknown_gpu', true],
  ['a reply mode not offered', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, response: { options: 'brief' } },
    'invalid_value', false],
  ['version 2', { schemaVersion: 2, model: { preset: 'llama-2-7b' }, training: { tokens: '1T' } }, 'unsupported_version', false],
  ['an offer id twice', { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, catalog: { offers: [acme.offers[0], acme.offers[0]] } },
    'invalid_catalog', true],
];

for (const [what, request, expected, accepted] of cases) {
  test(`live: ${what} → ${expected === true ? 'ok' : expected}`, () => {
    const response = estimate(request);
    checkResponse(response, what);
    if (expected === true) assert.equal(response.ok, true, JSON.stringify(response.error));
    else assert.equal(response.error?.code, expected, JSON.stringify(response.error || response.warnings));
    if (typeof request === 'object' && accepted !== null) {
      assert.equal(validate.request(request), accepted,
        accepted ? `the request schema refuses it: ${showErrors(validate.request.errors)}` : 'the request schema accepts it');
    }
  });
}

// option_detail_json (`gpusizer estimate --option ID`): each option of a summary, in full, is the
// option of the full response; an offer the estimate lacks is unknown_offer.
test('live: option details of a summary are the full response\'s options; unknown_offer', () => {
  const request = { model: { preset: 'llama-2-70b' }, training: { tokens: '2T' }, goal: { days: 10, asOf: '2026-12-10' },
    catalog: { ...acme, includeDefaultOffers: false } };
  const full = estimate(request);
  const summary = estimate({ ...request, response: { options: 'summary' } });
  checkResponse(summary, 'summary');
  assert.equal(summary.response?.options, 'summary');
  assert.deepEqual(summary.result.options.map((o) => o.offerId), full.result.options.map((o) => o.offerId));
  for (const option of full.result.options) {
    const p = run(['estimate', '--option', option.offerId], JSON.stringify({ ...request, response: { options: 'summary' } }));
    const detail = JSON.parse(p.stdout);
    assert.ok(validate.optionDetail(detail), `detail of ${option.offerId}: ${showErrors(validate.optionDetail.errors)} (${EXTEND})`);
    assert.deepEqual(nullsIn(detail), []);
    assert.deepEqual(detail.option, option);
  }
  const unknown = JSON.parse(run(['estimate', '--option', 'no-such-offer'], JSON.stringify(request)).stdout);
  checkResponse(unknown, 'unknown_offer');
  assert.equal(unknown.error.code, 'unknown_offer');
});

test('live: io_error, a request file the CLI cannot read', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gpusizer-schema-'));
  try {
    const p = run(['estimate', path.join(dir, 'missing.json')]);
    const response = JSON.parse(p.stdout);
    checkResponse(response, 'io_error');
    assert.equal(response.error.code, 'io_error');
    // and a file it can read
    writeFileSync(path.join(dir, 'r.json'), JSON.stringify(cases[0][1]));
    checkResponse(JSON.parse(run(['estimate', path.join(dir, 'r.json')]).stdout), 'from a file');
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('internal_error: the last-resort answer of core/src/contract/guarded.hpp', () => {
  const api = readFileSync(path.join(root, 'core/src/contract/guarded.hpp'), 'utf8');
  const fallback = JSON.parse(api.match(/kFallbackError\s*=\s*R"\((.*?)\)"/s)[1]);
  checkResponse(fallback, 'kFallbackError');
  assert.equal(fallback.error.code, 'internal_error');
});

// ---- what the schemas revealed: the core's answer disagrees with its own contract ----
// Reported, not fixed here (core/ is not this test's to change). Each runs as a TODO: it shows in
// the output and does not fail the run; when the core is fixed, it passes (drop the todo then).

test('a catalog GPU without memoryBandwidthTBps (optional) gives a response without nulls', {
  todo: 'the performance model divides by the bandwidth: NaN throughput, iteration time, MFU and breakdown, written as null',
}, () => {
  const { memoryBandwidthTBps, ...gpu } = acme.gpus[0];
  const response = estimate({ model: { preset: 'llama-2-7b' }, training: { tokens: '300B' }, hardware: { gpu: 'acme-x1', count: 8 },
    catalog: { gpus: [gpu], offers: [{ ...acme.offers[0], gpu: 'acme-x1' }] } });
  assert.ok(validate.response(response), showErrors(validate.response.errors));
});

test('goal.asOf that is no date (2026-13-01, 2026-ab-cd) is refused', {
  todo: 'the core checks only YYYY-?-? and the year: a bad month reads as July, a bad day as the 15th',
}, () => {
  for (const asOf of ['2026-13-01', '2026-ab-cd']) {
    const request = { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, goal: { asOf } };
    assert.equal(validate.request(request), false);
    assert.equal(estimate(request).error?.code, 'invalid_value', asOf);
  }
});

test('null reads the same everywhere in a request', {
  todo: 'null is "absent" in model fields, model.hfConfig and catalog entries, but invalid_type elsewhere (training.epochs, hardware)',
}, () => {
  const model = estimate({ model: { preset: 'llama-2-7b', params: null }, training: { tokens: '1T' } });
  const training = estimate({ model: { preset: 'llama-2-7b' }, training: { tokens: '1T', epochs: null } });
  assert.equal(model.ok, training.ok);
});

// ---- gpusizer claims ----

for (const lang of ['en', 'zh']) {
  test(`\`gpusizer claims --lang ${lang}\` matches claims.schema.json; each claim's request the request schema`, () => {
    const doc = JSON.parse(run(['claims', '--lang', lang]).stdout);
    assert.ok(validate.claims(doc), `${showErrors(validate.claims.errors)} (${EXTEND})`);
    assert.ok(doc.claims.length > 0);
    assert.deepEqual(nullsIn(doc), []);
    for (const claim of doc.claims) {
      assert.ok(validate.request(claim.request), `${claim.id}: ${showErrors(validate.request.errors)}`);
    }
  });
}

// ---- coverage: the schema describes what the core writes, not more ----

test('every response field the schema declares was written by some answer above', () => {
  const declared = fieldsOf(schemas, 'response').map((f) => f.path);
  const unseen = declared.filter((p) => !seen.paths.has(p));
  assert.deepEqual(unseen, [], 'add a request above that makes the core write them');
});
test('every value of every enumerated response field was written by some answer above', () => {
  const unseen = [];
  for (const f of fieldsOf(schemas, 'response')) {
    const values = f.schema.enum || (f.schema.items && deref(schemas, f.file, f.schema.items).enum);
    if (!values || f.path.endsWith('code')) continue; // codes: the tests below
    const at = f.schema.items ? `${f.path}[]` : f.path;
    for (const v of values) if (!seen.values.get(at)?.has(v)) unseen.push(`${at} ${JSON.stringify(v)}`);
  }
  assert.deepEqual(unseen, []);
});
test('every error code was answered above', () => {
  assert.deepEqual(defs.errorCode.enum.filter((c) => !seen.errors.has(c)), []);
});
for (const [kind, def] of [['request', 'requestWarningCode'], ['option', 'optionWarningCode'], ['note', 'noteCode']]) {
  test(`every code of ${def} was answered above, where the schema puts it`, () => {
    assert.deepEqual(defs[def].enum.filter((c) => !seen[kind].has(c)), []);
  });
}
