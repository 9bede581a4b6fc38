// The provider's price table without the calculator: what <gpu-sizer> shows when WebAssembly is
// unavailable or the core's module fails to load, what the loader (gpu-sizer-loader.js) shows when
// the element's own module cannot load, and what the provider kit serializes into its snippet's
// <noscript>. Plain HTML, text only (h() makes text nodes, so a hostile name is only text): the
// catalog's offers as written, offer, GPU, GPUs per unit, prices with their currency, price date.
// Nothing is computed; the catalog's own figures are formatted.
import { h } from './dom.js';
import { i18n, localText, normalizeLang, defaultLang, loadLang } from './i18n.js';

const PERIODS = ['hour', 'day', 'week', 'month', 'year'];
const MAX_ROWS = 500; // a catalog is read as given (the core is not there to check it)
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const str = (v, lang) => (isNum(v) ? String(v) : localText(v, lang).slice(0, 500));

/** The catalog's offers that can be listed (objects), at most MAX_ROWS. */
export const offersOf = (catalog) => (isObject(catalog) && Array.isArray(catalog.offers) ? catalog.offers.filter(isObject).slice(0, MAX_ROWS) : []);

/**
 * The catalog's price table, or null when it has no offers. lang: "en" | "zh". The table has the
 * class gpusizer-prices and no style of its own: in the element the element's styles apply, in a
 * host page (the <noscript> copy, the loader's fallback) the host's.
 */
export function priceTable(catalog, lang, gpus = []) {
  const offers = offersOf(catalog);
  if (!offers.length) return null;
  const tr = i18n(lang);
  const { t } = tr;
  // GPUs by name: the catalog's own, else those given (the default catalog's, where it is known).
  const names = new Map();
  for (const g of [...(Array.isArray(gpus) ? gpus : []), ...(Array.isArray(catalog.gpus) ? catalog.gpus : [])].filter(isObject)) {
    const name = str(g.name, lang);
    if (typeof g.id === 'string' && name) names.set(g.id, name);
  }
  const head = ['offer', 'gpu', 'gpusPerUnit', 'prices', 'priceDate'].map((k) => h('th', { scope: 'col' }, t(`fallback.${k}`)));
  const rows = offers.map((o) => {
    const id = str(o.id, lang);
    const provider = str(o.provider, lang);
    const gpu = str(o.gpu, lang);
    const currency = typeof o.currency === 'string' ? str(o.currency, lang) : '';
    const prices = isObject(o.prices) ? o.prices : {};
    const lines = PERIODS.filter((p) => isNum(prices[p])).map((p) => `${tr.priceAsWritten(prices[p], currency)} / ${t(`per.${p}`)}`);
    return h(
      'tr',
      null,
      h('th', { scope: 'row' }, provider || id, provider && id ? [' ', h('small', null, `(${id})`)] : null),
      h('td', null, names.get(gpu) || gpu),
      h('td', null, str(o.gpusPerUnit, lang)),
      h('td', null, lines.length ? lines.flatMap((line, i) => (i ? [h('br'), line] : [line])) : '—'),
      h('td', null, str(o.priceDate, lang)),
    );
  });
  return h(
    'table',
    { class: 'gpusizer-prices', lang: lang === 'zh' ? 'zh-CN' : lang },
    h('caption', null, t('fallback.caption')),
    h('thead', null, h('tr', null, head)),
    h('tbody', null, rows),
  );
}

/**
 * The fallback as a block: why the calculator is not shown (reason: a message key), then the
 * price table; the note alone when the catalog has no offers. gpus: GPU records to name the
 * offers' GPUs by where the catalog has none of its own (the provider kit passes the default catalog's).
 */
export function fallbackBlock(catalog, lang, reason, gpus = []) {
  const { t } = i18n(lang);
  const table = priceTable(catalog, lang, gpus);
  return h(
    'section',
    { class: 'gpusizer-fallback', part: 'fallback', lang: lang === 'zh' ? 'zh-CN' : lang },
    h('p', { class: 'fallback-note' }, t(reason), table ? ` ${t('fallback.pricesBelow')}` : ''),
    table,
  );
}

/**
 * The loader's fallback, when the element's module cannot load: the element (not upgraded, so its
 * own children show) gets the block, from its catalog-src (same origin only) in its lang.
 */
export async function showFallback(el) {
  const lang = normalizeLang(el.getAttribute('lang')) || defaultLang();
  await loadLang(lang).catch(() => {}); // its strings (their own module in the site)
  let catalog = null;
  const src = el.getAttribute('catalog-src');
  if (src) {
    try {
      const url = new URL(src, document.baseURI);
      if (url.origin === location.origin) {
        const res = await fetch(url.href, { credentials: 'same-origin' });
        if (res.ok) catalog = JSON.parse(await res.text());
      }
    } catch {
      /* no catalog: the note alone */
    }
  }
  for (const old of el.querySelectorAll(':scope > .gpusizer-fallback')) old.remove();
  el.append(fallbackBlock(catalog, lang, 'fallback.loadFailed'));
}
