// <gpu-sizer>: the GPU training-cost calculator as one custom element.
//
// Attributes (validated; invalid values fall back):
//   lang         "zh" | "en"; default: zh when navigator.language starts with "zh", else en.
//                The language switch inside the element sets this attribute.
//   currency     "CNY" | "USD"; default: CNY for zh, USD for en.
//   preset       a model preset id of the catalog (e.g. "llama-2-7b"); default llama-2-7b.
//   gpu          a GPU id of the catalog (e.g. "a100-80gb"); default a100-80gb.
//   catalog-src  URL (same origin) of a provider catalog JSON, sent as request.catalog.
// Properties:
//   catalog      a provider catalog object (same as catalog-src, without the fetch); null clears it.
//                Its fx {usdCny, date}, when given, is the exchange-rate field's placeholder.
//   request      get: the request object the form currently sends to the core's estimate()
//                (schemaVersion, model.preset or model.params, training, hardware, goal with asOf,
//                efficiency, lang, and catalog when one is set); null until the catalog has loaded.
//                set: fills the form from such an object and estimates (set before the element
//                has loaded, the first estimate is this request's). Values are checked with
//                fallbacks, never thrown at: an unknown model.preset or hardware.gpu → the default
//                (model.params alone → a custom model); mode/precision outside their lists →
//                pretrain/bf16; goal.currency other than CNY/USD → unchanged; lang zh/en switches
//                the language; numbers and strings (≤ 64 characters) go into their fields as
//                written (the core reports what it cannot read next to the field), other types
//                empty them; training.tokens falls back to 2T; fields left out are emptied;
//                hardware.count means sizing by GPU count, else goal.days is the deadline.
//                goal.asOf (always today) and catalog are ignored: prices come only from the
//                catalog property or catalog-src, never from a request. The element never reads
//                or writes the page's URL: a host page that wants share links keeps the request
//                there itself (web/page.js does, in the fragment).
// Requests: the form sends goal.asOf = today's date (the browser's clock and time zone) so price
//   ages are current; goal.sensitiveData when "Sensitive data" is ticked; goal.usdCny when an
//   exchange rate is typed; no goal.days when the deadline is left empty.
// Events (bubble, composed):
//   gpusizer-result  detail = the parsed response ({ok: true, result, ...}) after each estimate
//                    (result.choices, result.frontier and result.advice included), plus
//                    detail.request: the request object that produced it.
//   gpusizer-error   detail = {ok: false, error: {code, path, message}, request}: a bad input (the
//                    core's answer; request is what was sent), or the module/catalog failing to
//                    load (codes load_failed, catalog_unavailable; request null).
// Styling: custom properties --gpu-sizer-accent, --gpu-sizer-accent-text, --gpu-sizer-accent-tint,
//   --gpu-sizer-font, --gpu-sizer-font-size, --gpu-sizer-text, --gpu-sizer-muted, --gpu-sizer-bg,
//   --gpu-sizer-surface, --gpu-sizer-border, --gpu-sizer-input-border, --gpu-sizer-radius,
//   --gpu-sizer-danger, --gpu-sizer-ok, --gpu-sizer-warn, --gpu-sizer-warn-bg,
//   --gpu-sizer-point (chart points off the frontier), --gpu-sizer-grid (chart grid lines);
//   parts: form, field, field-error, lang-switch, summary, warnings, layout (the parallel layout
//   and iteration-time bar of the chosen GPU), advice (rule of thumb and notes), chart (the
//   cost-versus-time SVG: points, frontier, labels, tooltip), options, table-wrap, table,
//   badge (every badge in the table) with badge-recommended, badge-cheapest, badge-fastest for
//   one kind (the cheapest/fastest badges are outlined in the accent colour), steps, meta.
// Table rows: tr[data-offer-id] with data-recommended / data-cheapest / data-fastest; each has a
//   toggle (button.expand, aria-expanded) opening the detail row that follows it.
// Timing: each estimate leaves User Timing measures "gpusizer:estimate" and "gpusizer:render".
// Stylesheet: gpu-sizer.css next to this module, by <link>; a bundle that cannot load files
//   (the one-file offline page) calls useInlineStyles(cssText) before define() instead.
import { Controller } from './sizer/controller.js';
import { normalizeLang, defaultLang } from './sizer/i18n.js';

