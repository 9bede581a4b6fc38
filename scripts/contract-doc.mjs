#!/usr/bin/env node
// Writes the tables of the JSON contract in docs/contract.md from the schemas' descriptions
// (core/schema/request.schema.json, response.schema.json), between the markers
//   <!-- BEGIN contract-request ... -->  <!-- END contract-request -->
//   <!-- BEGIN contract-response ... --> <!-- END contract-response -->
// so the contract's page says what the schemas say, field by field.
//
//   node scripts/contract-doc.mjs           rewrite docs/contract.md
//   node scripts/contract-doc.mjs --check   exit 1 when docs/contract.md is not what it would write
//
// tests/data/contract-doc.test.mjs runs the check, and checks that every name the contract's
// tables have ever listed is still there (v1 names are never renamed or dropped).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_FILES, deref, fieldsOf, loadSchemas, presenceOnly } from './contract-schemas.mjs';

/** The page that holds the tables, from the repository's root. */
export const PAGE = 'docs/contract.md';

// The fields of contract v1, as paths of fieldsOf(): the test keeps each of them in the schemas
// and in docs/contract.md's tables for good. Fields outside V1 are marked * in the tables
// ("extends v1"); V1 are the request's and the result's v1 fields, and the response's envelope.
export const V1 = Object.freeze({
  request: [
    'model.preset', 'model.params', 'model.activeParams', 'model.layers', 'model.hidden', 'model.heads', 'model.kvHeads',
    'model.ffnHidden', 'model.vocab', 'training.tokens', 'training.epochs', 'training.seqLen', 'training.mode',
    'training.precision', 'hardware.gpu', 'hardware.count', 'goal.days', 'goal.budget', 'goal.currency', 'efficiency.mfu',
    'catalog', 'model', 'training', 'hardware', 'goal', 'efficiency',
  ],
  response: [
    'ok', 'schemaVersion', 'catalogVersion', 'result', 'warnings', 'warnings[].code', 'warnings[].message', 'warnings[].path',
    'error', 'error.code', 'error.path', 'error.message',
    'result.compute', 'result.compute.flopsTotal', 'result.compute.flopsPerToken', 'result.compute.method',
    'result.memory', 'result.memory.convention', 'result.memory.bytesPerParam', 'result.memory.bytesPerParam.weights',
    'result.memory.bytesPerParam.gradients', 'result.memory.bytesPerParam.optimizer', 'result.memory.perGpu',
    'result.memory.perGpu.weightsBytes', 'result.memory.perGpu.gradientsBytes', 'result.memory.perGpu.optimizerBytes',
    'result.memory.perGpu.activationsBytes', 'result.memory.perGpu.overheadBytes', 'result.memory.perGpu.totalBytes',
    'result.estimate', 'result.estimate.gpu', 'result.estimate.count', 'result.estimate.mfu', 'result.estimate.gpuHours',
    'result.estimate.wallDays', 'result.estimate.fits', 'result.estimate.memoryPerGpuGiB', 'result.estimate.parallelism',
    ...['tp', 'pp', 'dp', 'microBatch', 'globalBatch', 'interleave', 'recompute', 'sequenceParallel', 'zero']
      .map((k) => `result.estimate.parallelism.${k}`),
    'result.options', ...['offerId', 'provider', 'deployment', 'gpu', 'units', 'count', 'wallDays', 'gpuHours', 'fits', 'meetsGoal',
      'recommended', 'cost', 'cost.amount', 'cost.currency', 'cost.billing', 'cost.billing[].period', 'cost.billing[].count',
      'cost.billing[].amount', 'cost.idleHours', 'warnings'].map((k) => `result.options[].${k}`),
    'result.steps', 'result.steps[].id', 'result.steps[].title', 'result.steps[].text',
  ],
});

// Extensions of v1 (marked * in the tables) that clients rely on: kept like the v1 names.
export const LISTED_EXTENSIONS = Object.freeze({
  request: [
    'model.experts', 'model.expertsPerToken', 'model.hfConfig', 'training.loraRank', 'training.loraTargets', 'training.kernels',
    'training.flashAttention', 'training.examples', 'training.tokensPerExample', 'training.packing', 'training.padding',
    'hardware.parallelism', ...['tp', 'pp', 'dp', 'ep', 'microBatch', 'globalBatch', 'interleave', 'recompute', 'sequenceParallel', 'zero']
      .map((k) => `hardware.parallelism.${k}`),
    'hardware.interNodeGBps', 'hardware.allowNonCuda', 'goal.usdCny', 'goal.sensitiveData', 'goal.asOf',
    'efficiency.measuredTokensPerSecondPerGpu', 'lang',
  ],
  response: [
    'result.compute.flops6PD', 'result.compute.tokensTotal', 'result.compute.trainableParams', 'result.memory.usableFraction',
    'result.memory.minGpus', ...['gpusUsed', 'mfuSource', 'peakTflops', 'parallelism.ep', 'countFromGoal', 'iterationSeconds',
      'globalBatch', 'tokensPerSecondPerGpu', 'steadyMfu', 'hfu', 'overheadFactor', 'runHours', 'breakdown',
      ...['matmul', 'attention', 'memoryBound', 'recompute', 'tpComm', 'ppComm', 'bubble', 'dpComm', 'moeComm', 'optimizer', 'overhead']
        .map((k) => `breakdown.${k}Seconds`),
      'search', 'search.configsEvaluated', 'search.configsFeasible', 'gpuHoursRange', 'gpuHoursRange.low', 'gpuHoursRange.high']
      .map((k) => `result.estimate.${k}`),
    ...['tier', 'region', 'isolation', 'gpusPerUnit', 'gpusUsed', 'gpuHoursRange', 'tokensPerSecondPerGpu', 'parallelism', 'outside',
      'cost.coveredHours', 'cost.trialThenMonthly', 'cost.trialThenMonthly.billing', 'cost.trialThenMonthly.amount',
      'cost.trialThenMonthly.idleHours', 'cost.trialThenMonthly.trialOfferId', 'cost.breakEvenHoursPerMonth',
      'costPerBillionTokens', 'unitPrices', 'unitPrices.hour', 'unitPrices.day', 'unitPrices.month', 'unitPrices.year',
      'minTermHours', 'commitment', 'spot', 'interconnect', 'storagePricePerGBMonth', 'egressPricePerGB', 'priceDate',
      'priceAgeDays', 'confidence', 'source'].map((k) => `result.options[].${k}`),
    'result.choices', 'result.choices.cheapest', 'result.choices.fastest', 'result.frontier', 'result.advice',
    'result.advice.ruleOfThumb', ...['tier', 'suggestion', 'agrees', 'message'].map((k) => `result.advice.ruleOfThumb.${k}`),
    'result.advice.notes', 'result.advice.notes[].code', 'result.advice.notes[].message', 'result.model', 'result.model.shapeSource',
    'result.training', 'result.assumedDays', 'result.currency', 'result.usdCny', 'result.recommendation', 'result.scaling',
    'result.scaling.rule',
  ],
});

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (text) => `\`${text}\``;

