// README's contract tables are what scripts/contract-doc.mjs writes from the schemas' descriptions,
// and every name README listed before they were generated is still in the schemas and in README
// (v1 names are never renamed or dropped).
// Usage: node tests/data/contract-doc.test.mjs <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LISTED_EXTENSIONS, V1, blocks, render } from '../../scripts/contract-doc.mjs';
import { fieldsOf, loadSchemas } from '../../scripts/contract-schemas.mjs';

const root = process.argv[2] && path.resolve(process.argv[2]);
if (!root) {
  console.error('usage: node tests/data/contract-doc.test.mjs <repo-root>');
  process.exit(2);
}
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const schemas = loadSchemas(root);

test('README contract tables match the schemas (else: node scripts/contract-doc.mjs)', () => {
  const expected = render(readme, blocks(root));
  if (expected !== readme) {
    const a = readme.split('\n'), b = expected.split('\n');
    const i = a.findIndex((line, k) => line !== b[k]);
    assert.fail(`README.md line ${i + 1} differs from the schemas:\n  README: ${a[i]}\n  schema: ${b[i]}\n` +
      'run node scripts/contract-doc.mjs (and commit README.md)');
  }
});

for (const kind of ['request', 'response']) {
  const declared = new Set(fieldsOf(schemas, kind).map((f) => f.path));
  const names = [...V1[kind], ...LISTED_EXTENSIONS[kind]];
  test(`every ${kind} name README listed (${names.length}) is still in the schema`, () => {
    assert.deepEqual(names.filter((n) => !declared.has(n)), []);
  });
  test(`every ${kind} name README listed is still a row of README's tables`, () => {
    const rows = new Set([...readme.matchAll(/^\| `([^`]+)`\*? \|/gm)].map((m) => m[1]));
    const shown = (n) => rows.has(n) || (kind === 'response' && n.startsWith('result.') && rows.has(n.slice('result.'.length)));
    assert.deepEqual(names.filter((n) => !shown(n)), []);
  });
}

test('README names the explanation steps and the error codes as the schema does', () => {
  const steps = schemas.response.$defs.step.properties.id.enum;
  assert.deepEqual(steps, ['params', 'flops', 'time', 'memory', 'data', 'cost', 'ownership']);
  const section = readme.slice(readme.indexOf('## The JSON contract'), readme.indexOf('<!-- BEGIN contract-request'));
  for (const code of schemas.response.$defs.errorCode.enum) assert.ok(section.includes(`\`${code}\``), code);
});