const STYLESHEET = new URL('./gpu-sizer.css', import.meta.url).href;
const CURRENCIES = ['CNY', 'USD'];
const ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

let inlineCss = null;
let inlineSheet = null;

/**
 * Styles elements created from now on with this CSS text instead of linking gpu-sizer.css:
 * a constructable stylesheet shared by every element (a <style> where those are not supported).
 * For bundles without files (scripts/build-offline.mjs); pages on a server keep the <link>,
 * which their Content-Security-Policy allows.
 */
export function useInlineStyles(cssText) {
  inlineCss = cssText == null ? null : String(cssText);
  inlineSheet = null;
}

/** Puts the inline CSS into a shadow root; false when there is none to use. */
function adoptInlineStyles(shadow) {
  if (inlineCss === null) return false;
  try {
    if (!inlineSheet) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(inlineCss);
      inlineSheet = sheet;
    }
    shadow.adoptedStyleSheets = [inlineSheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = inlineCss;
    shadow.append(style);
  }
  return true;
}

export class GpuSizerElement extends HTMLElement {
  static observedAttributes = ['lang', 'currency', 'preset', 'gpu', 'catalog-src'];

  #controller = null;
  #root = null;
  #catalog = null;
  #request = null; // set before the controller exists

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    this.#root = document.createElement('div');
    this.#root.className = 'root';
    if (adoptInlineStyles(shadow)) {
      shadow.append(this.#root);
      return;
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = STYLESHEET;
    // Hidden (by the hidden attribute, which needs no CSS) until the stylesheet is in.
    this.#root.hidden = true;
    const show = () => {
      this.#root.hidden = false;
    };
    link.addEventListener('load', show, { once: true });
    link.addEventListener('error', show, { once: true });
    shadow.append(link, this.#root);
  }

  /** The effective language: the lang attribute if valid, else the browser's. */
  get language() {
    return normalizeLang(this.getAttribute('lang')) || defaultLang();
  }

  get currency() {
    const c = (this.getAttribute('currency') || '').toUpperCase();
    if (CURRENCIES.includes(c)) return c;
    return this.#controller ? this.#controller.form.currency : this.language === 'zh' ? 'CNY' : 'USD';
  }

  set currency(value) {
    this.setAttribute('currency', String(value));
  }

  get catalog() {
    return this.#catalog;
  }

  set catalog(value) {
    this.#catalog = value && typeof value === 'object' && !Array.isArray(value) ? value : null;
    this.#controller?.setProviderCatalog(this.#catalog);
  }

  get request() {
    const c = this.#controller;
    return c && c.catalog ? c.request() : null;
  }

  set request(value) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    if (this.#controller) this.#controller.setRequest(value);
    else this.#request = value;
  }

  connectedCallback() {
    if (this.#controller) return;
    // A property set before the element was upgraded shadows the accessor: re-apply it.
    for (const name of ['catalog', 'request']) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
    const lang = this.language;
    this.#root.lang = lang;
    const id = (name) => {
      const v = this.getAttribute(name);
      return v && ID_PATTERN.test(v) ? v : undefined;
    };
    this.#controller = new Controller(this, this.#root, {
      lang,
      currency: this.currency,
      preset: id('preset'),
      gpu: id('gpu'),
    });
    if (this.#catalog) this.#controller.setProviderCatalog(this.#catalog);
    if (this.#request) {
      this.#controller.setRequest(this.#request); // before start(): the first estimate uses it
      this.#request = null;
    }
    const src = this.getAttribute('catalog-src');
    if (src && !this.#catalog) this.#controller.loadCatalogSrc(src);
    this.#controller.start();
  }

  attributeChangedCallback(name, oldValue, value) {
    const c = this.#controller;
    if (!c || oldValue === value) return;
    switch (name) {
      case 'lang': {
        const lang = this.language;
        this.#root.lang = lang;
        c.setLang(lang);
        break;
      }
      case 'currency': {
        const cur = (value || '').toUpperCase();
        if (CURRENCIES.includes(cur)) c.setCurrency(cur);
        break;
      }
      case 'preset':
        if (value && ID_PATTERN.test(value)) c.setPreset(value);
        break;
      case 'gpu':
        if (value && ID_PATTERN.test(value)) c.setGpu(value);
        break;
      case 'catalog-src':
        c.loadCatalogSrc(value);
        break;
    }
  }
}
