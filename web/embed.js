// The iframe mode (embed.html), for pages that may hold an <iframe> but no script:
//
//   embed.html?lang=zh&currency=CNY&catalog=/prices/catalog.json&theme=dark
//
// Parameters, each checked; a value that fails its check is ignored (the element's default is
// used) with one console warning, and unknown parameters are ignored:
//   lang      zh | en (also zh-CN, en-US): the element's lang attribute
//   currency  CNY | USD (any case)
//   preset    a model preset id, gpu  a GPU id: passed on; the element falls back to its defaults
//             for ids its catalog does not have
//   catalog   a URL of a provider catalog on this page's origin (relative or absolute): the
//             element's catalog-src. Any other origin is refused, with a notice in the page, and
//             the default catalog is shown (nothing is requested from it)
//   theme     light (default) | dark | an accent colour #rgb or #rrggbb (also without "#"), or a
//             theme and a colour joined by a comma: "dark,#f59e0b"; the element's theme attribute
//             and its --gpu-sizer-accent properties
// The attributes are set before the element is defined, so its first estimate is the one asked.
//
// Height: this page posts {type: "gpusizer:height", height} (CSS pixels, its body's height) to the
// parent window whenever that changes, and nothing else; it never reads the parent. The parent's
// listener (docs/embedding.md) checks the message's origin and source and sizes the iframe.
import './sizer/lang-ready.js';
import { i18n, normalizeLang, defaultLang } from './sizer/i18n.js';

const params = new URLSearchParams(location.search);
const sizer = document.querySelector('gpu-sizer');
const notice = document.getElementById('embed-notice');

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The single value of a parameter, or null (absent, repeated, or longer than `max`). */
function param(name, max = 64) {
  const all = params.getAll(name);
  return all.length === 1 && all[0].length <= max ? all[0].trim() : null;
}

/** A URL on this page's origin (http or https, no credentials), as an absolute URL; else null. */
export function sameOriginUrl(value, base = location.href) {
  if (!value) return null;
  let url;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  const here = new URL(base);
  if (url.origin !== here.origin || !/^https?:$/.test(url.protocol) || url.username || url.password) return null;
  url.hash = '';
  return url.href;
}

/** {dark, accent, bad}: the theme parameter read (null parts where it says nothing valid; bad when a part is neither). */
export function readTheme(value) {
  const out = { dark: false, accent: null, bad: false };
  if (!value) return out;
  const parts = value.split(',').map((p) => p.trim().toLowerCase());
  if (parts.length > 2) return { ...out, bad: true };
  for (const p of parts) {
    if (p === 'dark') out.dark = true;
    else if (p === 'light') out.dark = false;
    else if (COLOUR.test(p)) {
      const hex = p.replace('#', '');
      out.accent = `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
    } else out.bad = true;
  }
  return out;
}

// ---- presentation of an accent colour: the text on it and a tint of it ----
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (c) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const luminance = (c) => {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

function applyTheme({ dark, accent }) {
  if (dark) {
    document.documentElement.dataset.theme = 'dark';
    sizer.setAttribute('theme', 'dark');
  }
  if (!accent) return;
  const c = rgb(accent);
  const l = luminance(c);
  // The text colour with the larger contrast on the accent (WCAG's contrast ratio).
  const onAccent = (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#0f172a' : '#ffffff';
  const base = dark ? [15, 23, 42] : [255, 255, 255];
  const tint = toHex(base.map((b, i) => b + (c[i] - b) * 0.14));
  sizer.style.setProperty('--gpu-sizer-accent', accent);
  sizer.style.setProperty('--gpu-sizer-accent-text', onAccent);
  sizer.style.setProperty('--gpu-sizer-accent-tint', tint);
}

/** One console warning for a parameter whose value is ignored (the message table's, in the page's language). */
function ignored(name, why, vars = {}) {
  const value = params.getAll(name).join(',').slice(0, 200);
  const tr = i18n(normalizeLang(param('lang')) || defaultLang());
  console.warn(tr.fmt('frameParamIgnored', { name, value, why: tr.fmt(`attrWhy.${why}`, vars) }));
}

const given = (name) => params.has(name);

function configure() {
  const lang = normalizeLang(param('lang'));
  if (lang) sizer.setAttribute('lang', lang);
  else if (given('lang')) ignored('lang', 'lang', { list: 'zh, en' });
  const currency = (param('currency') || '').toUpperCase();
  if (currency === 'CNY' || currency === 'USD') sizer.setAttribute('currency', currency);
  else if (given('currency')) ignored('currency', 'currency', { list: 'CNY, USD' });
  for (const name of ['preset', 'gpu']) {
    const value = param(name);
    if (value && ID.test(value)) sizer.setAttribute(name, value);
    else if (given(name)) ignored(name, name);
  }
  const catalog = param('catalog', 2048);
  if (catalog) {
    const url = sameOriginUrl(catalog);
    if (url) {
      sizer.setAttribute('catalog-src', url);
    } else {
      ignored('catalog', 'catalog');
      notice.textContent = i18n(lang || defaultLang()).t('frameCatalogRejected');
      notice.hidden = false;
    }
  } else if (given('catalog')) ignored('catalog', 'catalog');
  const theme = readTheme(param('theme'));
  if ((given('theme') && param('theme') === null) || theme.bad) ignored('theme', 'accent');
  applyTheme(theme);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang || document.documentElement.lang;
}

// ---- the height, to the parent only ----
function postHeight() {
  if (window.parent === window) return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // Only the height leaves this page; any page may frame it, so the target origin is "*".
    window.parent.postMessage({ type: 'gpusizer:height', height }, '*');
  };
  new ResizeObserver(post).observe(document.body);
  post();
}

if (sizer) {
  configure();
  postHeight();
  // The element's notice follows its language switch.
  new MutationObserver(() => {
    const l = sizer.getAttribute('lang');
    if (l) document.documentElement.lang = l === 'zh' ? 'zh-CN' : l;
    if (!notice.hidden) notice.textContent = i18n(normalizeLang(l) || 'en').t('frameCatalogRejected');
  }).observe(sizer, { attributes: true, attributeFilter: ['lang'] });
  await import('./gpu-sizer.js');
}
