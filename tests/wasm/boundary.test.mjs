// Nothing crosses the wasm boundary as an exception: every input, however broken, comes
// back as a JSON response.
// usage: node tests/wasm/boundary.test.mjs build/wasm/site
import { loadModule } from './load.mjs';
import { createChecks } from '../support/checks.mjs';

const gpusizer = await loadModule(process.argv[2]);
const { check, finish } = createChecks('wasm boundary');

check(/^\d+\.\d+\.\d+$/.test(gpusizer.version()), 'version()');
const catalog = JSON.parse(gpusizer.catalog());
check(catalog.gpus.length >= 20 && catalog.offers.length >= 10 && catalog.models.length >= 12, 'catalog()');

const inputs = ['', '{', 'null', '[]', '"x"', '{"model":{"params":"abc"},"training":{"tokens":"2T"}}',
  '{"model":{"params":1e308},"training":{"tokens":1e308}}', '\u0000', '{"model":{"preset":"\ud800"}}',
  JSON.stringify({ model: { params: '7B' }, training: { tokens: '2T' }, catalog: { offers: [{}] } }),
  '['.repeat(100000)];
for (const input of inputs) {
  let response;
  try {
    response = JSON.parse(gpusizer.estimate(input));
  } catch (e) {
    check(false, `estimate(${JSON.stringify(input.slice(0, 40))}) threw or returned non-JSON: ${e}`);
    continue;
  }
  check(response.ok === false && typeof response.error?.code === 'string' && typeof response.error?.path === 'string',
    `estimate(${JSON.stringify(input.slice(0, 40))}) -> ok:false with code and path`);
}
const ok = JSON.parse(gpusizer.estimate(JSON.stringify({ model: { params: '7B' }, training: { tokens: '2T' } })));
check(ok.ok === true && ok.result.options.length > 0, 'a good request still works after the bad ones');
finish();
