#!/usr/bin/env node
// Builds the one-file offline page: web/index.html with everything it loads inside it, so that
// it works when opened from disk (file://), where browsers refuse module scripts and fetch().
//
//   node scripts/build-offline.mjs --glue build/wasm/wasm/gpusizer-inline.js \
//        [--web web] [--public public] [--out build/wasm/offline/gpusizer.html]
//
// --glue is the module built with -sSINGLE_FILE=1 (the wasm inside it as base64; CMake target
// gpusizer_wasm_inline). esbuild bundles the element's modules, that glue and gpu-sizer.css (as
// text) into one classic script, which hands the factory to sizer/engine.js (useModuleFactory)
// and the CSS to the element (useInlineStyles) before define(); catalog-file.js wires the page's
// "use your own catalog" file input (a catalog chosen from disk). In the template, stylesheets are
// inlined, images become data: URIs, the module scripts give way to the bundle, page.js (the
// service worker, which file:// cannot have), the manifest and links to the site's other pages
// are dropped. Any other local reference is an error, so a change to index.html cannot silently
// produce a file that needs its neighbours. A Content-Security-Policy <meta> lets the page reach
// nothing but data: URLs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opts = { web: path.join(root, 'web'), public: path.join(root, 'public'), glue: null,
  out: path.join(root, 'build/wasm/offline/gpusizer.html') };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const key = argv[i].replace(/^--/, '');
  if (!(key in opts) || i + 1 >= argv.length) fail(`unknown or incomplete argument ${argv[i]}`);
  opts[key] = path.resolve(argv[++i]);
}
if (!opts.glue) fail('--glue <gpusizer-inline.js> is required (CMake target gpusizer_wasm_inline)');
for (const f of [opts.glue, path.join(opts.web, 'index.html')]) {
  if (!fs.existsSync(f)) fail(`${f} is missing`);
}

function fail(message) {
  console.error(`build-offline: ${message}`);
  process.exit(1);
}

const esbuild = await import('esbuild').catch(() =>
  fail('esbuild is not installed: run npm ci (or scripts/bootstrap.sh) in the repository root'));

// Loads and connections only to data: URLs. Deliberately no script-src or default-src: browsers
// that predate 'wasm-unsafe-eval' would then refuse to compile the wasm.
const CSP = [
  'connect-src data:', // the glue reads its inlined wasm through fetch() of a data: URL
  'img-src data:',
  "font-src 'none'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "base-uri 'none'",
].join('; ');

// ---- the script: element, modules, module factory with the wasm, stylesheet ----
const entry = `
import createGpusizer from ${JSON.stringify(opts.glue)};
import css from './gpu-sizer.css';
import { useModuleFactory } from './sizer/engine.js';
import { useInlineStyles } from './gpu-sizer-element.js';
import { define } from './gpu-sizer-define.js';
import './catalog-file.js';

useModuleFactory(createGpusizer);
useInlineStyles(css);
define();
`;
const bundle = await esbuild.build({
  stdin: { contents: entry, resolveDir: opts.web, sourcefile: 'offline-entry.js', loader: 'js' },
  bundle: true,
  format: 'iife', // a classic script: file:// pages refuse module scripts
  platform: 'browser',
  minify: true,
  charset: 'utf8', // the Chinese strings as they are, not \u escapes
  legalComments: 'none',
  loader: { '.css': 'text' },
  // Every language's strings are inside (sizer/i18n.js as in web/): the module that loads the
  // page's languages before the element runs (a top-level await, which a classic script cannot
  // have) has nothing to do here.
  plugins: [{
    name: 'languages-inside',
    setup(build) {
      build.onResolve({ filter: /\/lang-ready\.js$/ }, () => ({ path: 'lang-ready', namespace: 'empty' }));
      build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
    },
  }],
  // import.meta does not exist in a classic script; the modules and the glue only resolve
  // neighbouring files against it, which this page never loads.
  define: { 'import.meta.url': 'document.baseURI' },
  write: false,
  logLevel: 'warning',
});
let script = bundle.outputFiles[0].text.trim();
// An inline script ends at the first "</script" ("<\/script" in a string or regex means the same);
// "<!--" followed by "<script" would change how the rest is parsed.
script = script.replace(/<\/(script)/gi, '<\\/$1');
if (/<!--/.test(script) && /<script/i.test(script)) fail('the bundle contains "<!--" and "<script"');

