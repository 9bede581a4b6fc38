// The CLI's catalog commands: `gpusizer catalog import prices.csv > catalog.json` (a price list
// made into a catalog; exit 2 with the error JSON on bad rows) and `gpusizer catalog check
// catalog.json` (exit 0 or 2, the answer JSON as estimate prints it); --lang zh.
// usage: node tests/cli/catalog.test.mjs build/native/gpusizer
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = process.argv[2];
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name) => path.join(fixtures, name);
const run = (args, input) => {
  const p = spawnSync(cli, args, { input, encoding: 'utf8' });
  let json = null;
  try { json = JSON.parse(p.stdout); } catch { /* checked by the caller */ }
  return { status: p.status, json, stdout: p.stdout, stderr: p.stderr };
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-cli-catalog-'));
test.after(() => fs.rmSync(dir, { recursive: true }));

test('import: a BOM, CRLF, Chinese text, quoted cells with commas, quotes and a line break, "8.5万" and "3,600": exit 0, the catalog alone on stdout', () => {
  const r = run(['catalog', 'import', fixture('prices-bom-zh.csv')]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.equal(r.stderr, '');
  const offers = r.json?.offers;
  assert.equal(offers.length, 2);
  assert.deepEqual(Object.keys(r.json), ['offers'], 'the catalog itself, not an answer around it');
  const [h100, a100] = offers;
  assert.equal(h100.id, 'acme-compute-8x-h100-80gb');
  assert.deepEqual(h100.provider, { en: 'Acme Compute', zh: '算力科技' });
  assert.equal(h100.region, '华东');
  assert.deepEqual(h100.prices, { hour: 160, day: 3600, month: 85000 });
  assert.deepEqual(h100.interconnect, { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 });
  assert.equal(h100.notes, '机房 A，支持 "整机" 租赁,\n含 400G 网络');
  assert.deepEqual(a100.prices, { month: 60000 }, 'empty cells: periods not sold');
  assert.equal(a100.unitsAvailable, undefined, 'an empty cell: not stated');
  assert.equal(a100.priceDate, '2026-11-20', '2026/11/20 written as the catalog writes dates');
  assert.match(r.stdout, /^\{\n {2}"offers": \[/, 'indented two spaces, as core/data is');
});

test('import from standard input ("-"), a spreadsheet’s tab-separated copy', () => {
  const r = run(['catalog', 'import', '-'], 'provider\tgpu\tgpusPerUnit\tcurrency\thour\nAcme\th100-80gb\t8\tUSD\t1,000\n');
  assert.equal(r.status, 0, r.stdout);
  assert.deepEqual(r.json.offers[0].prices, { hour: 1000 });
});

test('the imported catalog is a request’s catalog and passes catalog check', () => {
  const file = path.join(dir, 'catalog.json');
  fs.writeFileSync(file, run(['catalog', 'import', fixture('prices-bom-zh.csv')]).stdout);
  const c = run(['catalog', 'check', file]);
  assert.equal(c.status, 0, c.stdout);
  assert.equal(c.json.ok, true);
  assert.equal(c.json.offers, 2);
  assert.equal(c.json.market.offers.length, 2);
  const est = run(['estimate'], JSON.stringify({ model: { preset: 'llama-2-7b' }, training: { tokens: '100B' }, catalog: JSON.parse(fs.readFileSync(file, 'utf8')) }));
  assert.equal(est.status, 0);
  assert.deepEqual(est.json.result.options.map((o) => o.offerId).sort(), ['acme-compute-8x-a100-80gb', 'acme-compute-8x-h100-80gb']);
});

test('bad rows: exit 2, the error JSON naming row and column of each, unknown column warned on stderr with the columns read', () => {
  const r = run(['catalog', 'import', fixture('prices-bad.csv')]);
  assert.equal(r.status, 2);
  assert.equal(r.json.ok, false);
  assert.deepEqual(r.json.error, r.json.errors[0] && { code: r.json.errors[0].code, path: r.json.errors[0].path, message: r.json.errors[0].message });
  assert.deepEqual(r.json.errors.map((e) => [e.path, e.row, e.column]), [
    ['/rows/3/gpusPerUnit', 3, 'gpusPerUnit'],
    ['/rows/4/gpu', 4, 'gpu'],
    ['/rows/5/spot', 5, 'spot'],
    ['/rows/6/hour', 6, 'hour'],
  ]);
  assert.match(r.json.errors[0].message, /^row 3, column gpusPerUnit: must be at least 1/);
  assert.match(r.json.errors[1].message, /"a100" is not a GPU id of the catalog; closest: a100-40gb, a100-80gb/); // 40 or 80 GB
  assert.match(r.json.errors[2].message, /^row 5, column spot: must be true or false \(also yes\/no, 1\/0, 是\/否\), got "maybe"/);
  assert.match(r.json.errors[3].message, /^row 6, column hour: "abc" is not a number; write it like 20.5/);
  assert.equal(r.json.table, undefined, 'the table the page uses is left out');
  assert.match(r.stderr, /\/rows\/1\/colour: column colour is not read; the columns read are id, provider/);
});

test('--lang zh: the same errors in Chinese', () => {
  const r = run(['catalog', 'import', fixture('prices-bad.csv'), '--lang', 'zh']);
  assert.equal(r.status, 2);
  assert.match(r.json.error.message, /^第 3 行 gpusPerUnit 列：应不小于 1/);
});

test('check: a bad catalog exits 2 with the error a request’s catalog gets, under the document’s own paths', () => {
  const text = fs.readFileSync(fixture('catalog-bad.json'), 'utf8');
  for (const lang of ['en', 'zh']) {
    const c = run(['catalog', 'check', fixture('catalog-bad.json'), '--lang', lang]);
    assert.equal(c.status, 2);
    const est = run(['estimate'], JSON.stringify({ lang, model: { preset: 'llama-2-7b' }, training: { tokens: '1B' }, catalog: JSON.parse(text) }));
    assert.equal(est.status, 2);
    assert.equal(`/catalog${c.json.error.path}`, est.json.error.path);
    // The same words after the field, which each names as its document has it ("offer 2",
    // "catalog offer 2"); the field ids alike.
    const detail = (e) => e.message.slice(e.message.indexOf(e.label) + e.label.length);
    assert.equal(detail(c.json.error), detail(est.json.error));
    assert.equal(`catalog.${c.json.error.field}`, est.json.error.field);
    assert.equal(c.json.error.code, est.json.error.code);
    assert.deepEqual(c.json.errors.map((e) => e.path), ['/offers/1/prices', '/offers/2/gpu']);
  }
});

test('check: not JSON, and a file that cannot be read', () => {
  const bad = path.join(dir, 'broken.json');
  fs.writeFileSync(bad, '{"offers": [');
  const c = run(['catalog', 'check', bad]);
  assert.equal(c.status, 2);
  assert.equal(c.json.error.code, 'invalid_json');
  assert.match(c.json.error.message, /^the catalog is not valid JSON/);
  const missing = run(['catalog', 'import', path.join(dir, 'missing.csv')]);
  assert.equal(missing.status, 2);
  assert.equal(missing.json.error.code, 'io_error');
});

test('usage errors: exit 1', () => {
  assert.equal(run(['catalog', 'import']).status, 1);
  assert.equal(run(['catalog', 'check', 'x.json', '--lang', 'fr']).status, 1);
  assert.equal(run(['catalog', 'frobnicate', 'x']).status, 1);
});
