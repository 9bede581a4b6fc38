// The core's folders are floors (docs/design.md, "The stages"): an #include between two folders
// of core/src points down, never up to a later stage, never sideways to another folder of the
// same floor. The floors are read from the design page's table, so the page and the code cannot
// disagree.
// Usage: node tests/data/include-graph.test.mjs <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2] && path.resolve(process.argv[2]);
if (!root) {
  console.error('usage: node tests/data/include-graph.test.mjs <repo-root>');
  process.exit(2);
}
const src = path.join(root, 'core/src');

// "| 3 | `model/` | ..." rows of the design page's floors table.
const design = readFileSync(path.join(root, 'docs/design.md'), 'utf8');
const floors = new Map([...design.matchAll(/^\| (\d+) \| `([a-z_]+)\/` \|/gm)].map((m) => [m[2], Number(m[1])]));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(cpp|hpp|inc)$/.test(name) ? [p] : [];
  });
}

const folders = readdirSync(src).filter((name) => statSync(path.join(src, name)).isDirectory());

test('the design page gives every folder of core/src a floor, and no more', () => {
  assert.ok(floors.size > 5, 'the floors table of docs/design.md was not found');
  assert.deepEqual([...floors.keys()].sort(), [...folders].sort());
});

test('no file sits in core/src outside a floor', () => {
  assert.deepEqual(readdirSync(src).filter((name) => !statSync(path.join(src, name)).isDirectory()), []);
});

test('every include between core/src folders points to a lower floor', () => {
  const wrong = [];
  for (const file of files(src)) {
    const from = path.relative(src, file).split(path.sep)[0];
    for (const m of readFileSync(file, 'utf8').matchAll(/^#include "([^"]+)"/gm)) {
      const to = m[1].split('/')[0];
      if (to === from || !floors.has(to)) continue;  // its own folder, or the public gpusizer/ headers
      if (floors.get(to) >= floors.get(from))
        wrong.push(`${path.relative(root, file)} includes ${m[1]} (floor ${floors.get(from)} -> ${floors.get(to)})`);
    }
  }
  assert.deepEqual(wrong, []);
});
