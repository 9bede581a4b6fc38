// Nothing crosses the wasm boundary as an exception: every input, however broken, comes
// back as a JSON response.
// usage: node tests/wasm/boundary.test.mjs build/wasm/site
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, loadKitModule } from './load.mjs';

const gpusizer = await loadModule(process.argv[2]);
const kit = await loadKitModule(process.argv[2]);

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

// The provider kit's two functions: any text in, one JSON answer out; UTF-8 both ways.
const kitInputs = ['', '\u0000', '"', 'a,b\n"open', '\ufeffprovider,gpu,currency,hour\n算力,h100-80gb,元,"8.7万"\n', 'x'.repeat(3 * 1024 * 1024), '\ud800'];
for (const input of kitInputs) {
  test(`catalogFromCsv(${JSON.stringify(input.slice(0, 30))}) and checkCatalog of it answer JSON`, () => {
    for (const lang of ['en', 'zh', 'fr']) {
      const csv = JSON.parse(kit.catalogFromCsv(input, lang));
      assert.equal(typeof csv.ok, 'boolean');
      if (!csv.ok) assert.equal(typeof csv.error?.code, 'string');
      const check = JSON.parse(kit.checkCatalog(input, lang));
      assert.equal(check.ok, false);
      assert.equal(typeof check.error?.path, 'string');
    }
  });
}

test('the calculator’s module carries no provider kit, the kit’s module no estimate', () => {
  assert.equal(gpusizer.catalogFromCsv, undefined);
  assert.equal(gpusizer.checkCatalog, undefined);
  assert.equal(kit.estimate, undefined);
  assert.equal(typeof kit.catalogFromCsv, 'function');
});

test('a Chinese price list through the module: the catalog keeps its text, and checks as a request’s catalog', () => {
  const csv = JSON.parse(kit.catalogFromCsv('\ufeffprovider,provider.zh,gpu,gpusPerUnit,currency,month\r\nAcme,算力科技,h100-80gb,8,元,"8.7万"\r\n', 'zh'));
  assert.equal(csv.ok, true, JSON.stringify(csv.error));
  assert.deepEqual(csv.catalog.offers[0].provider, { en: 'Acme', zh: '算力科技' });
  assert.deepEqual(csv.catalog.offers[0].prices, { month: 87000 });
  assert.equal(csv.catalog.offers[0].currency, 'CNY');
  const check = JSON.parse(kit.checkCatalog(JSON.stringify(csv.catalog), 'zh'));
  assert.equal(check.ok, true);
  assert.match(check.market.rule, /中位数/);
  const bad = JSON.parse(kit.catalogFromCsv('provider,gpu,gpusPerUnit,currency,hour\nA,h100-80gb,0,CNY,1\n', 'zh'));
  assert.equal(bad.error.path, '/rows/2/gpusPerUnit');
  assert.match(bad.error.message, /^第 2 行 gpusPerUnit 列：/);
});
