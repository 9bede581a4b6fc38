// The wasm module answers every golden request byte for byte like the native build.
// usage: node tests/wasm/golden.test.mjs build/wasm/site tests/golden
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadModule } from './load.mjs';

const [siteDir, goldenDir] = process.argv.slice(2);
const gpusizer = await loadModule(siteDir);
const names = fs.readdirSync(goldenDir).filter((f) => f.endsWith('.request.json')).sort();

test('there are golden pairs to compare (at least 8)', () => {
  assert.ok(names.length >= 8, `${names.length} request files in ${goldenDir}`);
});

for (const name of names) {
  test(`${name}: the wasm response is identical to native`, () => {
    const request = fs.readFileSync(path.join(goldenDir, name), 'utf8');
    const expected = fs.readFileSync(path.join(goldenDir, name.replace('.request.json', '.response.json')), 'utf8');
    const actual = `${gpusizer.estimate(request)}\n`;
    if (actual === expected) return;
    let at = 0;
    while (at < actual.length && actual[at] === expected[at]) at += 1;
    assert.fail(`differs at byte ${at}:\n  wasm:   ${actual.slice(Math.max(0, at - 60), at + 60)}\n  native: ${expected.slice(Math.max(0, at - 60), at + 60)}`);
  });
}
