#!/usr/bin/env node
// The size figures the documentation quotes, measured on the build: the site, what the calculator
// page fetches, the wasm module, the loader and the offline file, gzipped as `npm run size`
// counts them (scripts/site-size.mjs, zlib level 9). Deterministic: the same build gives the same
// bytes, so the figures change only when the site does. Writes each between its markers
//   <!-- figures:NAME:begin -->  ...  <!-- figures:NAME:end -->
// in README.md, docs/performance.md and docs/embedding.md.
//
//   node scripts/docs-figures.mjs [--site build/wasm/site] [--offline build/wasm/offline/gpusizer.html]
//   node scripts/docs-figures.mjs --check ...   exit 1 when a page's figures are not what the build measures
//
// tests/wasm/docs-figures.test.mjs runs the check on the wasm build (ctest in build/wasm).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOADER, fileSize, measureSite, sum } from './site-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const num = (n) => n.toLocaleString('en-US');

/** Prose wrapped at 96 columns, as the pages are written. */
function wrap(text, width = 96) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

// The parts of the site, in the order the table lists them: each file belongs to the first
// whose test it passes (every file to one: measure() throws otherwise).
const PARTS = [
  ['`gpusizer.wasm`: the calculator\'s core', (n) => n === 'gpusizer.wasm'],
  ['`gpusizer.js`: Emscripten\'s glue (Embind)', (n) => n === 'gpusizer.js'],
  ['the first answers the build computed (`first/`: the default request in each language for each day of a week, and the form\'s lists)',
    (n) => n.startsWith('first/')],
  ['the provider kit (its own wasm module, page, scripts and strings), the iframe page and the demo, with their styles and example catalog',
    (n) => /^(provider|embed|demo)\.|^provider-catalog\.example\.json$|^gpusizer-kit\.|^sizer\/i18n-kit-/.test(n) || n.endsWith('.json')],
  ['scripts of the page, the element and its views, the loader and the service worker, minified', (n) => /\.m?js$/.test(n)],
  ['styles, the calculator\'s HTML, manifest and icons', () => true],
];

/** Everything the blocks say, measured: {site, page, wasm, loader, offline, parts}. */
export function measure(siteDir, offlineFile) {
  const { served, fetched, loader } = measureSite(siteDir);
  if (!loader) throw new Error(`${siteDir} has no ${LOADER}`);
  const wasm = served.find((r) => r.name === 'gpusizer.wasm');
  if (!wasm) throw new Error(`${siteDir} has no gpusizer.wasm`);
  const parts = PARTS.map(([label]) => ({ label, files: [] }));
  for (const r of served) parts[PARTS.findIndex(([, test]) => test(r.name))].files.push(r);
  return {
    site: { files: served.length, raw: sum(served, 'raw'), gzip: sum(served, 'gzip') },
    page: { files: fetched.length, raw: sum(fetched, 'raw'), gzip: sum(fetched, 'gzip') },
    wasm,
    loader,
    offline: fileSize(offlineFile),
    parts: parts.filter((p) => p.files.length > 0),
  };
}

/** The text of each block, by name. */
export function blocks(m) {
  const table = [
    '| part | files | raw | gzipped |',
    '|---|---|---|---|',
    ...m.parts.map((p) => `| ${p.label} | ${p.files.length} | ${kb(sum(p.files, 'raw'))} | ${kb(sum(p.files, 'gzip'))} |`),
    `| **the deployed site** (\`build/wasm/site/\`) | ${m.site.files} | ${kb(m.site.raw)} | **${kb(m.site.gzip)}** |`,
    `| what the calculator page (\`index.html\`) fetches | ${m.page.files} | ${kb(m.page.raw)} | ${kb(m.page.gzip)} |`,
    `| the loader, \`${LOADER}\` | 1 | ${num(m.loader.raw)} bytes | ${num(m.loader.gzip)} bytes |`,
    `| the offline file, \`build/wasm/offline/gpusizer.html\` (not deployed) | 1 | ${kb(m.offline.raw)} | ${kb(m.offline.gzip)} |`,
  ].join('\n');
  return {
    'readme-sizes': wrap(
      `The deployed site is ${kb(m.site.gzip)} gzipped, of which the calculator page fetches ` +
      `${kb(m.page.gzip)} (the wasm module ${kb(m.wasm.gzip)}); the loader an embedding page ` +
      `starts with is ${num(m.loader.gzip)} bytes gzipped; the offline file is ${kb(m.offline.raw)} ` +
      `(${kb(m.offline.gzip)} gzipped).`),
    'size-table': table,
    'embedding-sizes': wrap(
      `Sizes of this build, gzipped as \`npm run size\` counts them: the loader, \`${LOADER}\`, ` +
      `${num(m.loader.gzip)} bytes; the calculator page with everything it fetches ` +
      `${kb(m.page.gzip)}, of which the wasm module ${kb(m.wasm.gzip)}; the whole site, ` +
      `${m.site.files} files, ${kb(m.site.gzip)}; the offline file ${kb(m.offline.raw)}, ` +
      `${kb(m.offline.gzip)} gzipped.`),
  };
}

/** Which page holds which blocks. */
export const PAGES = {
  'README.md': ['readme-sizes'],
  'docs/performance.md': ['size-table'],
  'docs/embedding.md': ['embedding-sizes'],
};

const markers = (name) => ({ begin: `<!-- figures:${name}:begin -->`, end: `<!-- figures:${name}:end -->` });

/** The page's text with its blocks rewritten; throws when a marker is missing. */
export function render(file, text, generated) {
  let out = text;
  for (const name of PAGES[file]) {
    const { begin, end } = markers(name);
    const start = out.indexOf(begin);
    const stop = out.indexOf(end);
    if (start < 0 || stop < start) throw new Error(`${file} lacks the markers ${begin} ... ${end}`);
    out = `${out.slice(0, start)}${begin}\n${generated[name]}\n${out.slice(stop)}`;
  }
  return out;
}

function main(args) {
  let site = path.join(root, 'build/wasm/site');
  let offline = path.join(root, 'build/wasm/offline/gpusizer.html');
  let check = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--site') site = path.resolve(args[++i]);
    else if (args[i] === '--offline') offline = path.resolve(args[++i]);
    else if (args[i] === '--check') check = true;
    else {
      console.error('usage: node scripts/docs-figures.mjs [--check] [--site DIR] [--offline FILE]');
      return 2;
    }
  }
  const generated = blocks(measure(site, offline));
  let stale = 0;
  for (const file of Object.keys(PAGES)) {
    const full = path.join(root, file);
    const text = fs.readFileSync(full, 'utf8');
    const next = render(file, text, generated);
    if (next === text) continue;
    if (check) {
      stale++;
      console.error(`${file}: its size figures differ from the build's; run node scripts/docs-figures.mjs`);
    } else {
      fs.writeFileSync(full, next);
      console.log(`${file}: size figures rewritten`);
    }
  }
  return stale ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)));
}
