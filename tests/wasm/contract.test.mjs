// The request vocabulary the page reads from the core (catalog().contract): its shape, that its
// defaults name values of the catalog and of its own lists, and that the page's fallback for the
// time before the module has loaded (web/sizer/contract.js FALLBACK) says nothing the core does not.
// usage: node tests/wasm/contract.test.mjs build/wasm/site
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load.mjs';
import { FALLBACK, ENUM_FALLBACK, DEFAULT_FALLBACK, readContract, pick, enumValues, defaultValue } from '../../web/sizer/contract.js';

const gpusizer = await loadModule(process.argv[2]);
const catalog = JSON.parse(gpusizer.catalog());
const contract = catalog.contract;

test('catalog() carries contract {schemaVersion 1, enums, defaults}', () => {
  assert.equal(contract?.schemaVersion, 1);
  assert.equal(typeof contract.enums, 'object');
  assert.equal(typeof contract.defaults, 'object');
});

test('every enum is a non-empty list of distinct strings, including those the form uses', () => {
  for (const [name, values] of Object.entries(contract.enums)) {
    assert.ok(Array.isArray(values) && values.length > 0, name);
    assert.ok(values.every((v) => typeof v === 'string'), name);
    assert.equal(new Set(values).size, values.length, `${name} has duplicates`);
  }
  for (const name of ['lang', 'mode', 'precision', 'currency']) assert.ok(name in contract.enums, name);
});

test('each enumerated default is in its list; preset and gpu name catalog entries', () => {
  for (const [name, values] of Object.entries(contract.enums)) {
    if (name in contract.defaults) assert.ok(values.includes(contract.defaults[name]), `${name}: ${contract.defaults[name]}`);
  }
  assert.ok(catalog.models.some((m) => m.id === contract.defaults.preset), contract.defaults.preset);
  assert.ok(catalog.gpus.some((g) => g.id === contract.defaults.gpu), contract.defaults.gpu);
  for (const name of ['tokens', 'days', 'count', 'epochs', 'seqLen']) assert.ok(name in contract.defaults, name);
});

test('the page reads the contract as the core states it', () => {
  assert.deepEqual(readContract(catalog), contract);
  assert.equal(pick(readContract(catalog), 'mode', 'lora'), 'lora');
  assert.equal(pick(readContract(catalog), 'mode', 'bogus'), contract.defaults.mode);
  assert.equal(readContract({}), FALLBACK);
});

test('the page’s fallback before the module loads is a subset of the contract', () => {
  for (const [name, values] of Object.entries(FALLBACK.enums)) {
    for (const v of values) assert.ok(contract.enums[name]?.includes(v), `${name}: ${v}`);
  }
  for (const [name, value] of Object.entries(FALLBACK.defaults)) assert.equal(contract.defaults[name], value, name);
});

test('the page’s lists for enums the contract does not state (activation, loraTargets, padding) agree with the core where it states them, and the core’s reader accepts each value', () => {
  for (const [name, values] of Object.entries(ENUM_FALLBACK)) {
    if (contract.enums[name]) {
      for (const v of values) assert.ok(contract.enums[name].includes(v), `${name}: ${v}`);
      assert.deepEqual(enumValues(readContract(catalog), name), contract.enums[name]);
    } else {
      assert.deepEqual(enumValues(readContract(catalog), name), values);
    }
  }
  for (const [name, value] of Object.entries(DEFAULT_FALLBACK)) {
    if (name in contract.defaults) assert.equal(defaultValue(readContract(catalog), name), contract.defaults[name]);
  }
  const ask = (request) => JSON.parse(gpusizer.estimate(JSON.stringify(request)));
  for (const activation of ENUM_FALLBACK.activation) {
    const r = ask({ model: { layers: 4, hidden: 256, heads: 4, activation }, training: { tokens: '1M' } });
    assert.equal(r.ok, true, `activation ${activation}: ${JSON.stringify(r.error)}`);
    assert.equal(r.result.model.activation, activation);
  }
  for (const loraTargets of ENUM_FALLBACK.loraTargets) {
    const r = ask({ model: { preset: 'llama-2-7b' }, training: { tokens: '1M', mode: 'lora', loraTargets } });
    assert.equal(r.ok, true, `loraTargets ${loraTargets}: ${JSON.stringify(r.error)}`);
    assert.equal(r.result.training.loraTargets, loraTargets);
  }
  for (const padding of ENUM_FALLBACK.padding) {
    const r = ask({ model: { preset: 'llama-2-7b' }, training: { examples: 1000, tokensPerExample: 300, padding } });
    assert.equal(r.ok, true, `padding ${padding}: ${JSON.stringify(r.error)}`);
    assert.equal(r.result.training.padding, padding);
  }
  const d = ask({ model: { preset: 'llama-2-7b' }, training: { examples: 1000, tokensPerExample: 300, mode: 'lora' } }).result.training;
  assert.equal(d.padding, DEFAULT_FALLBACK.padding);
  assert.equal(d.packing, DEFAULT_FALLBACK.packing);
  assert.equal(d.loraTargets, DEFAULT_FALLBACK.loraTargets);
});
