// The TypeScript declarations beside the deployed site, not in it: build/wasm/types holds every
// web/*.d.ts unchanged, the site none (no page fetches them), and the folder compiles on its own
// with tsc --noEmit --strict, as an embedder's editor would read it.
// usage: node tests/wasm/types-folder.test.mjs build/wasm/site build/wasm/types <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [site, types, root] = process.argv.slice(2).map((p) => p && path.resolve(p));
if (!site || !types || !root) {
  console.error('usage: node tests/wasm/types-folder.test.mjs SITE_DIR TYPES_DIR REPO_ROOT');
  process.exit(2);
}
const declarations = (dir) => readdirSync(dir).filter((f) => f.endsWith('.d.ts')).sort();

test('the site holds no declarations', () => {
  const walk = (d) => readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  assert.deepEqual(walk(site).filter((f) => f.endsWith('.d.ts')), []);
});

test('the types folder holds every web/*.d.ts, unchanged', () => {
  const web = declarations(path.join(root, 'web'));
  assert.ok(web.length > 0);
  assert.deepEqual(declarations(types), web);
  for (const name of web) assert.ok(readFileSync(path.join(types, name)).equals(readFileSync(path.join(root, 'web', name))), name);
});

test('tsc --noEmit --strict: the types folder compiles on its own', () => {
  const require = createRequire(path.join(root, 'package.json'));
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const files = declarations(types).map((f) => path.join(types, f));
  const p = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext',
    '--moduleResolution', 'bundler', '--lib', 'es2022,dom', '--types', '', ...files], { cwd: root, encoding: 'utf8' });
  assert.equal(p.status, 0, `${p.stdout}${p.stderr}`);
});
