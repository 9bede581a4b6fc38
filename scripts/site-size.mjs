#!/usr/bin/env node
// Size report of the assembled site: each file's raw and gzip (zlib level 9) size and the total,
// and the loader a marketing page loads first (gpu-sizer-loader.js: all a page fetches until the
// element scrolls into view).
//
//   node scripts/site-size.mjs [DIR=build/wasm/site] [--budget-kb 340] [--loader-budget-kb 10]
//
// Exit 1 when the gzip total is over its budget (340 KB = 340 × 1024 bytes by default) or the
// loader over its own (10 KB). The budget is what the calculator page (index.html) fetches; the
// whole site (the provider kit, the demo and iframe pages too) is printed beside it, and any
// TypeScript declarations (*.d.ts, never fetched; the build puts them in build/wasm/types) apart.
// measureSite() is the same measurement for scripts/docs-figures.mjs, which writes the figures
// of docs/performance.md, docs/embedding.md and README from it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const LOADER = 'gpu-sizer-loader.js';

function walk(d) {
  return fs
    .readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.isFile() ? [path.join(d, e.name)] : []));
}

/** A file's size as this report counts it: {raw, gzip} in bytes (gzip at zlib level 9). */
export function fileSize(file) {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

/**
 * The site's sizes: rows (every file, largest gzip first), served (all but the declarations),
 * declarations (*.d.ts), page (the names the calculator page fetches), fetched (their rows),
 * loader (gpu-sizer-loader.js's row, or undefined).
 */
export function measureSite(dir) {
  const rows = walk(dir)
    .map((file) => ({ name: path.relative(dir, file).split(path.sep).join('/'), ...fileSize(file) }))
    .sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name));
  const declaration = (r) => r.name.endsWith('.d.ts');
  const served = rows.filter((r) => !declaration(r));
  const declarations = rows.filter(declaration);

  // What the calculator page (index.html) fetches: the files its HTML names, and every file of the
  // site a fetched script or stylesheet names in a string literal (imports, the worker, the wasm),
  // followed transitively, with one language's strings and one first answer (below); links to other pages are not followed. The service worker's cache of
  // the whole site is filled afterwards, in the background: the site's total is printed beside it.
  const byName = new Map(rows.map((r) => [r.name, r]));
  function references(name) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    const found = new Set();
    const base = path.posix.dirname(name);
    const add = (ref) => {
      const clean = ref.split(/[?#]/)[0];
      if (!clean || /^[a-z]+:/i.test(clean) || clean.startsWith('/')) return;
      const resolved = path.posix.normalize(path.posix.join(base, clean));
      // sw.js's list is the offline cache, filled in the background after the page has loaded.
      if (byName.has(resolved) && !resolved.endsWith('.html') && resolved !== 'sw.js') found.add(resolved);
    };
    if (name.endsWith('.html')) {
      for (const m of text.matchAll(/\b(?:src|href)="([^"]+)"/g)) add(m[1]);
    } else if (/\.(js|mjs|css|webmanifest)$/.test(name)) {
      for (const m of text.matchAll(/['"`(]((?:\.{1,2}\/)?[\w\-./]+\.(?:js|mjs|wasm|css|json|svg))['"`)]/g)) add(m[1]);
    }
    return found;
  }
  const page = new Set(['index.html']);
  // Files a page names by a template (its language's strings, the build's first answer for its
  // language and day): the largest of each kind is counted, once. The provider kit's module, which
  // the calculator page loads only when a provider's file is chosen, is named that way too and is
  // not counted.
  const largest = (re) => rows.filter((r) => re.test(r.name)).sort((a, b) => b.gzip - a.gzip)[0]?.name;
  const chosen = [largest(/^sizer\/i18n-[a-z]+\.js$/), largest(/^first\/catalog\.json$/), largest(/^first\/[a-z]+-\d{4}-\d\d-\d\d\.json$/)];
  const queue = ['index.html', ...chosen.filter(Boolean)];
  for (const name of queue) page.add(name);
  while (queue.length > 0) {
    for (const next of references(queue.pop())) if (!page.has(next)) { page.add(next); queue.push(next); }
  }
  const fetched = served.filter((r) => page.has(r.name));
  return { rows, served, declarations, page, fetched, loader: rows.find((r) => r.name === LOADER) };
}

export const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);

function main(args) {
  let dir = 'build/wasm/site';
  let budgetKb = 340;
  let loaderBudgetKb = 10;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--budget-kb') budgetKb = Number(args[++i]);
    else if (args[i] === '--loader-budget-kb') loaderBudgetKb = Number(args[++i]);
    else dir = args[i];
  }
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.error(`site-size: ${dir} is not a directory (build the site with: cmake --build --preset wasm)`);
    return 2;
  }
  const { rows, served, declarations, page, fetched, loader } = measureSite(dir);
  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  const width = Math.max(5, ...rows.map((r) => r.name.length));
  console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${kb(r.raw)}  ${kb(r.gzip)}`);
  const line = (label, list, note) => console.log(`${label.padEnd(width)}  ${kb(sum(list, 'raw'))}  ${kb(sum(list, 'gzip'))}   (${note})`);
  line('site', served, `${served.length} files served`);
  if (declarations.length > 0) line('declarations', declarations, `${declarations.length} *.d.ts, for editors: never fetched`);
  // SITE_SIZE_LIST=1: which files the calculator page fetches.
  if (process.env.SITE_SIZE_LIST) console.log([...page].sort().join(' '));
  line('calculator page', fetched, `index.html and the ${fetched.length - 1} files it fetches`);
  const gzip = sum(fetched, 'gzip');
  const ok = gzip <= budgetKb * 1024;
  console.log(`calculator page ${(gzip / 1024).toFixed(1)} KB gzipped ${ok ? '<=' : '>'} budget ${budgetKb} KB: ${ok ? 'ok' : 'OVER BUDGET'}`);
  const loaderOk = !!loader && loader.gzip <= loaderBudgetKb * 1024;
  console.log(loader
    ? `${LOADER} ${loader.gzip} bytes gzipped ${loaderOk ? '<=' : '>'} budget ${loaderBudgetKb} KB: ${loaderOk ? 'ok' : 'OVER BUDGET'}`
    : `${LOADER} is missing`);
  return ok && loaderOk ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)));
}
