// Checks core/data/catalog.schema.json against the catalog the CLI prints, the provider example and a
// few deliberately broken catalogs.
// Usage: node tests/data/catalog-schema.test.mjs <path-to-gpusizer-cli> <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';

const [cli, root] = process.argv.slice(2);
if (!cli || !root) {
  console.error('usage: node tests/data/catalog-schema.test.mjs <path-to-gpusizer-cli> <repo-root>');
  process.exit(2);
}

const showErrors = (errors) =>
  (errors || []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

const schemaPath = path.join(root, 'core/data/catalog.schema.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
// Compiling in strict mode throws on a schema mistake: the file fails before any test runs.
const validate = ajv.compile(schema);
test(`schema compiles in strict mode: ${path.relative(root, schemaPath)}`, () => {
  assert.equal(typeof validate, 'function');
});

// 1. The default catalog printed by the CLI.
const out = execFileSync(cli, ['catalog'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const catalog = JSON.parse(out);

test(`\`${path.basename(cli)} catalog\` validates ` +
  `(${catalog.gpus?.length} gpus, ${catalog.models?.length} models, ${catalog.offers?.length} offers)`, () => {
  assert.ok(validate(catalog), showErrors(validate.errors));
});
for (const key of ['catalogVersion', 'fx', 'gpus', 'models', 'offers']) {
  test(`default catalog has ${key}`, () => assert.ok(key in catalog));
}

// Rules the schema cannot express: unique ids and offer -> gpu references.
const gpuIds = new Set((catalog.gpus || []).map((g) => g.id));
const dupes = (list) => (list || []).map((x) => x.id).filter((id, i, all) => all.indexOf(id) !== i);
test('gpu ids are unique', () => assert.deepEqual(dupes(catalog.gpus), []));
test('model ids are unique', () => assert.deepEqual(dupes(catalog.models), []));
test('offer ids are unique', () => assert.deepEqual(dupes(catalog.offers), []));
test('every offer names a catalog gpu', () => {
  assert.deepEqual((catalog.offers || []).filter((o) => !gpuIds.has(o.gpu)).map((o) => `${o.id} -> ${o.gpu}`), []);
});
test('every exportVariantOf names a catalog gpu', () => {
  assert.deepEqual((catalog.gpus || []).filter((g) => g.exportVariantOf && !gpuIds.has(g.exportVariantOf)).map((g) => g.id), []);
});

// The source files themselves, assembled the way the core embeds them (catches a stale CLI build).
const readData = (name) => JSON.parse(readFileSync(path.join(root, 'core/data', name), 'utf8'));
const offersFile = readData('offers.json');
const assembled = {
  catalogVersion: offersFile.catalogVersion, fx: offersFile.fx,
  gpus: readData('gpus.json').gpus, models: readData('models.json').models, offers: offersFile.offers,
};
test('core/data/{gpus,models,offers}.json assembled validate', () => {
  assert.ok(validate(assembled), showErrors(validate.errors));
});
const newFields = ['commitment', 'depositMonths', 'setupFee', 'storagePricePerGBMonth', 'storageIncludedGB', 'egressPricePerGB'];
const counts = newFields.map((f) => `${f} ${assembled.offers.filter((o) => f in o).length}`).join(', ');
// The CLI prints keys sorted, so compare key-order-independently.
const canonical = (v) => JSON.stringify(v, (k, x) =>
  x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);
test(`CLI offers match core/data/offers.json (${counts})`, () => {
  assert.ok(canonical(assembled.offers) === canonical(catalog.offers), 'the CLI build is stale: rebuild with cmake --build --preset native');
});

// 2. The provider example shipped with the site.
const examplePath = path.join(root, 'public/provider-catalog.example.json');
const example = JSON.parse(readFileSync(examplePath, 'utf8'));
test(`${path.relative(root, examplePath)} validates (${example.offers?.length} offers)`, () => {
  assert.ok(validate(example), showErrors(validate.errors));
});

// 3. Deliberately broken catalogs must be rejected.
const clone = (x) => JSON.parse(JSON.stringify(x));
const baseOffer = clone(catalog.offers.find((o) => o.id === 'lambda-8x-h100-80gb') || catalog.offers[0]);
const baseGpu = clone(catalog.gpus.find((g) => g.id === 'h100-80gb') || catalog.gpus[0]);
const withOffer = (patch) => ({ offers: [{ ...clone(baseOffer), ...patch }] });
const withGpu = (mutate) => {
  const g = clone(baseGpu);
  mutate(g);
  return { gpus: [g] };
};
const broken = [
  ['offer with prices {}', withOffer({ prices: {} }), '/offers/0/prices'],
  ['offer with currency "EUR"', withOffer({ currency: 'EUR' }), '/offers/0/currency'],
  ['offer with gpusPerUnit 0', withOffer({ gpusPerUnit: 0 }), '/offers/0/gpusPerUnit'],
  ['gpu without memoryGiB', withGpu((g) => delete g.memoryGiB), '/gpus/0'],
  ['offer with a negative hourly price', withOffer({ prices: { hour: -1 } }), '/offers/0/prices/hour'],
  ['offer with an unknown price period', withOffer({ prices: { week: 100 } }), '/offers/0/prices'],
  ['offer with a non-kebab id', withOffer({ id: 'My Offer' }), '/offers/0/id'],
  ['offer with interUnit "nvlink"', withOffer({ interconnect: { intraUnit: 'nvlink', interUnit: 'nvlink', interUnitGBpsPerGpu: 50 } }), '/offers/0/interconnect/interUnit'],
  ['gpu without bf16 or fp16 peak', withGpu((g) => { g.peakTflops = { bf16: null, fp16: null, fp8: 100, tf32: null }; }), '/gpus/0/peakTflops'],
  ['model without params', { models: [{ id: 'tiny' }] }, '/models/0'],
  ['unknown top-level key "offer"', { offer: [] }, ''],
  // Ranges and dates the core refuses (docs/hardening.md).
  ['offer priced in month 13', withOffer({ priceDate: '2026-13-01' }), '/offers/0/priceDate'],
  ['offer priced in year 9999', withOffer({ priceDate: '9999' }), '/offers/0/priceDate'],
  ['fx dated 2026-1-5', { fx: { usdCny: 7, date: '2026-1-5' } }, '/fx/date'],
  ['fx of 1e-320 CNY per USD', { fx: { usdCny: 1e-320 } }, '/fx/usdCny'],
  ['gpu with a zero network', withGpu((g) => { g.interNodeGBpsPerGpu = 0; }), '/gpus/0/interNodeGBpsPerGpu'],
  ['gpu with a 0.5 TFLOP/s fp8 peak', withGpu((g) => { g.peakTflops.fp8 = 0.5; }), '/gpus/0/peakTflops/fp8'],
  ['offer with a zero network between units', withOffer({ interconnect: { interUnit: 'infiniband', interUnitGBpsPerGpu: 0 } }), '/offers/0/interconnect/interUnitGBpsPerGpu'],
];
for (const [what, doc, where] of broken) {
  test(`rejects ${what}`, () => {
    const ok = validate(doc);
    assert.ok(!ok, 'was accepted');
    const hit = (validate.errors || []).some((e) => e.instancePath.startsWith(where));
    assert.ok(hit, `errors elsewhere: ${showErrors(validate.errors)}`);
  });
}

// A provider catalog with only the new optional offer fields and additional properties is accepted.
const extended = withOffer({
  setupFee: 500, depositMonths: 2, commitment: '1-year lease, pay monthly', storagePricePerGBMonth: 0.3,
  storageIncludedGB: 50, egressPricePerGB: 0, providerSku: 'x1',
});
test('accepts a GPU with only the required fields (bandwidths from its class) and an offer of it', () => {
  const bare = { gpus: [{ id: 'bare', memoryGiB: 80, peakTflops: { bf16: 500 } }],
    offers: [{ id: 'bare-8x', provider: 'P', gpu: 'bare', currency: 'CNY', prices: { hour: 100 }, priceDate: '2028-02-29' }] };
  assert.ok(validate(bare), showErrors(validate.errors));
});
test('accepts a request catalog with the new offer fields and an extra property', () => {
  assert.ok(validate({ ...extended, includeDefaultOffers: true }), showErrors(validate.errors));
});
