#!/usr/bin/env node
// How fast the built wasm module answers under Node: for each case of bench/cases.json the
// median of N whole estimates (estimate(): request string in, response string out), the same
// with "response": {"options": "summary"} and one option's detail after it, and the first call after
// instantiation (the default catalog is parsed then). Prints figures and the budgets of
// cases.json beside them; asserts nothing (a timed test fails on a loaded machine, not on a
// slow engine).
//
//   node bench/wasm-bench.mjs [SITE_DIR=build/wasm/site] [--runs N=21] [--against OTHER_SITE_DIR]
//
// --against: both modules in this one process, their summary estimates taken in turns, so that
// a busy machine (timings here swing by a quarter from run to run) slows both alike; prints
// each module's median and the median of the per-turn ratios (this module / the other).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let site = 'build/wasm/site';
let runs = 21;
let against = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Math.max(1, Number(args[++i]));
  else if (args[i] === '--against') against = args[++i];
  else site = args[i];
}
const { cases, firstCallBudgetMs } = JSON.parse(fs.readFileSync(path.join(here, 'cases.json'), 'utf8'));

// A module of a site folder (a query string makes a second site's glue a module of its own).
async function instantiate(dir, tag = '') {
  const { default: createGpusizer } = await import(pathToFileURL(path.resolve(dir, 'gpusizer.js')).href + tag);
  const wasmBinary = fs.readFileSync(path.resolve(dir, 'gpusizer.wasm'));
  return { module: await createGpusizer({ wasmBinary }), bytes: wasmBinary.length };
}

const t0 = performance.now();
const { module: gpusizer, bytes: wasmBytes } = await instantiate(site);
const instantiated = performance.now() - t0;

// A figure of an error reply would time the wrong work: such a case stops the bench.
const check = (c, reply) => {
  if (reply.startsWith('{"ok":true')) return reply;
  console.error(`wasm-bench: case "${c.name}" was not answered ok: ${reply.slice(0, 300)}`);
  process.exit(1);
};

const first = JSON.stringify(cases[0].request);
const t = performance.now();
check(cases[0], gpusizer.estimate(first));
const firstCall = performance.now() - t;

const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const time = (fn) => {
  fn(); // warm
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    xs.push(performance.now() - start);
  }
  return median(xs);
};
const fmt = (ms) => ms.toFixed(1).padStart(7);
const kb = (text) => (Buffer.byteLength(text) / 1024).toFixed(0).padStart(5);

console.log(`gpusizer wasm (${path.join(site, 'gpusizer.wasm')}, ${(wasmBytes / 1024).toFixed(0)} KB), Node ${process.version}, median of ${runs}`);
console.log(`instantiate ${instantiated.toFixed(1)} ms; first estimate (catalog parse included) ${firstCall.toFixed(1)} ms (budget ${firstCallBudgetMs})`);
console.log(`${'case'.padEnd(50)} ${'full ms'.padStart(7)} ${'KB'.padStart(5)} ${'summ ms'.padStart(7)} ${'KB'.padStart(5)} ${'detail'.padStart(7)} budget`);
for (const c of cases) {
  const request = JSON.stringify(c.request);
  const summaryRequest = JSON.stringify({ ...c.request, response: { options: 'summary' } });
  let full = '';
  let summary = '';
  let detail = '';
  const fullMs = time(() => { full = gpusizer.estimate(request); });
  const summaryMs = time(() => { summary = gpusizer.estimate(summaryRequest); });
  const offerId = JSON.parse(check(c, summary)).result.recommendation?.offerId ?? '';
  const detailMs = time(() => { detail = gpusizer.optionDetail(summaryRequest, offerId); });
  check(c, full);
  check(c, detail);
  console.log(`${c.name.padEnd(50)} ${fmt(fullMs)} ${kb(full)} ${fmt(summaryMs)} ${kb(summary)} ${fmt(detailMs)} ${String(c.budgetMs).padStart(6)}`);
}

if (against) {
  const other = (await instantiate(against, '?against')).module;
  console.log(`\nin turns with ${path.join(against, 'gpusizer.wasm')} (summary estimates, ${runs} turns)`);
  console.log(`${'case'.padEnd(50)} ${'this ms'.padStart(7)} ${'other'.padStart(7)} ${'ratio'.padStart(6)}`);
  for (const c of cases) {
    const summaryRequest = JSON.stringify({ ...c.request, response: { options: 'summary' } });
    const mine = [];
    const theirs = [];
    for (const m of [gpusizer, other]) check(c, m.estimate(summaryRequest)); // warm both
    for (let i = 0; i < runs; i++) {
      for (const [m, xs] of i % 2 ? [[other, theirs], [gpusizer, mine]] : [[gpusizer, mine], [other, theirs]]) {
        const start = performance.now();
        m.estimate(summaryRequest);
        xs.push(performance.now() - start);
      }
    }
    const ratio = median(mine.map((x, i) => x / theirs[i]));
    console.log(`${c.name.padEnd(50)} ${fmt(median(mine))} ${fmt(median(theirs))} ${ratio.toFixed(3).padStart(6)}`);
  }
}
