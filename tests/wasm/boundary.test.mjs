// Nothing crosses the wasm boundary as an exception: every input, however broken, comes
// back as a JSON response.
// usage: node tests/wasm/boundary.test.mjs build/wasm/site
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load.mjs';

const gpusizer = await loadModule(process.argv[2]);

test('version()', () => {
  assert.match(gpusizer.version(), /^\d+\.\d+\.\d+$/);
});

test('catalog()', () => {
  const catalog = JSON.parse(gpusizer.catalog());
  assert.ok(catalog.gpus.length >= 20 && catalog.offers.length >= 10 && catalog.models.length >= 12,
    `${catalog.gpus.length} gpus, ${catalog.offers.length} offers, ${catalog.models.length} models`);
});

const inputs = ['', '{', 'null', '[]', '"x"', '{"model":{"params":"abc"},"training":{"tokens":"2T"}}',
  '{"model":{"params":1e308},"training":{"tokens":1e308}}', '\u0000', '{"model":{"preset":"\ud800"}}',
  JSON.stringify({ model: { params: '7B' }, training: { tokens: '2T' }, catalog: { offers: [{}] } }),
  '['.repeat(100000)];
for (const input of inputs) {
  test(`estimate(${JSON.stringify(input.slice(0, 40))}) -> ok:false with code and path`, () => {
    const response = JSON.parse(gpusizer.estimate(input)); // a throw or non-JSON fails the test
    assert.equal(response.ok, false);
    assert.equal(typeof response.error?.code, 'string');
    assert.equal(typeof response.error?.path, 'string');
  });
}

test('a good request still works after the bad ones', () => {
  const ok = JSON.parse(gpusizer.estimate(JSON.stringify({ model: { params: '7B' }, training: { tokens: '2T' } })));
  assert.equal(ok.ok, true);
  assert.ok(ok.result.options.length > 0);
});
