// The CLI honours contract v1: exit codes, stdin and file input, catalog, version.
// usage: node tests/cli/cli.test.mjs build/native/gpusizer
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createChecks } from '../support/checks.mjs';

const cli = process.argv[2];
const { check, finish } = createChecks('cli');
const run = (args, input) => {
  const p = spawnSync(cli, args, { input, encoding: 'utf8' });
  let json = null;
  try { json = JSON.parse(p.stdout); } catch { /* checked by the caller */ }
  return { status: p.status, json, stdout: p.stdout, stderr: p.stderr };
};

const good = JSON.stringify({ model: { params: '7B' }, training: { tokens: '2万亿' }, hardware: { gpu: 'a100-80gb', count: 8 } });
let r = run(['estimate'], good);
check(r.status === 0 && r.json?.ok === true, 'good request on stdin: exit 0, ok');
check(Math.abs(r.json?.result?.compute?.flopsTotal / 8.4e22 - 1) < 1e-9, 'flopsTotal = 8.4e22');
check(!/NaN|Infinity/.test(r.stdout), 'no NaN or Infinity');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-cli-'));
const file = path.join(dir, 'request.json');
fs.writeFileSync(file, good);
r = run(['estimate', file]);
check(r.status === 0 && r.json?.ok === true, 'request from a file');
r = run(['estimate', '-'], good);
check(r.status === 0 && r.json?.ok === true, '"-" reads standard input');
r = run(['estimate', path.join(dir, 'missing.json')]);
check(r.status === 2 && r.json?.ok === false && r.json?.error?.code === 'io_error', 'unreadable file: exit 2, io_error');

r = run(['estimate'], JSON.stringify({ model: { params: '7B' }, training: { tokens: 'abc' } }));
check(r.status === 2 && r.json?.ok === false && r.json?.error?.path === '/training/tokens', 'bad value: exit 2 with its path');
r = run(['estimate'], '{not json');
check(r.status === 2 && r.json?.error?.code === 'invalid_json', 'malformed JSON: exit 2, invalid_json');

r = run(['catalog']);
check(r.status === 0 && Array.isArray(r.json?.gpus) && r.json.gpus.length >= 20, 'catalog prints the GPUs');
r = run(['--version']);
check(r.status === 0 && /^gpusizer \d+\.\d+\.\d+/.test(r.stdout), '--version');
r = run(['frobnicate']);
check(r.status === 1 && /usage/.test(r.stderr), 'unknown command: usage on stderr, exit 1');

fs.rmSync(dir, { recursive: true });
finish();
