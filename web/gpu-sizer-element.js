// <gpu-sizer>: the GPU training-cost calculator as one custom element.
//
// Attributes are the source of truth; each has a property that reflects it (as GitHub's
// relative-time-element does): setting the property writes the attribute as given (null or
// undefined removes it), reading it returns the value the element uses: the attribute when valid,
// else the fallback. The lists come from the core (catalog().contract, sizer/contract.js); until
// the module has loaded, lang and currency are checked against a minimal fallback (en/zh, CNY/USD).
//   lang         "zh" | "en" (any value naming one, e.g. "zh-CN"); default: the browser's language
//                when it is one of those, else en. The language switch inside the element sets it.
//                Property lang (replaces HTMLElement's: returns "zh" or "en"); language is the same.
//   currency     "CNY" | "USD", any case; default: CNY for zh, USD for en. Property currency: the
//                attribute upper-cased, or the default. It sets the form's currency; the user may
//                pick another there (the request's goal.currency says which is sent).
//   preset       a model preset id of the catalog (e.g. "llama-2-7b"); default: the core's,
//                llama-2-7b. Property preset: the attribute when the catalog has it, else the
//                default; before the catalog has loaded, the attribute when it is a well-formed id
//                (letters, digits, . _ -), else null. The user may pick another model in the form.
//   gpu          a GPU id of the catalog (e.g. "a100-80gb"); default: the core's, a100-80gb.
//                Property gpu: as preset.
//   catalog-src  URL (same origin) of a provider catalog JSON, sent as request.catalog. Property
//                catalogSrc: the attribute as written, "" when there is none. It fails safe: a
//                catalog that cannot be loaded (an HTTP error, not JSON, no connection) or that
//                the core refuses (anything but an object, a bad offer: the error names the
//                field) leaves the element showing that error and no prices at all, whatever the
//                form is changed to, until another catalog is given; never the default market in
//                place of the provider's own.
// Properties:
//   catalog      get: the provider catalog in use (set as this property or loaded from
//                catalog-src), else null. set: a provider catalog object, used at once (same as
//                catalog-src, without the fetch); null clears it, and catalog-src, if present,
//                applies again; anything else (an array, a string) is sent as it is and refused by
//                the core, as a bad catalog-src is. Whichever of catalog and catalog-src was set last wins: a new
//                catalog-src aborts the load in flight (a stale response never applies), and
//                setting catalog drops it. Estimates wait while a load is in flight.
//                Its fx {usdCny, date}, when given, is the exchange-rate field's placeholder.
//   request      get: the request object the form currently sends to the core's estimate()
//                (schemaVersion, model.preset or model.params, training, hardware, goal with asOf,
//                efficiency, lang, and catalog when one is set); null until the catalog has loaded.
//                set: fills the form from such an object and estimates (set before the element
//                has loaded, the first estimate is this request's). Values are checked with
//                fallbacks, never thrown at: an unknown model.preset or hardware.gpu → the default
//                (model.params alone → a custom model); mode/precision outside the core's lists →
//                its defaults, pretrain/bf16; goal.currency outside its list → unchanged; a lang
//                it accepts switches the language; numbers and strings (≤ 64 characters) go into
//                their fields as written (the core reports what it cannot read next to the field),
//                other types empty them; training.tokens falls back to the core's default (2T);
//                fields left out are emptied; hardware.count means sizing by GPU count, else
//                goal.days is the deadline. model.hfConfig (a Hugging Face config.json object)
//                and model.layers, hidden, heads, kvHeads, ffnHidden, vocab, activation fill the
//                architecture disclosure (without a preset the model is custom); training.examples
//                (with tokensPerExample, packing, padding) gives the data as examples instead of
//                tokens; training.loraRank and loraTargets (a string, or a list joined with commas)
//                apply to lora/qlora.
//                The form sends: model.preset, or model.params for a typed size, or
//                model.hfConfig for a pasted/dropped config.json; architecture fields the user
//                edited as model.layers etc. (with a typed size the whole shape and no params, so
//                the core counts them); training.tokens or training.examples + tokensPerExample +
//                packing (+ padding when unpacked); loraRank/loraTargets for lora and qlora.
//                goal.asOf (always today) and catalog are ignored: prices come only from the
//                catalog property or catalog-src, never from a request. The element never reads
//                or writes the page's URL: a host page that wants share links keeps the request
//                there itself (web/page.js does, in the fragment).
// Life cycle: removed from the document, the element releases its debounce timer, its resize
//   observer and the catalog-src fetch in flight (aborted), and drops an estimate in flight
//   without an event; put back, it loads and estimates again what was dropped. Its state (the
//   form, the catalog, a pending request) is kept.
// Requests: the form sends goal.asOf = today's date (the browser's clock and time zone) so price
//   ages are current; goal.sensitiveData when "Sensitive data" is ticked; goal.usdCny when an
//   exchange rate is typed; no goal.days when the deadline is left empty.
// Events (bubble, composed):
//   gpusizer-result  detail = the parsed response ({ok: true, result, ...}) after each estimate
//                    (result.choices, result.frontier and result.advice included), plus
//                    detail.request: the request object that produced it.
//   gpusizer-error   detail = {ok: false, error: {code, path, message}, request}: a bad input (the
//                    core's answer; request is what was sent), or the module/catalog failing to
//                    load (codes load_failed, catalog_unavailable; request null). A catalog the
//                    core refuses is its answer, with the path of the field under /catalog.
// Styling: custom properties --gpu-sizer-accent, --gpu-sizer-accent-text, --gpu-sizer-accent-tint,
//   --gpu-sizer-font, --gpu-sizer-font-size, --gpu-sizer-text, --gpu-sizer-muted, --gpu-sizer-bg,
//   --gpu-sizer-surface, --gpu-sizer-border, --gpu-sizer-input-border, --gpu-sizer-radius,
//   --gpu-sizer-danger, --gpu-sizer-ok, --gpu-sizer-warn, --gpu-sizer-warn-bg,
//   --gpu-sizer-point (chart points off the frontier), --gpu-sizer-grid (chart grid lines);
//   parts: form, field, field-error, lang-switch, architecture (the form's shape disclosure, a
//   <details> that takes a dropped config.json), summary (the recommended plan: its cards and
//   why it was chosen), warnings, export (CSV, JSON, Markdown, Print), layout (the parallel
//   layout, iteration-time bar and the whole run's time of the chosen GPU), advice (rule of
//   thumb and notes), chart (the cost-versus-time SVG: points, frontier, labels, tooltip),
//   scaling (time and cost against the GPU count, when the response has result.scaling),
//   options (the comparison with its filters), table-wrap, table, badge (every badge in the
//   table) with badge-recommended, badge-cheapest, badge-fastest for one kind (the
//   cheapest/fastest badges are outlined in the accent colour), warning-badge (a warning or
//   outside-the-constraints badge of a row), steps, meta.
//   Print: the element's own print styles leave out the form, the filters and the buttons.
// Language: every text is in the element's language: its labels from sizer/i18n.js, the core's
//   messages in the request's lang, catalog names given as {en, zh} (GPU and model names) in
//   that language, else English.
// Table rows: tr[data-offer-id] with data-recommended / data-cheapest / data-fastest /
//   data-outside; each has a toggle (button.expand, aria-expanded) opening the detail row that
//   follows it. The comparison starts with the top 10 offers that meet the goal (the
//   recommended one among them); its filters (select#flt-gpu, #flt-deployment, #flt-isolation,
//   #flt-term, checkbox #flt-meets) and button.show-all change that. Below 40rem of width each
//   row is a card.
// Estimates run in a module worker (sizer/engine-worker.js) where one can, one at a time (the
//   latest input wins), so typing never waits for the core; where none can (the one-file
//   offline page) they run in the page after a pause in typing.
// Timing: each estimate leaves User Timing measures "gpusizer:estimate" and "gpusizer:render".
// Stylesheet: gpu-sizer.css next to this module, by <link>; a bundle that cannot load files
//   (the one-file offline page) calls useInlineStyles(cssText) before define() instead.
import { Controller } from './sizer/controller.js';

