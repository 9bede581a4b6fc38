#!/usr/bin/env node
// Size report of the assembled site: each file's raw and gzip (zlib level 9) size and the total,
// and the loader a marketing page loads first (gpu-sizer-loader.js: all a page fetches until the
// element scrolls into view).
//
//   node scripts/site-size.mjs [DIR=build/wasm/site] [--budget-kb 300] [--loader-budget-kb 10]
//
// Exit 1 when the gzip total is over its budget (300 KB = 300 × 1024 bytes by default) or the
// loader over its own (10 KB). The TypeScript declarations (*.d.ts) are listed but not counted:
// they are for an embedder's editor, and no page or worker fetches them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
let dir = 'build/wasm/site';
let budgetKb = 300;
let loaderBudgetKb = 10;
const LOADER = 'gpu-sizer-loader.js';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--budget-kb') budgetKb = Number(args[++i]);
  else if (args[i] === '--loader-budget-kb') loaderBudgetKb = Number(args[++i]);
  else dir = args[i];
}
if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
  console.error(`site-size: ${dir} is not a directory (build the site with: cmake --build --preset wasm)`);
  process.exit(2);
}

function walk(d) {
  return fs
    .readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.isFile() ? [path.join(d, e.name)] : []));
}

const rows = walk(dir)
  .map((file) => {
    const bytes = fs.readFileSync(file);
    return {
      name: path.relative(dir, file).split(path.sep).join('/'),
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    };
  })
  .sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name));

const kb = (n) => (n / 1024).toFixed(1).padStart(8);
const width = Math.max(5, ...rows.map((r) => r.name.length));
console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
for (const r of rows) console.log(`${r.name.padEnd(width)}  ${kb(r.raw)}  ${kb(r.gzip)}`);
const declaration = (r) => r.name.endsWith('.d.ts');
const served = rows.filter((r) => !declaration(r));
const declarations = rows.filter(declaration);
const raw = served.reduce((s, r) => s + r.raw, 0);
const gzip = served.reduce((s, r) => s + r.gzip, 0);
console.log(`${'total'.padEnd(width)}  ${kb(raw)}  ${kb(gzip)}   (${served.length} files fetched by the page)`);
if (declarations.length > 0) {
  const declRaw = declarations.reduce((s, r) => s + r.raw, 0);
  const declGzip = declarations.reduce((s, r) => s + r.gzip, 0);
  console.log(`${'declarations'.padEnd(width)}  ${kb(declRaw)}  ${kb(declGzip)}   (${declarations.length} *.d.ts, for editors: not counted)`);
}
const ok = gzip <= budgetKb * 1024;
console.log(`gzip total ${(gzip / 1024).toFixed(1)} KB ${ok ? '<=' : '>'} budget ${budgetKb} KB: ${ok ? 'ok' : 'OVER BUDGET'}`);
const loader = rows.find((r) => r.name === LOADER);
const loaderOk = !!loader && loader.gzip <= loaderBudgetKb * 1024;
console.log(loader
  ? `${LOADER} ${loader.gzip} bytes gzipped ${loaderOk ? '<=' : '>'} budget ${loaderBudgetKb} KB: ${loaderOk ? 'ok' : 'OVER BUDGET'}`
  : `${LOADER} is missing`);
process.exit(ok && loaderOk ? 0 : 1);
