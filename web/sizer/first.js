// The first answer the site's build computed (scripts/prerender.mjs: the same core, the default
// request of a page opening in each language, for each day of a week around the build): the
// element shows it before its engine has arrived, when its request is that one, then the
// engine's answer (controller.js). Fetched as early as the page can (sizer/warm.js); none for a
// day the build did not answer, nor in web/ itself or the offline file (the engine answers first).
//
// first/catalog.json: {version, catalog} (the form's lists of the default catalog, formLists());
// first/<lang>-<YYYY-MM-DD>.json: {request, response}.

/** Today in the browser's time zone, YYYY-MM-DD (sent as goal.asOf so price ages are current). */
export function today(d = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const BASE = new URL('../first/', import.meta.url).href;
// The languages and days answered, {langs: [...], from: YYYY-MM-DD, to: YYYY-MM-DD}: written here
// by scripts/prerender.mjs as the site is built (so a page never asks for a file that is not there).
const ANSWERED = {};
let lists = null;

/**
 * What the element reads of the default catalog before its engine is in (the form's lists, the
 * GPU names): the GPUs' ids, names and memory; the models (their shape fills the architecture
 * disclosure) without their sources, notes and the mixture-of-experts details the page does not
 * show (expert FFN width, shared experts, dense layers); the exchange rate and its date, the
 * request vocabulary. The
 * build ships this much (first/catalog.json), and the engine's catalog is compared by it.
 */
export function formLists(catalog) {
  const { gpus = [], models = [], fx = {}, contract } = catalog || {};
  return {
    contract,
    fx: { usdCny: fx.usdCny, date: fx.date },
    gpus: gpus.map(({ id, name, memoryGiB }) => ({ id, name, memoryGiB })),
    models: models.map(({ source, notes, expertFfnHidden, sharedExperts, denseLayers, ...model }) => model),
  };
}
const answers = new Map(); // "<lang>-<date>" → promise of {request, response} or null

const getJson = (name) =>
  fetch(new URL(name, BASE).href, { credentials: 'same-origin' })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);

/**
 * The build's answer for lang on date (YYYY-MM-DD): resolves to {catalog, version, request,
 * response}, or null when there is none (a day or language the build did not answer).
 */
export function firstAnswer(lang, date) {
  // Offline, none: the answers are not in the service worker's cache (the engine, which is, answers).
  const { langs = [], from, to } = ANSWERED;
  if (!langs.includes(lang) || !(date >= from && date <= to) || typeof fetch !== 'function' || navigator.onLine === false) return Promise.resolve(null);
  lists ??= getJson('catalog.json');
  const key = `${lang}-${date}`;
  if (!answers.has(key)) answers.set(key, getJson(`${key}.json`));
  return Promise.all([lists, answers.get(key)]).then(([l, a]) =>
    l && a && a.response && a.response.ok === true ? { catalog: l.catalog, version: l.version, request: a.request, response: a.response } : null,
  );
}
