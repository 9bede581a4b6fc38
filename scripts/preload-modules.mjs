#!/usr/bin/env node
// Names every module the calculator page's first answer needs in its head, as
// <link rel="modulepreload">, so that the browser fetches them all at once instead of one level
// of imports after another (on a phone's 150 ms round trip, each level of the element's imports
// cost one): the static imports of the page's module scripts, followed through, and the views the
// element imports for its first result (the literal import()s of sizer/controller.js). What the
// page imports later (the file input, the guide's claims, the export formats) is left out.
//
//   node scripts/preload-modules.mjs SITE_DIR
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const page = dir && path.join(dir, 'index.html');
if (!page || !fs.existsSync(page)) {
  console.error('usage: node scripts/preload-modules.mjs SITE_DIR (with index.html in it)');
  process.exit(2);
}
let html = fs.readFileSync(page, 'utf8');
const VIEWS_OF = new Set(['sizer/controller.js']); // whose import()s the first answer draws

/** The site files a module imports: static ones, and with dynamic its literal import()s too. */
function imports(name, dynamic) {
  const text = fs.readFileSync(path.join(dir, name), 'utf8');
  const found = [];
  const re = dynamic ? /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+\.js)["']/g : /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;
  for (const m of text.matchAll(re)) {
    const ref = path.posix.normalize(path.posix.join(path.posix.dirname(name), m[1]));
    if (fs.existsSync(path.join(dir, ref))) found.push(ref);
  }
  return found;
}

const entries = [...html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
const wanted = [];
const seen = new Set(entries);
for (const queue = [...entries]; queue.length > 0; ) {
  const name = queue.shift();
  for (const next of imports(name, VIEWS_OF.has(name))) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(next);
    if (!preloaded.has(next)) wanted.push(next);
  }
}
const links = wanted.map((name) => `<link rel="modulepreload" href="${name}">`).join('\n');
const at = html.search(/<link rel="stylesheet"/);
if (at < 0) {
  console.error('preload-modules: index.html has no stylesheet link to put the preloads before');
  process.exit(1);
}
html = `${html.slice(0, at)}${links}\n${html.slice(at)}`;
fs.writeFileSync(page, html);
console.log(`preload-modules: index.html preloads ${wanted.length} more modules`);
