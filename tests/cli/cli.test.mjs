// The CLI honours contract v1: exit codes, stdin and file input, catalog, version.
// usage: node tests/cli/cli.test.mjs build/native/gpusizer
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cli = process.argv[2];
const run = (args, input) => {
  const p = spawnSync(cli, args, { input, encoding: 'utf8' });
  let json = null;
  try { json = JSON.parse(p.stdout); } catch { /* checked by the caller */ }
  return { status: p.status, json, stdout: p.stdout, stderr: p.stderr };
};

const good = JSON.stringify({ model: { params: '7B' }, training: { tokens: '2万亿' }, hardware: { gpu: 'a100-80gb', count: 8 } });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-cli-'));
test.after(() => fs.rmSync(dir, { recursive: true }));

test('good request on stdin: exit 0, ok; flopsTotal = 8.4e22; no NaN or Infinity', () => {
  const r = run(['estimate'], good);
  assert.equal(r.status, 0);
  assert.equal(r.json?.ok, true);
  assert.ok(Math.abs(r.json?.result?.compute?.flopsTotal / 8.4e22 - 1) < 1e-9, String(r.json?.result?.compute?.flopsTotal));
  assert.doesNotMatch(r.stdout, /NaN|Infinity/);
});

test('a stream of any size is read only past the 2 MiB limit, and refused', () => {
  // 64 MiB piped in: the CLI keeps 2 MiB + 1 byte and answers without reading the rest.
  const p = spawnSync('sh', ['-c', 'head -c 67108864 /dev/zero | "$0" estimate', cli], { encoding: 'utf8' });
  const answer = JSON.parse(p.stdout);
  assert.equal(answer.error?.code, 'invalid_value');
  assert.match(answer.error?.message, /larger than 2,097,152 bytes/);
});

test('request from a file', () => {
  const file = path.join(dir, 'request.json');
  fs.writeFileSync(file, good);
  const r = run(['estimate', file]);
  assert.equal(r.status, 0);
  assert.equal(r.json?.ok, true);
});

test('"-" reads standard input', () => {
  const r = run(['estimate', '-'], good);
  assert.equal(r.status, 0);
  assert.equal(r.json?.ok, true);
});

test('unreadable file: exit 2, io_error', () => {
  const r = run(['estimate', path.join(dir, 'missing.json')]);
  assert.equal(r.status, 2);
  assert.equal(r.json?.ok, false);
  assert.equal(r.json?.error?.code, 'io_error');
});

test('bad value: exit 2 with its path', () => {
  const r = run(['estimate'], JSON.stringify({ model: { params: '7B' }, training: { tokens: 'abc' } }));
  assert.equal(r.status, 2);
  assert.equal(r.json?.ok, false);
  assert.equal(r.json?.error?.path, '/training/tokens');
});

test('malformed JSON: exit 2, invalid_json', () => {
  const r = run(['estimate'], '{not json');
  assert.equal(r.status, 2);
  assert.equal(r.json?.error?.code, 'invalid_json');
});

test('catalog prints the GPUs', () => {
  const r = run(['catalog']);
  assert.equal(r.status, 0);
  assert.ok(Array.isArray(r.json?.gpus) && r.json.gpus.length >= 20);
});

test('--version', () => {
  const r = run(['--version']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^gpusizer \d+\.\d+\.\d+/);
});

test('unknown command: usage on stderr, exit 1', () => {
  const r = run(['frobnicate']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /usage/);
});