// ---- the page ----
function local(ref) {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)) return null; // absolute, data:, fragment
  for (const dir of [opts.web, opts.public]) {
    const file = path.join(dir, ref.split(/[?#]/)[0]);
    if (fs.existsSync(file)) return file;
  }
  fail(`index.html refers to ${ref}, which is in neither ${opts.web} nor ${opts.public}`);
}
const attr = (tag, name) => (tag.match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')) || [])
  .slice(2).find((v) => v !== undefined);
const MIME = { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.webp': 'image/webp' };
function dataUri(file) {
  const type = MIME[path.extname(file).toLowerCase()];
  if (!type) fail(`no data: type for ${file}`);
  return `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
}
const seen = { bundle: false };

let html = fs.readFileSync(path.join(opts.web, 'index.html'), 'utf8');
// Each tag with the indentation and line break around it, so that a dropped tag leaves no gap.
const line = (re) => new RegExp(`([ \\t]*)(${re})([ \\t]*\\r?\\n)?`, 'gi');
const keep = (indent, text, eol) => indent + text + (eol || '');
html = html.replace(line('<script\\b[^>]*>\\s*<\\/script>'), (_, indent, tag, eol) => {
  const src = attr(tag, 'src');
  const name = src && path.basename(src);
  if (name === 'gpu-sizer.js') {
    seen.bundle = true;
    return ''; // the bundle goes at the end of <body>
  }
  if (name === 'page.js') return ''; // registers the service worker: none on file://
  if (name === 'warm.js') return ''; // starts the core's worker early: the bundle has none
  return fail(`index.html has a script this build does not know: ${tag}`);
});
html = html.replace(line('<link\\b[^>]*>'), (all, indent, tag, eol) => {
  const relName = (attr(tag, 'rel') || '').toLowerCase();
  const href = attr(tag, 'href') || '';
  const file = local(href);
  if (!file) return all;
  if (relName === 'stylesheet') {
    const css = fs.readFileSync(file, 'utf8');
    if (/<\/style/i.test(css)) fail(`${file} contains "</style"`);
    return keep(indent, `<style>\n${css.trim()}\n${indent}</style>`, eol);
  }
  if (relName === 'icon') return keep(indent, tag.replace(href, dataUri(file)), eol);
  if (relName === 'manifest' || relName === 'modulepreload' || relName === 'preload') return ''; // the bundle has them inside
  return fail(`index.html has a link this build does not know: ${tag}`);
});
html = html.replace(/<img\b[^>]*>/gi, (tag) => {
  const src = attr(tag, 'src');
  const file = src && local(src);
  return file ? tag.replace(src, dataUri(file)) : tag;
});
// Links to the site's other pages (the embedding demo) lead nowhere without the site: dropped.
html = html.replace(/\s*<a\b[^>]*>[\s\S]*?<\/a>/gi, (all) => (local(attr(all, 'href') || '#') ? '' : all));
const left = [...html.matchAll(/\s(?:src|href)\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]).filter((ref) => local(ref));
if (left.length) fail(`index.html still refers to local files: ${left.join(', ')}`);
if (!seen.bundle) fail('index.html no longer loads gpu-sizer.js; nothing to replace with the bundle');
if (!/<\/body>/i.test(html) || !/<meta charset="utf-8">/i.test(html)) fail('index.html lacks </body> or <meta charset="utf-8">');

// Replacement functions, not strings: in a replacement string "$&", "$'" and "$`" are patterns,
// and a minified bundle may well contain them (a variable named $ before &&).
html = html.replace(/(<meta charset="utf-8">)/i, (m) => `${m}\n  <meta http-equiv="Content-Security-Policy" content="${CSP}">`);
html = html.replace(/<\/body>/i, () => `<script>\n${script}\n</script>\n</body>`);

fs.mkdirSync(path.dirname(opts.out), { recursive: true });
fs.writeFileSync(opts.out, html);
const bytes = Buffer.byteLength(html);
const gz = zlib.gzipSync(html, { level: 9 }).length;
console.log(`build-offline: ${path.relative(process.cwd(), opts.out) || opts.out}: ${(bytes / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped`);
