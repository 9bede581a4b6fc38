#!/usr/bin/env node
// Minifies the assembled site's own pages, scripts and styles in place (esbuild's transform, file by
// file: the modules keep their names, imports and exports, so the site's layout is unchanged).
// The sources in web/ stay readable; what is deployed is what a phone downloads.
//
//   node scripts/minify-site.mjs SITE_DIR
//
// Emscripten's glue (gpusizer.js) too: without the closure compiler the linker only strips its
// whitespace, and renaming its locals takes 8.4 KB gzipped to 6.4 (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node scripts/minify-site.mjs SITE_DIR');
  process.exit(2);
}
const esbuild = await import('esbuild').catch(() => {
  console.error('minify-site: esbuild is not installed: run npm ci (or scripts/bootstrap.sh) in the repository root');
  process.exit(2);
});

function walk(d) {
  return fs
    .readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.isFile() ? [path.join(d, e.name)] : []));
}

let before = 0;
let after = 0;
for (const file of walk(dir)) {
  const name = path.relative(dir, file).split(path.sep).join('/');
  // The pages: without their comments (web/'s notes for its readers) and the indentation of their
  // lines; pages with text areas or preformatted text keep their indentation.
  if (name.endsWith('.webmanifest')) {
    const source = fs.readFileSync(file, 'utf8');
    const code = JSON.stringify(JSON.parse(source));
    fs.writeFileSync(file, code);
    before += Buffer.byteLength(source);
    after += Buffer.byteLength(code);
    continue;
  }
  if (name.endsWith('.html')) {
    const source = fs.readFileSync(file, 'utf8');
    let code = source.replace(/<!--[\s\S]*?-->[ \t]*\n?/g, '');
    if (!/<(textarea|pre)\b/i.test(code)) code = code.replace(/\n[ \t]+/g, '\n');
    fs.writeFileSync(file, code);
    before += Buffer.byteLength(source);
    after += Buffer.byteLength(code);
    continue;
  }
  const loader = name.endsWith('.css') ? 'css' : /\.(m?js)$/.test(name) ? 'js' : null;
  if (!loader) continue;
  const source = fs.readFileSync(file, 'utf8');
  // Local names are shortened, class and function names included (keeping them cost 2.9 KB
  // gzipped): nothing reads a function's name, and web/ is the source to read. Modules (import,
  // export, import.meta, top-level await) as modules; a classic script (sw.js) keeps its
  // top-level names, which are globals.
  const module = loader === 'js' && /^\s*(import|export)\b|import\.meta/m.test(source);
  const { code } = await esbuild.transform(source, { loader, format: module ? 'esm' : undefined, minify: true, charset: 'utf8', legalComments: 'none' });
  fs.writeFileSync(file, code);
  before += Buffer.byteLength(source);
  after += Buffer.byteLength(code);
}
console.log(`minify-site: ${(before / 1024).toFixed(1)} KB of pages, scripts and styles -> ${(after / 1024).toFixed(1)} KB`);
