#!/usr/bin/env node
// The calculator's first answer, computed when the site is built, by the site's own wasm module
// under Node (the same core and build the page runs): the default request as a page opening in
// each language sends it (the form's defaults, the core's vocabulary), answered for each date of
// a window around today, because the answer changes with goal.asOf (the prices' ages). The page
// (sizer/first.js, sizer/controller.js) shows it before its engine has arrived, when its own
// request is that one, and replaces it with the engine's answer when that is in.
//
//   node scripts/prerender.mjs SITE_DIR [--days 8]
//
// Writes the days answered into SITE_DIR/sizer/first.js, and SITE_DIR/first/catalog.json
// ({version, catalog}: what the form reads of the default catalog, first.js formLists()) and
// SITE_DIR/first/<lang>-<YYYY-MM-DD>.json ({request, response}) for the day before the build and the --days - 1 after it (a reader's today, in any time zone,
// for a week after the build; later the page waits for its engine, as without these files).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const dir = argv.find((a) => !a.startsWith('--'));
const daysAt = argv.indexOf('--days');
const days = daysAt >= 0 ? Number(argv[daysAt + 1]) : 8;
if (!dir || !fs.existsSync(path.join(dir, 'gpusizer.wasm')) || !(days >= 1)) {
  console.error('usage: node scripts/prerender.mjs SITE_DIR [--days 8] (SITE_DIR with gpusizer.js and gpusizer.wasm)');
  process.exit(2);
}

const { default: createGpusizer } = await import(pathToFileURL(path.resolve(dir, 'gpusizer.js')).href);
const core = await createGpusizer({ wasmBinary: fs.readFileSync(path.join(dir, 'gpusizer.wasm')) });
const catalog = JSON.parse(core.catalog());
const version = core.version();
const { defaults, enums } = catalog.contract;
// What the page reads of the catalog before its engine is in (the form's lists): the site's own rule.
const { formLists } = await import(pathToFileURL(path.resolve(dir, 'sizer', 'first.js')).href);
const lists = formLists(catalog);

// The page's own rules for the form's currency (i18n.js localCurrency, controller.currencyFor).
const LOCAL_CURRENCY = { zh: 'CNY', en: 'USD' };

/**
 * The request a fresh form sends (form.js request(): the preset, the core's default tokens, mode
 * and precision, the default GPU, the deadline in days, the reader's currency, today's date). The
 * page compares its own request with this one and shows the answer only when they are equal: a
 * change to the form's defaults that is not made here too makes the page wait for its engine,
 * and the browser test `prerender` fails.
 */
function defaultRequest(lang, asOf) {
  const currency = enums.currency.includes(LOCAL_CURRENCY[lang]) ? LOCAL_CURRENCY[lang] : defaults.currency;
  return {
    schemaVersion: 1,
    model: { preset: defaults.preset },
    training: { tokens: String(defaults.tokens), mode: defaults.mode, precision: defaults.precision },
    data: {},
    hardware: { gpu: defaults.gpu },
    goal: { currency, days: String(defaults.days), asOf },
    lang,
  };
}

const pad = (n) => String(n).padStart(2, '0');
const ymd = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const out = path.join(dir, 'first');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out);
fs.writeFileSync(path.join(out, 'catalog.json'), JSON.stringify({ version, catalog: lists }));
let written = 0;
const now = new Date();
const dates = [];
for (const lang of enums.lang) {
  for (let i = -1; i < days - 1; i++) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + i);
    const request = defaultRequest(lang, ymd(day));
    const response = JSON.parse(core.estimate(JSON.stringify(request)));
    if (response.ok !== true) {
      console.error(`prerender: the default request (${lang}, ${ymd(day)}) is not answered: ${JSON.stringify(response.error)}`);
      process.exit(1);
    }
    fs.writeFileSync(path.join(out, `${lang}-${ymd(day)}.json`), JSON.stringify({ request, response }));
    if (!dates.includes(ymd(day))) dates.push(ymd(day));
    written++;
  }
}
// The page asks only for the days answered (sizer/first.js's ANSWERED).
const first = path.join(dir, 'sizer', 'first.js');
const script = fs.readFileSync(first, 'utf8');
const empty = 'const ANSWERED = {};';
if (script.split(empty).length !== 2) {
  console.error(`prerender: ${first} has no single "${empty}" to fill`);
  process.exit(1);
}
const answered = { langs: enums.lang, from: dates[0], to: dates[dates.length - 1] };
fs.writeFileSync(first, script.replace(empty, () => `const ANSWERED = ${JSON.stringify(answered)};`));
console.log(`prerender: ${written} first answers (${enums.lang.join(', ')}; ${days} days from ${ymd(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))}), the form's lists (${(JSON.stringify(lists).length / 1024).toFixed(1)} KB of the catalog's ${(JSON.stringify(catalog).length / 1024).toFixed(1)} KB)`);