/** A field's type as the table shows it: `number | string`, `"en" | "zh"`, `object[]`... */
export function typeText(schemas, file, node) {
  const schema = deref(schemas, file, node);
  if (schema === true) return 'any';
  if (schema.external === 'catalog') return 'object (core/data/catalog.schema.json)';
  if (schema.external === 'request') return 'object (request.schema.json)';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const branches = [...(schema.anyOf || []), ...(schema.oneOf || [])].filter((b) => !presenceOnly(b));
  if (!schema.type && branches.length) return branches.map((b) => typeText(schemas, file, b)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type || 'object'];
  return types.map((t) => {
    if (t !== 'array') return t;
    if (schema.prefixItems) return `[${schema.prefixItems.map((b) => typeText(schemas, file, b)).join(', ')}]`;
    const inner = schema.items && typeof schema.items === 'object' ? typeText(schemas, file, schema.items) : 'any';
    return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
  }).join(' | ');
}

function table(schemas, fields, kind, strip = '', first = new Map()) {
  const v1 = new Set(V1[kind]);
  const rows = ['| field | type | meaning |', '|---|---|---|'];
  let skip = null; // the path whose fields were listed already, under an earlier path
  for (const f of fields) {
    if (skip && (f.path.startsWith(`${skip}.`) || f.path.startsWith(`${skip}[]`))) continue;
    skip = null;
    const shown = f.path.slice(strip.length);
    const star = v1.has(f.path) ? '' : '*';
    const presence = kind === 'request' ? (f.required ? ', required' : '') : (f.required ? '' : ', optional');
    const variants = f.alternatives || [f.schema];
    const type = [...new Set(variants.map((v) => typeText(schemas, f.file, v)))].join(' | ');
    let meaning = [...new Set(variants.map((v) => v.description || ''))].join(' ');
    const hasFields = fields.some((g) => g.path.startsWith(`${f.path}.`) || g.path.startsWith(`${f.path}[]`));
    if (f.shared && hasFields) {
      if (first.has(f.shared)) {
        meaning += ` Fields as in ${code(first.get(f.shared).slice(strip.length))}.`;
        skip = f.path;
      } else {
        first.set(f.shared, f.path);
      }
    }
    rows.push(`| ${code(shown)}${star} | ${cell(code(type))}${presence} | ${cell(meaning)} |`);
  }
  return rows.join('\n');
}

/** The generated blocks: {request, response}, each the text between its markers. */
export function blocks(root) {
  const schemas = loadSchemas(root);
  const request = fieldsOf(schemas, 'request');
  const response = fieldsOf(schemas, 'response');
  const envelope = response.filter((f) => !f.path.startsWith('result.'));
  const result = response.filter((f) => f.path.startsWith('result.'));
  return {
    request: `${table(schemas, request, 'request')}\n`,
    response: `${table(schemas, envelope, 'response')}\n\n\`result\`:\n\n${table(schemas, result, 'response', 'result.')}\n`,
  };
}

const marker = (name) => ({
  begin: `<!-- BEGIN contract-${name}: generated by scripts/contract-doc.mjs from ${SCHEMA_FILES[name]}; edit the schema, then run it -->`,
  end: `<!-- END contract-${name} -->`,
});

/** The page's text with each block replaced; throws when a marker is missing. */
export function render(page, generated) {
  let out = page;
  for (const [name, body] of Object.entries(generated)) {
    const { begin, end } = marker(name);
    const start = out.search(new RegExp(`<!-- BEGIN contract-${name}\\b[^\\n]*-->`));
    const stop = out.indexOf(end);
    if (start < 0 || stop < start) throw new Error(`${PAGE} lacks the markers of contract-${name}`);
    out = `${out.slice(0, start)}${begin}\n${body}${out.slice(stop)}`;
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, PAGE);
  const page = readFileSync(file, 'utf8');
  const next = render(page, blocks(root));
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error(`${PAGE}: the contract tables differ from the schemas; run node scripts/contract-doc.mjs`);
      process.exit(1);
    }
  } else if (next !== page) {
    writeFileSync(file, next);
    console.log(`${PAGE}: contract tables rewritten`);
  }
}
