// The contract tables of docs/contract.md are what scripts/contract-doc.mjs writes from the
// schemas' descriptions, and every name the tables list for good (v1 and the extensions clients
// rely on) is still in the schemas and in the page (v1 names are never renamed or dropped).
// Usage: node tests/data/contract-doc.test.mjs <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LISTED_EXTENSIONS, PAGE, V1, blocks, render } from '../../scripts/contract-doc.mjs';
import { fieldsOf, loadSchemas } from '../../scripts/contract-schemas.mjs';

const root = process.argv[2] && path.resolve(process.argv[2]);
if (!root) {
  console.error('usage: node tests/data/contract-doc.test.mjs <repo-root>');
  process.exit(2);
}
const page = readFileSync(path.join(root, PAGE), 'utf8');
const schemas = loadSchemas(root);

test(`${PAGE}'s contract tables match the schemas (else: node scripts/contract-doc.mjs)`, () => {
  const expected = render(page, blocks(root));
  if (expected !== page) {
    const a = page.split('\n'), b = expected.split('\n');
    const i = a.findIndex((line, k) => line !== b[k]);
    assert.fail(`${PAGE} line ${i + 1} differs from the schemas:\n  page:   ${a[i]}\n  schema: ${b[i]}\n` +
      `run node scripts/contract-doc.mjs (and commit ${PAGE})`);
  }
});

for (const kind of ['request', 'response']) {
  const declared = new Set(fieldsOf(schemas, kind).map((f) => f.path));
  const names = [...V1[kind], ...LISTED_EXTENSIONS[kind]];
  test(`every ${kind} name the tables list for good (${names.length}) is still in the schema`, () => {
    assert.deepEqual(names.filter((n) => !declared.has(n)), []);
  });
  test(`every ${kind} name the tables list for good is still a row of ${PAGE}`, () => {
    const rows = new Set([...page.matchAll(/^\| `([^`]+)`\*? \|/gm)].map((m) => m[1]));
    const shown = (n) => rows.has(n) || (kind === 'response' && n.startsWith('result.') && rows.has(n.slice('result.'.length)));
    assert.deepEqual(names.filter((n) => !shown(n)), []);
  });
}

test(`${PAGE} names the explanation steps and the error codes as the schema does`, () => {
  const steps = schemas.response.$defs.step.properties.id.enum;
  assert.deepEqual(steps, ['params', 'flops', 'time', 'memory', 'data', 'cost', 'ownership']);
  const section = page.slice(page.indexOf('# The JSON contract'), page.indexOf('<!-- BEGIN contract-request'));
  assert.ok(section.length > 0, `${PAGE} opens with "# The JSON contract" before its tables`);
  for (const code of schemas.response.$defs.errorCode.enum) assert.ok(section.includes(`\`${code}\``), code);
});
