// Property test through the wasm module: the requests of tests/property/generator.mjs (the
// generator the native test mirrors; requests-seed-1.json pins both), every response checked
// against the rules of docs/hardening.md (tests/property/rules.mjs).
// usage: node tests/wasm/properties.test.mjs build/wasm/site
// GPUSIZER_PROPERTY_COUNT and GPUSIZER_PROPERTY_SEED change how many and which.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadModule } from './load.mjs';
import { RequestGenerator } from '../property/generator.mjs';
import { violations } from '../property/rules.mjs';

const gpusizer = await loadModule(process.argv[2]);
const count = Number(process.env.GPUSIZER_PROPERTY_COUNT || 200);
const seed = Number(process.env.GPUSIZER_PROPERTY_SEED || 1);

test('the generator makes the requests the native test makes (requests-seed-1.json)', () => {
  const pinned = JSON.parse(fs.readFileSync(new URL('../property/requests-seed-1.json', import.meta.url), 'utf8'));
  const generate = new RequestGenerator(1);
  for (const [i, request] of pinned.entries()) assert.deepEqual(generate.request(), request, `request ${i}`);
});

test(`every generated request is answered within the rules (${count} requests, seed ${seed})`, () => {
  const generate = new RequestGenerator(seed);
  const broken = [];
  let answered = 0;
  for (let i = 0; i < count; i += 1) {
    const request = JSON.stringify(generate.request());
    const response = gpusizer.estimate(request);
    const found = violations(response);
    if (found.length) broken.push(`request ${i}: ${found.slice(0, 3).join('; ')}\n  ${request.slice(0, 400)}`);
    if (JSON.parse(response).ok) answered += 1;
  }
  console.log(`property test (wasm): checked ${count} generated requests, seed ${seed}: ${answered} answered, ` +
    `${count - answered} refused, ${broken.length} outside the rules`);
  assert.deepEqual(broken, []);
  assert.ok(answered > count / 3, `only ${answered} of ${count} answered`);
});