const STYLESHEET = new URL('./gpu-sizer.css', import.meta.url).href;

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

  #controller = null; // owns the state; the attributes are read through the getters below
  #root = null;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    this.#root = document.createElement('div');
    this.#root.className = 'root';
    if (adoptInlineStyles(shadow)) {
      shadow.append(this.#root);
    } else {
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
    this.#controller = new Controller(this, this.#root);
  }

  /** Writes an attribute from a property: null/undefined remove it, anything else is a string. */
  #reflect(name, value) {
    if (value == null) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  get lang() {
    return this.#controller.langFor(this.getAttribute('lang'));
  }

  set lang(value) {
    this.#reflect('lang', value);
  }

  /** The effective language (the older name of lang). */
  get language() {
    return this.lang;
  }

  get currency() {
    return this.#controller.currencyFor(this.getAttribute('currency'), this.lang);
  }

  set currency(value) {
    this.#reflect('currency', value);
  }

  get preset() {
    return this.#controller.presetFor(this.getAttribute('preset'));
  }

  set preset(value) {
    this.#reflect('preset', value);
  }

  get gpu() {
    return this.#controller.gpuFor(this.getAttribute('gpu'));
  }

  set gpu(value) {
    this.#reflect('gpu', value);
  }

  get catalogSrc() {
    return this.getAttribute('catalog-src') ?? '';
  }

  set catalogSrc(value) {
    this.#reflect('catalog-src', value === '' ? null : value);
  }

  get catalog() {
    return this.#controller.state.catalog;
  }

  set catalog(value) {
    this.#controller.setCatalog(value);
  }

  get request() {
    const c = this.#controller;
    return c.state.core ? c.request() : null;
  }

  set request(value) {
    this.#controller.setRequest(value);
  }

  connectedCallback() {
    // A property set before the element was upgraded shadows the accessor: re-apply it.
    for (const name of ['lang', 'currency', 'preset', 'gpu', 'catalogSrc', 'catalog', 'request']) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
    this.#controller.connect();
  }

  disconnectedCallback() {
    this.#controller.disconnect();
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue !== value) this.#controller.attributeChanged(name);
  }
}
