#!/usr/bin/env node
// Splits the assembled site's message tables by language: sizer/i18n.js (a copy of web/'s, both
// languages between its "i18n-tables:begin" and "i18n-tables:end" lines) keeps its code and an
// empty table; each language's strings go to sizer/i18n-<lang>.js, which i18n.js loads for the
// languages a page shows (loadLang), but the provider kit's (sizer/i18n-kit-<lang>.js, provider.html's:
// loadKitStrings). A page downloads one language; switching loads the other.
// A key a language lacks is written with the English text the page would show for it, so each
// module stands alone.
//
//   node scripts/split-i18n.mjs SITE_DIR
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const file = dir && path.join(dir, 'sizer', 'i18n.js');
if (!file || !fs.existsSync(file)) {
  console.error('usage: node scripts/split-i18n.mjs SITE_DIR (with sizer/i18n.js in it)');
  process.exit(2);
}
const source = fs.readFileSync(file, 'utf8');
const begin = source.indexOf('// i18n-tables:begin');
const endMark = '// i18n-tables:end';
const end = source.indexOf(endMark);
if (begin < 0 || end < begin) {
  console.error(`split-i18n: ${file} has no i18n-tables:begin ... i18n-tables:end block`);
  process.exit(1);
}
// In Node there is no document: the module loads no language and only gives its tables.
const { STRINGS, LANGS } = await import(`${pathToFileURL(file).href}?split`);
const sizes = [];
// The provider kit's own strings (keys kit…) in modules of their own, i18n-kit-<lang>.js, which
// only provider.html loads (i18n.js loadKitStrings).
const KIT = /^kit/;
const write = (name, what, table) => {
  const text = `// ${what} (built by scripts/split-i18n.mjs from sizer/i18n.js).\nexport default ${JSON.stringify(table)};\n`;
  fs.writeFileSync(path.join(dir, 'sizer', name), text);
  sizes.push(`${name} ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`);
};
for (const lang of LANGS) {
  const table = Object.entries({ ...STRINGS.en, ...STRINGS[lang] });
  write(`i18n-${lang}.js`, `${lang}: the pages' strings in this language`, Object.fromEntries(table.filter(([k]) => !KIT.test(k))));
  write(`i18n-kit-${lang}.js`, `${lang}: the provider kit's own strings`, Object.fromEntries(table.filter(([k]) => KIT.test(k))));
}
const code = `${source.slice(0, begin)}// The tables: one module per language, sizer/i18n-<lang>.js (scripts/split-i18n.mjs).\nconst STRINGS = {};\n${source.slice(end + endMark.length)}`;
fs.writeFileSync(file, code);
console.log(`split-i18n: ${sizes.join(', ')}; sizer/i18n.js ${(Buffer.byteLength(source) / 1024).toFixed(1)} KB -> ${(Buffer.byteLength(code) / 1024).toFixed(1)} KB`);
