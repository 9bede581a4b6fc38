// The TypeScript declarations of web/: the contract's types are what scripts/schema-to-dts.mjs
// generates from the schemas; the element's and the module's declarations match their sources
// (exports, attributes, CSS parts, custom properties, the Embind functions); and an embedding
// page's usage (tests/data/dts-usage.ts) compiles with tsc --noEmit --strict, its deliberate
// mistakes refused.
// Usage: node tests/data/contract-types.test.mjs <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { OUTPUT, generate } from '../../scripts/schema-to-dts.mjs';

const root = process.argv[2] && path.resolve(process.argv[2]);
if (!root) {
  console.error('usage: node tests/data/contract-types.test.mjs <repo-root>');
  process.exit(2);
}
const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
const sorted = (xs) => [...new Set(xs)].sort();

test(`${OUTPUT} is what scripts/schema-to-dts.mjs writes from the schemas`, () => {
  assert.ok(generate(root) === read(OUTPUT), `${OUTPUT} is stale: run node scripts/schema-to-dts.mjs (and commit it)`);
});

// Value exports of a JS module and of its declaration file.
const jsExports = (text) => sorted([
  ...[...text.matchAll(/^export\s+(?:async\s+)?(?:function|class|const|let)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]),
  ...[...text.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((s) => s.trim().split(/\s+as\s+/).pop()).filter(Boolean)),
]);
const dtsExports = (text) => sorted([
  ...[...text.matchAll(/^export\s+declare\s+(?:function|class|const)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]),
  ...[...text.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((s) => s.trim().split(/\s+as\s+/).pop()).filter(Boolean)),
]);
for (const name of ['gpu-sizer', 'gpu-sizer-element', 'gpu-sizer-define']) {
  test(`web/${name}.d.ts declares what web/${name}.js exports`, () => {
    assert.deepEqual(dtsExports(read(`web/${name}.d.ts`)), jsExports(read(`web/${name}.js`)));
  });
}

const dts = read('web/gpu-sizer.d.ts');
const element = read('web/gpu-sizer-element.js');
const keysOf = (iface) => {
  const body = dts.split(`export interface ${iface} {`)[1].split('\n}')[0];
  return sorted([...body.matchAll(/^ {2}'?([\w-]+)'?\??:/gm)].map((m) => m[1]));
};

test('GpuSizerAttribute lists the element\'s observedAttributes', () => {
  const observed = JSON.parse(element.match(/static observedAttributes = (\[[^\]]*\])/)[1].replace(/'/g, '"'));
  const declared = dts.match(/export type GpuSizerAttribute = ([^;]*);/)[1].split('|').map((s) => s.trim().replace(/'/g, ''));
  assert.deepEqual(sorted(declared), sorted(observed));
});

test('GpuSizerParts lists every part the element renders', () => {
  const sources = ['web/gpu-sizer-element.js', ...readdirSync(path.join(root, 'web/sizer')).filter((f) => f.endsWith('.js')).map((f) => `web/sizer/${f}`)];
  const parts = sources.flatMap((f) => [...read(f).matchAll(/\bpart: '([^']*)'/g)].flatMap((m) => m[1].split(/\s+/)));
  assert.ok(parts.length > 0);
  assert.deepEqual(keysOf('GpuSizerParts'), sorted(parts));
});

test('GpuSizerCustomProperties lists every custom property gpu-sizer.css reads', () => {
  const css = read('web/gpu-sizer.css');
  const used = [...css.matchAll(/var\((--gpu-sizer-[\w-]+)/g)].map((m) => m[1]);
  assert.deepEqual(keysOf('GpuSizerCustomProperties'), sorted(used));
});

test('GpusizerModule declares the functions wasm/bindings.cpp binds', () => {
  const bound = [...read('wasm/bindings.cpp').matchAll(/emscripten::function\("(\w+)"/g)].map((m) => m[1]);
  const module = read('web/gpusizer-module.d.ts');
  const body = module.split('export interface GpusizerModule {')[1].split('\n}')[0];
  const declared = [...body.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]);
  assert.deepEqual(sorted(declared), sorted(bound));
});

test('tsc --noEmit --strict: the declarations and tests/data/dts-usage.ts compile', () => {
  const require = createRequire(path.join(root, 'package.json'));
  let tsc;
  try {
    tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  } catch {
    assert.fail('typescript is not installed: run scripts/bootstrap.sh (npm ci)');
  }
  const files = ['tests/data/dts-usage.ts', ...readdirSync(path.join(root, 'web')).filter((f) => f.endsWith('.d.ts')).map((f) => `web/${f}`)];
  const p = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext',
    '--moduleResolution', 'bundler', '--lib', 'es2022,dom', '--types', '', ...files], { cwd: root, encoding: 'utf8' });
  assert.equal(p.status, 0, `${p.stdout}${p.stderr}`);
});
