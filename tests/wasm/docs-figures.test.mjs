// The size figures of README.md, docs/performance.md and docs/embedding.md are what the build
// measures (scripts/docs-figures.mjs: the site, the calculator page, the wasm module, the loader
// and the offline file, gzipped as `npm run size` counts them). A change that makes the site
// larger or smaller fails here until the figures are rewritten: node scripts/docs-figures.mjs.
// Usage: node tests/wasm/docs-figures.test.mjs <site-dir> <offline-html> <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES, blocks, measure, render } from '../../scripts/docs-figures.mjs';

const [site, offline, rootArg] = process.argv.slice(2);
if (!site || !offline || !rootArg) {
  console.error('usage: node tests/wasm/docs-figures.test.mjs <site-dir> <offline-html> <repo-root>');
  process.exit(2);
}
const root = path.resolve(rootArg);
const generated = blocks(measure(site, offline));

test('the measurement is the same twice (the figures depend on the build alone)', () => {
  assert.deepEqual(blocks(measure(site, offline)), generated);
});

for (const file of Object.keys(PAGES)) {
  test(`${file}: its size figures are the build's (else: node scripts/docs-figures.mjs)`, () => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const expected = render(file, text, generated);
    if (expected !== text) {
      const a = text.split('\n'), b = expected.split('\n');
      const i = a.findIndex((line, k) => line !== b[k]);
      assert.fail(`${file} line ${i + 1} differs from the build:\n  page:  ${a[i]}\n  build: ${b[i]}\n` +
        `run node scripts/docs-figures.mjs (and commit ${file})`);
    }
  });
}
