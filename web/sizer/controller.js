// Wires the modules: form → request → engine → summary, export, layout, advice, scaling, chart,
// table, ownership, steps; events out through the host. The controller owns the element's one state object (this.state);
// the host's attributes (lang, currency, preset, gpu, catalog-src, theme, min-height, cta-label,
// cta-href) are not copied into it but read through the element's validating getters whenever they
// are needed; an invalid one is ignored with one console warning (warnAttribute).
import * as engine from './engine.js';
import { h, replace } from './dom.js';
import './lang-ready.js'; // the page's languages loaded before the element runs
import { i18n, normalizeLang, defaultLang, orderLangs, localCurrency, localText, hasLang, loadLang } from './i18n.js';
import { FALLBACK, readContract } from './contract.js';
import { JobForm, CUSTOM } from './form.js';
import { Summary } from './summary.js';
import { fallbackBlock, offersOf } from './fallback.js';
import { firstAnswer, formLists, today } from './first.js';

// Typing waits for a pause this long only where estimates run in the page (no worker): there an
// estimate on every key would freeze the typing. With the worker each key estimates at once, one
// at a time (the latest input wins).
const DEBOUNCE_MS = 150;
// A result computed while a text field is being typed in ("1.5" on the way to "1.5万亿") is shown
// marked as for the input so far until typing has paused this long (and no input method is
// composing): never as the answer to a number not yet finished.
const SETTLE_MS = 700;

// What a preset or gpu attribute may hold before the catalog is there to check it against.
const ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
// min-height: a number (CSS pixels) or a length in px, rem, em or a viewport unit; at most 10000.
const LENGTH = /^(\d{1,5}(?:\.\d+)?)(px|rem|em|vh|svh|lvh|dvh)?$/i;
export const DEFAULT_MIN_HEIGHT = '2400px';
const CTA_MAX = 80; // characters of a cta-label
const THEMES = ['light', 'dark'];

const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * A view below the fold whose module is imported only once the first result's plan is drawn
 * (start(), from run(); or its first update), so that it holds up neither the element's
 * definition, nor the core's worker (whose script requests the browser ranks below the page's
 * own modules), nor the first estimate (loading and running the modules meanwhile took the
 * processor from the worker on a two-core machine): its place is kept by an empty comment node,
 * and it is built there once its module is in. The calls made before
 * then are replayed in the order of their last call (update, setStale, connect...). ready
 * resolves to the view, or null when its module could not load (the rest of the element works
 * without it).
 */
class Later {
  constructor(container, load, make) {
    this.slot = document.createComment('');
    container.append(this.slot);
    this.load = load;
    this.make = make;
    this.view = null;
    this.calls = new Map(); // method → its last arguments, until the view is built
    this.ready = null;
  }

  /** Imports the view's module (once) and builds the view; resolves to it, or null. */
  start() {
    this.ready ??= this.load().then(
      (mod) => {
        const here = document.createDocumentFragment();
        this.view = this.make(mod, here);
        this.slot.replaceWith(here);
        for (const [name, args] of this.calls) this.view[name](...args);
        this.calls = null;
        return this.view;
      },
      () => {
        this.calls = null;
        return null;
      },
    );
    return this.ready;
  }

  call(name, args) {
    if (this.view) return this.view[name](...args);
    if (!this.calls) return undefined; // the module failed to load
    this.calls.delete(name);
    this.calls.set(name, args);
    if (name === 'update') this.start();
    return undefined;
  }

  update(...args) {
    return this.call('update', args);
  }

  setStale(...args) {
    return this.call('setStale', args);
  }

  connect() {
    this.calls?.delete('disconnect');
    return this.call('connect', []);
  }

  disconnect() {
    this.calls?.delete('connect');
    return this.call('disconnect', []);
  }

  highlight(...args) {
    return this.call('highlight', args);
  }
}

/** Resolves once the frame after this task has been painted (or after 100 ms: a hidden page paints none). */
const afterPaint = () => new Promise((resolve) => {
  const timer = setTimeout(resolve, 100);
  requestAnimationFrame(() => setTimeout(() => {
    clearTimeout(timer);
    resolve();
  }, 0));
});
const copy = (x) => JSON.parse(JSON.stringify(x)); // what a listener gets is its own
const ok0 = (r) => isObject(r) && r.ok === true && isObject(r.result);

/** A value with its objects' keys in order, for comparing two requests as JSON. */
const sortKeys = (x) =>
  Array.isArray(x) ? x.map(sortKeys) : isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sortKeys(x[k])])) : x;

/** Whether two catalogs give the form the same lists (first.js formLists: what it reads of them). */
const sameLists = (a, b) => JSON.stringify(formLists(a)) === JSON.stringify(formLists(b));

function mergeById(base, extra) {
  const out = Array.isArray(base) ? base.slice() : [];
  if (!Array.isArray(extra)) return out;
  for (const item of extra) {
    if (!item || typeof item.id !== 'string') continue;
    const i = out.findIndex((x) => x.id === item.id);
    if (i >= 0) out[i] = { ...out[i], ...item };
    else out.push(item);
  }
  return out;
}

export class Controller {
  /**
   * @param {HTMLElement} host  the <gpu-sizer> element (events are dispatched on it; its getters
   *                            lang, currency, preset, gpu validate its attributes)
   * @param {HTMLElement} root  the container inside the shadow root
   */
  constructor(host, root) {
    this.host = host;
    this.root = root;
    this.state = {
      connected: false,
      core: null, // the core's catalog (gpus, models, offers, fx, contract) once the module has loaded
      contract: FALLBACK, // the core's request vocabulary (contract.js), read from core
      version: '',
      coreLoad: null, // the module load while it runs
      loadFailed: false,
      catalog: null, // the provider catalog in use, sent as request.catalog
      catalogFrom: null, // 'property' (element.catalog), the catalog-src URL it came from, or null
      load: null, // {src, abort: AbortController}: the catalog-src fetch in flight (the latest only)
      catalogError: null, // {code, path, message}: the catalog-src that failed to load; nothing is estimated meanwhile
      request: null, // a request to fill the form from once the lists are in (element.request set early)
      hasResult: false,
      seq: 0, // estimates started: only the latest one's answer is shown
      inFlight: 0, // estimates awaiting the core
      again: false, // an input came while an estimate was in flight: estimate again when it is in
      timer: 0, // the typing debounce
      settle: 0, // typing has not paused yet (SETTLE_MS): what is shown is marked as for the input so far
      queued: false, // an estimate is queued for this turn (several changes in a row make one)
      dirty: false, // an estimate was asked for, or dropped, while disconnected: run it on reconnect
      response: null, // the last response shown (the call to action re-renders from it)
      finishing: false, // the first result's plan is shown, the views below it are still to draw
      prerendered: false, // the build's first answer is on screen; the engine's is still to come
      shown: '', // what the views show: the response's text, the language and the call to action
      warned: new Map(), // attribute name → the invalid value a console warning was given for
    };

    this.status = h('p', { class: 'status', role: 'status' });
    const formBox = h('div', { class: 'form-box' });
    const results = h('div', { class: 'results' });
    this.meta = h('p', { class: 'meta', part: 'meta' });
    // Without WebAssembly, or when the module fails to load: the provider's prices (fallback.js).
    this.fallback = h('div', { class: 'fallback-box', hidden: true });
    this.formBox = formBox;
    // A skip link past the form and the charts to the comparison (the first stop of the keyboard,
    // shown when focused); the table's region takes the focus. Hidden until there are results.
    this.skip = h('a', { class: 'skip-link', href: '#options-heading', hidden: true });
    this.skip.addEventListener('click', (e) => {
      e.preventDefault();
      this.table.start().then((view) => view?.focus());
    });
    root.append(this.skip, this.status, this.fallback, formBox, results);

    this.form = new JobForm(formBox, {
      lang: () => this.lang,
      onInput: () => {
        this.typing();
        this.schedule();
      },
      onComposing: () => this.typing(),
      onChange: () => this.runNow(),
      onLang: (lang) => {
        host.lang = lang; // the attribute changes; attributeChanged() does the rest
      },
    });
    // The plan is drawn with the first result; the views below it come from modules imported
    // after that (Later: import() with literal paths, which the offline bundle inlines).
    this.summary = new Summary(results);
    this.exporter = new Later(results, () => import('./export.js'), (m, box) => new m.Exporter(box, { version: () => this.state.version }));
    const panels = h('div', { class: 'panels' });
    results.append(panels);
    this.layout = new Later(panels, () => import('./layout.js'), (m, box) => new m.Layout(box));
    this.advice = new Later(panels, () => import('./advice.js'), (m, box) => new m.Advice(box));
    const charts = h('div', { class: 'panels charts' });
    results.append(charts);
    this.chart = new Later(charts, () => import('./chart.js'), (m, box) => new m.Chart(box, { onSelect: (id) => this.table.highlight(id) }));
    this.scaling = new Later(charts, () => import('./scaling.js'), (m, box) => new m.Scaling(box, { onPick: (count) => this.pickCount(count) }));
    this.table = new Later(results, () => import('./options-table.js'), (m, box) => new m.OptionsTable(box));
    this.ownership = new Later(results, () => import('./ownership.js'), (m, box) => new m.Ownership(box));
    this.steps = new Later(results, () => import('./steps.js'), (m, box) => new m.Steps(box));
    this.views = [this.summary, this.exporter, this.layout, this.advice, this.scaling, this.chart, this.table, this.ownership, this.steps];
    // What a first result shows above the fold: drawn and painted before the rest (run()).
    this.headline = [this.summary];
    results.append(this.meta);
    this.results = results;
    results.hidden = true;
  }

  // ---- the vocabulary, and the attribute validation behind the element's getters ----

  /** The element's language (its lang attribute, validated). */
  get lang() {
    return this.host.lang;
  }

  /** The languages a request may carry (the core's list; FALLBACK's until it has loaded). */
  get langs() {
    return orderLangs(this.state.contract.enums.lang || FALLBACK.enums.lang);
  }

  /** A lang attribute value → the language it names, else the browser's, else the core's default. */
  langFor(value) {
    const langs = this.langs;
    return normalizeLang(value, langs) || defaultLang(langs, this.state.contract.defaults.lang ?? langs[0]);
  }

  /** A currency attribute value → itself (any case) when the core lists it, else the language's, else the core's default. */
  currencyFor(value, lang) {
    const list = this.state.contract.enums.currency || FALLBACK.enums.currency;
    const v = String(value ?? '').toUpperCase();
    if (list.includes(v)) return v;
    const local = localCurrency(lang);
    return list.includes(local) ? local : this.state.contract.defaults.currency ?? list[0];
  }

  /**
   * A preset attribute value → itself when the lists have it, else the core's default preset
   * (custom when the lists lack that too). Before the catalog is in: itself when it is well formed
   * (the lists will tell), else null.
   */
  presetFor(value) {
    if (!this.state.core) return typeof value === 'string' && ID_PATTERN.test(value) ? value : null;
    const has = (id) => id === CUSTOM || this.form.models.some((m) => m.id === id);
    if (has(value)) return value;
    const fallback = this.state.contract.defaults.preset;
    return has(fallback) ? fallback : CUSTOM;
  }

  /** A gpu attribute value → itself when the lists have it, else the core's default GPU (as presetFor). */
  gpuFor(value) {
    if (!this.state.core) return typeof value === 'string' && ID_PATTERN.test(value) ? value : null;
    const has = (id) => this.form.gpus.some((g) => g.id === id);
    if (has(value)) return value;
    const fallback = this.state.contract.defaults.gpu;
    return has(fallback) ? fallback : this.form.gpus[0]?.id ?? null;
  }

  /** A theme attribute value → "light" or "dark" (any case), else light. */
  themeFor(value) {
    const v = String(value ?? '').trim().toLowerCase();
    return THEMES.includes(v) ? v : 'light';
  }

  /** A min-height attribute value → a CSS length (a bare number is pixels), else the default. */
  minHeightFor(value) {
    const m = LENGTH.exec(String(value ?? '').trim());
    if (!m || Number(m[1]) > 10000) return DEFAULT_MIN_HEIGHT;
    return `${m[1]}${(m[2] || 'px').toLowerCase()}`;
  }

  /** A cta-label attribute value → itself (trimmed, 1 to 80 characters), else the message table's. */
  ctaLabelFor(value) {
    const v = String(value ?? '').trim();
    return v && [...v].length <= CTA_MAX ? v : i18n(this.lang).t('ctaDefault');
  }

  /**
   * A cta-href attribute value → itself when it resolves (against the document's base URL) to an
   * http or https URL: a relative path, or an absolute http(s) URL; "" otherwise (javascript:,
   * data:, mailto: and unparsable values, which are ignored).
   */
  ctaHrefFor(value) {
    const v = String(value ?? '').trim();
    if (!v || v.length > 2048) return '';
    try {
      const url = new URL(v, document.baseURI);
      return url.protocol === 'http:' || url.protocol === 'https:' ? v : '';
    } catch {
      return '';
    }
  }

  /**
   * One console warning for an attribute whose value is ignored (the default applies instead);
   * none again for the same value, and none once it is valid. The text is the message table's.
   */
  warnAttribute(name, bad, why, vars = {}) {
    const value = this.host.getAttribute(name);
    const { warned } = this.state;
    if (bad && value != null && !hasLang(this.lang)) {
      // In the element's language: its strings first (their own module), then the check again.
      loadLang(this.lang).then(() => this.checkAttribute(name), () => {});
      return;
    }
    if (!bad || value == null) {
      warned.delete(name);
      return;
    }
    if (warned.get(name) === value) return;
    warned.set(name, value);
    const tr = i18n(this.lang);
    console.warn(tr.fmt('attrIgnored', { name, value: value.slice(0, 200), why: tr.fmt(`attrWhy.${why}`, vars) }));
  }

  /**
   * Checks one attribute's value and warns when it is ignored. preset and gpu are checked against
   * the lists once they are in (a provider catalog may add GPUs and models), before that for their
   * form only.
   */
  checkAttribute(name) {
    const value = this.host.getAttribute(name);
    if (value == null) return this.warnAttribute(name, false);
    const s = this.state;
    switch (name) {
      case 'lang':
        return this.warnAttribute(name, !normalizeLang(value, this.langs), 'lang', { list: this.langs.join(', ') });
      case 'currency': {
        const list = s.contract.enums.currency || FALLBACK.enums.currency;
        return this.warnAttribute(name, !list.includes(value.trim().toUpperCase()), 'currency', { list: list.join(', ') });
      }
      case 'preset':
      case 'gpu': {
        const bad = this.ready ? this.host[name] !== value : !ID_PATTERN.test(value);
        return this.warnAttribute(name, bad, name);
      }
      case 'theme':
        return this.warnAttribute(name, !THEMES.includes(value.trim().toLowerCase()), 'theme', { list: THEMES.join(', ') });
      case 'min-height': {
        const m = LENGTH.exec(value.trim());
        return this.warnAttribute(name, !m || Number(m[1]) > 10000, 'minHeight');
      }
      case 'cta-label':
        return this.warnAttribute(name, this.ctaLabelFor(value) !== value.trim(), 'ctaLabel', { max: CTA_MAX });
      case 'cta-href':
        return this.warnAttribute(name, !this.ctaHrefFor(value), 'ctaHref');
      default:
        return undefined;
    }
  }

  /** Every attribute checked (connect, and once the lists are in). */
  checkAttributes() {
    for (const name of this.host.constructor.observedAttributes || []) if (name !== 'catalog-src') this.checkAttribute(name);
  }

  /**
   * The min-height, on the container inside the shadow root (the host's own style is the page's),
   * while the element has nothing to show yet: its first result is taller (2,600 to 5,000 pixels
   * from 1440 down to 360 pixels of width), and an error or the fallback may be shorter.
   */
  applyMinHeight() {
    const s = this.state;
    this.root.style.minHeight = s.hasResult || s.loadFailed || s.catalogError ? '' : this.host.minHeight;
  }

  // ---- the element's life ----

  /** The element entered a document: load what is missing, run what waited. */
  connect() {
    const s = this.state;
    s.connected = true;
    if (!hasLang(this.lang)) this.attributeChanged('lang'); // a language not loaded with the page's
    this.applyMinHeight();
    this.checkAttributes();
    this.chart.connect();
    this.scaling.connect();
    if (!s.core) {
      this.form.setLanguages(this.langs); // the fallback's until the core's list is in
      this.loadCore(); // runs the first estimate when it is in
    }
    this.localize();
    const wanted = s.dirty;
    s.dirty = false;
    this.syncCatalogSrc();
    if (wanted) this.runNow(); // run() waits for what is still loading
  }

  /**
   * The element left the document: release the debounce timer, the resize observer, the
   * catalog-src fetch in flight (aborted), and drop an estimate in flight. Whatever was dropped
   * runs again on reconnect. The form's listeners are inside the shadow root and go with it; the
   * module load is shared by every element and is left to finish.
   */
  disconnect() {
    const s = this.state;
    s.connected = false;
    if (s.timer || s.queued || s.inFlight > 0 || s.finishing) s.dirty = true;
    clearTimeout(s.timer);
    s.timer = 0;
    s.seq++; // an answer still on its way is not shown
    if (this.abortLoad()) s.dirty = true;
    this.syncBusy();
    this.chart.disconnect();
    this.scaling.disconnect();
  }

  /** An observed attribute of the host changed (also before the element is connected). */
  attributeChanged(name) {
    const s = this.state;
    // A language whose strings are not here yet: loaded first (its own module), then applied.
    if (name === 'lang' && !hasLang(this.lang)) {
      const lang = this.lang;
      loadLang(lang).then(() => {
        if (this.lang === lang) this.attributeChanged('lang');
      }, () => {});
      return;
    }
    if (name !== 'catalog-src' && this.host.isConnected) this.checkAttribute(name);
    switch (name) {
      case 'lang':
        if (this.root.lang === this.lang) return; // e.g. zh → zh-CN: the same language
        this.localize();
        this.renderFallback();
        break;
      case 'currency':
        if (s.core) this.form.setCurrency(this.host.currency);
        break;
      case 'preset':
        if (s.core) this.form.setPreset(this.host.preset);
        break;
      case 'gpu':
        if (s.core) this.form.setGpu(this.host.gpu);
        break;
      case 'catalog-src':
        if (s.catalogFrom === 'property') s.catalogFrom = null; // the attribute is now the later word
        this.syncCatalogSrc();
        return;
      case 'min-height':
        this.applyMinHeight();
        return;
      case 'cta-label':
      case 'cta-href':
        this.renderCta();
        return;
      default:
        return; // theme: the stylesheet reads the attribute
    }
    this.runNow();
  }

  /** Loads the wasm core (once; again after a failure) and fills the form from its catalog. */
  loadCore() {
    const s = this.state;
    if (s.core || s.coreLoad) return;
    s.loadFailed = false;
    s.noWasm = false;
    this.status.removeAttribute('data-error');
    if (!s.hasResult) this.status.hidden = false;
    this.renderFallback();
    s.coreLoad = (async () => {
      try {
        if (!engine.hasWasm()) {
          s.noWasm = true;
          throw new Error(i18n(this.lang).t('fallback.noWasm'));
        }
        // The build's answer first, when this element will ask what it answers; the engine
        // starts once it is on screen (or at once without one).
        if (await this.showFirst()) await afterPaint();
        const catalog = engine.catalog();
        // The version only labels results (the meta line, the exports): the first estimate does
        // not wait for it. Asked for now, it is answered before any estimate (the core answers
        // in order); should it come later, the meta line takes it then.
        engine.version().then(
          (version) => {
            s.version = version;
            if (s.hasResult && s.response) this.updateMeta(s.response);
          },
          () => {},
        );
        // A page's first Intl.NumberFormat sets up ICU (20-40 ms on the development machine): made
        // now, while the core's worker is busy, not between its catalog and the first estimate
        // (the form shows the preset's size in compact notation).
        i18n(this.lang).compact(0);
        const core = await catalog;
        const lists = s.core; // the build's (showFirst), or null
        s.core = core;
        s.contract = readContract(core);
        // The build's lists are the engine's (the same build): the form stays as the reader left it.
        if (lists && sameLists(lists, core)) {
          s.coreLoad = null;
          this.runNow(); // the engine's answer replaces the build's (or answers an edit made meanwhile)
          return;
        }
      } catch (err) {
        s.loadFailed = true;
        const message = `${i18n(this.lang).t('loadFailed')}: ${err && err.message ? err.message : err}`;
        this.status.textContent = message;
        this.status.setAttribute('data-error', '');
        this.renderFallback();
        this.applyMinHeight();
        // A disconnected element says nothing; connect() tries again.
        if (s.connected) this.emit('gpusizer-error', { ok: false, error: { code: 'load_failed', path: '', message }, request: null });
        return;
      } finally {
        s.coreLoad = null;
      }
      this.form.setContract(s.contract, this.langs);
      this.refreshLists();
      this.applyAttributes();
      this.checkAttributes(); // against the core's lists now
      this.runNow();
    })();
  }

  /**
   * The first answer the site's build computed (first.js), shown before the engine is in: only for
   * an element that asks nothing of its own (no request set, as a share link does; no provider
   * catalog, nor a catalog-src), and only when the request its form then describes is the one the
   * build answered (the same defaults, language, currency and day). The form gets the build's lists
   * (the default catalog's, without the offers), the views the build's answer, drawn as a first
   * result is; no gpusizer-result is sent for it, and the results stay aria-busy until the
   * engine's answer, which replaces it, is in. Resolves to whether it was shown.
   */
  async showFirst() {
    const s = this.state;
    const mine = () => !s.request && !s.catalog && !s.catalogFrom && !s.catalogError && !this.host.hasAttribute('catalog-src') && !s.hasResult;
    if (!mine() || engine.bundled()) return false;
    // The views' modules load meanwhile: the build's answer shows with every view at once.
    for (const view of this.views) view.start?.();
    const first = await firstAnswer(this.lang, today());
    if (!first || !mine() || s.core || !s.connected) return false;
    s.core = first.catalog;
    s.contract = readContract(first.catalog);
    s.version = first.version;
    this.form.setContract(s.contract, this.langs);
    this.refreshLists();
    this.applyAttributes();
    this.checkAttributes();
    const request = this.request();
    if (JSON.stringify(sortKeys(request)) !== JSON.stringify(sortKeys(first.request))) return false;
    s.prerendered = true;
    this.syncBusy(); // busy until the engine's answer is in
    // Every view at once, its module in (index.html preloads them): the rows with the plan.
    await Promise.all(this.views.map((view) => view.start?.()));
    await this.run(first.response);
    return true;
  }

  /** The preset, gpu and currency attributes (validated by the host's getters) into the form. */
  applyAttributes() {
    this.form.setPreset(this.host.preset);
    this.form.setGpu(this.host.gpu);
    this.form.setCurrency(this.host.currency);
  }

  /** Fills the selects from the default catalog plus the provider's gpus/models. */
  refreshLists() {
    const { core, catalog } = this.state;
    if (!core) return;
    const pc = catalog || {};
    this.form.setCatalog({
      models: mergeById(core.models, pc.models),
      gpus: mergeById(core.gpus, pc.gpus),
    });
    this.form.setFx(pc.fx && typeof pc.fx.usdCny === 'number' ? pc.fx : core.fx);
  }

  /** Every text in the element's language (after a change of the lang attribute). */
  localize() {
    const lang = this.lang;
    this.root.lang = lang;
    this.form.localize();
    this.skip.textContent = i18n(lang).t('skipToTable');
    if (!this.state.hasResult && !this.state.loadFailed) this.status.textContent = i18n(lang).t('loading');
  }

  /** A catalog GPU's name in the element's language (names may be {en, zh}), else its id. */
  gpuName = (id) => {
    const gpu = this.form.gpus.find((g) => g.id === id);
    return (gpu && localText(gpu.name, this.lang)) || String(id ?? '');
  };

  /** Whether the form can describe a request (the lists are in, no catalog-src fetch pending). */
  get ready() {
    return !!this.state.core && !this.state.load;
  }

  // ---- requests ----

  /**
   * Fills the form from a request object (see JobForm.fill for the fallbacks) and estimates.
   * request.lang, when the core accepts it, switches the language (the host's lang attribute).
   * Before the catalog is in (or while a catalog-src fetch is pending) the form is filled again
   * when it is, before the estimate: the first estimate is then this request's.
   */
  setRequest(req) {
    if (!isObject(req)) return;
    const lang = normalizeLang(req.lang, this.langs);
    if (lang && lang !== this.lang) this.host.lang = lang;
    if (this.state.core) this.fillForm(req);
    this.state.request = this.ready ? null : req;
    this.runNow();
  }

  fillForm(req) {
    this.form.fill(req, { preset: this.presetFor(null), gpu: this.gpuFor(null) });
  }

  /** The request the form describes, with the language and the provider catalog. */
  request() {
    const req = this.form.request();
    req.lang = this.lang;
    if (this.state.catalog) req.catalog = this.state.catalog;
    return req;
  }

  // ---- the provider catalog: the catalog property or catalog-src, whichever was set last ----

  /**
   * element.catalog = value: used at once (a catalog-src fetch in flight is dropped); null →
   * catalog-src again. Anything else (an array, a string) is sent as it is: the core says what is
   * wrong with it, and nothing is priced on the default market instead.
   */
  setCatalog(value) {
    this.abortLoad();
    if (value != null) return this.useCatalog(value, 'property');
    this.useCatalog(null, null);
    this.syncCatalogSrc();
  }

  useCatalog(value, from) {
    const s = this.state;
    s.catalog = value ?? null;
    s.catalogFrom = from;
    s.catalogError = null;
    this.refreshLists();
    this.renderFallback();
    // Before the first result the attributes may name a GPU or model only this catalog has.
    if (s.core && !s.hasResult) this.applyAttributes();
    this.runNow();
  }

  /**
   * Brings the provider catalog in line with the catalog-src attribute, when connected and the
   * catalog property was not set after it: loads it unless it is in use or on its way already.
   */
  syncCatalogSrc() {
    const s = this.state;
    if (!s.connected || s.catalogFrom === 'property') return;
    const src = this.host.getAttribute('catalog-src') || '';
    if (s.load && s.load.src === src) return;
    if (src && (src !== s.catalogFrom || s.catalogError)) {
      this.loadCatalogSrc(src);
      return;
    }
    const aborted = this.abortLoad(); // back to the catalog in use (A → B → A)
    if (!src && (s.catalog || s.catalogFrom || s.catalogError)) this.useCatalog(null, null);
    else if (aborted) this.runNow();
  }

  /** Drops the catalog-src fetch in flight, if any; true when there was one. */
  abortLoad() {
    const load = this.state.load;
    if (!load) return false;
    this.state.load = null;
    load.abort.abort();
    return true;
  }

  /**
   * Fetches a provider catalog (same origin only); a later load or the catalog property supersedes
   * it. Whatever JSON it holds is the catalog (the core checks it); one that cannot be loaded (an
   * HTTP error, not JSON, no network) leaves the element showing why and no prices until another
   * catalog is given: never the default market in place of the provider's own.
   */
  async loadCatalogSrc(src) {
    const s = this.state;
    this.abortLoad();
    s.catalogError = null;
    let url;
    try {
      url = new URL(src, document.baseURI);
    } catch {
      return this.catalogError(src, null);
    }
    if (url.origin !== location.origin) return this.catalogError(src, 'catalogOrigin');
    const load = { src, abort: new AbortController() };
    s.load = load;
    let reason = null;
    let data;
    try {
      const res = await fetch(url.href, { credentials: 'same-origin', signal: load.abort.signal });
      if (!res.ok) reason = `HTTP ${res.status}`;
      else {
        const text = await res.text();
        try {
          data = JSON.parse(text);
        } catch {
          reason = 'catalogNotJson';
        }
      }
    } catch {
      reason = 'catalogNetwork';
    }
    if (s.load !== load) return; // aborted or superseded: a stale answer never applies, and says nothing
    s.load = null;
    if (reason) return this.catalogError(src, reason);
    this.useCatalog(data, src);
  }

  /** The catalog-src `src` could not be loaded (reason: a message key, or text such as "HTTP 404"). */
  catalogError(src, reason) {
    const s = this.state;
    s.catalog = null; // the provider's prices are not there: nothing else stands in for them
    s.catalogFrom = null;
    s.catalogError = { src, reason };
    this.renderFallback();
    this.applyMinHeight();
    const error = this.loadError();
    this.showNoPrices(error);
    this.emit('gpusizer-error', { ok: false, schemaVersion: 1, error, request: null });
    if (s.core) this.runNow(); // nothing is estimated; a request waiting for the catalog is kept
  }

  /** The failed catalog-src load as an error in the element's language: {code, path, message}. */
  loadError() {
    const { src, reason } = this.state.catalogError;
    const { t, colon } = i18n(this.lang);
    const why = reason ? (reason.startsWith('catalog') ? t(reason) : reason) : '';
    const message = `${t('catalogFailed')} ${src}${why ? `${colon}${why}` : ''}`;
    return { code: 'catalog_unavailable', path: '/catalog', message };
  }

  /** A catalog that failed (to load, or the core's checks): its error above the form, no result, no prices. */
  showNoPrices(error) {
    this.form.showError(error);
    this.results.hidden = true;
    this.skip.hidden = true;
    this.status.hidden = false;
    this.status.setAttribute('data-error', '');
    this.status.textContent = i18n(this.lang).t('catalogNoPrices');
  }

  // ---- estimating ----

  /** A text field is being typed in: what is shown is for the input so far, until typing pauses (SETTLE_MS). */
  typing() {
    const s = this.state;
    clearTimeout(s.settle);
    s.settle = setTimeout(() => {
      s.settle = 0;
      if (this.form.composing) return this.typing(); // the input method has not committed yet
      this.syncBusy();
      // Settled: the result shown is the answer, unless one for the latest input is still coming
      // (its run() shows it as current) or the input has an error (its note stays).
      if (!s.inFlight && !s.queued && !s.again && s.hasResult && s.response && JSON.stringify(s.response.request) === JSON.stringify(this.request())) {
        for (const view of this.views) view.setStale(false, this.lang);
      }
    }, SETTLE_MS);
    if (s.hasResult && !this.results.hidden) for (const view of this.views) view.setStale(true, this.lang, 'typing');
    this.syncBusy();
  }

  /** Typing: an estimate now where the core runs in its worker, else after a pause. */
  schedule() {
    const s = this.state;
    if (engine.offMainThread()) return this.runNow();
    clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      s.timer = 0;
      this.runNow();
    }, DEBOUNCE_MS);
    this.syncBusy();
  }

  /**
   * aria-busy on the results while an estimate is asked for and not yet shown (a pause in
   * typing awaited, queued, or on its way to the core): assistive technology waits for the new
   * figures, and a host page (or a test) can tell the element has settled.
   */
  syncBusy() {
    const s = this.state;
    const busy = !!(s.timer || s.settle || s.queued || s.inFlight > 0 || s.again || s.finishing || s.prerendered) && s.connected;
    if (busy) this.results.setAttribute('aria-busy', 'true');
    else this.results.removeAttribute('aria-busy');
  }

  /** A point of the scaling chart: size the job by that GPU count. */
  pickCount(count) {
    if (!this.form.setCount(count)) return;
    this.runNow();
  }

  /** Estimates in a microtask: changes made in one go (attributes, a request) make one estimate. */
  runNow() {
    const s = this.state;
    clearTimeout(s.timer);
    s.timer = 0;
    if (s.queued) return;
    s.queued = true;
    queueMicrotask(() => {
      s.queued = false;
      this.run().finally(() => this.syncBusy());
      this.syncBusy();
    });
    this.syncBusy();
  }

  /** Estimates and shows the answer; given: the build's answer for the form's request, shown instead (showFirst). */
  async run(given = null) {
    const s = this.state;
    // The language's strings first (a lang set with a request, say, whose module is still coming).
    if (!hasLang(this.lang)) await loadLang(this.lang).catch(() => {});
    if (!s.connected) {
      s.dirty = true; // connect() runs it
      return;
    }
    if (!this.ready) return; // loadCore() / the catalog-src load will run again
    // An input method is composing in a field: its text ("1.5wan") is not the user's yet; the
    // composition's end estimates (form.js), and what is shown stays marked meanwhile (typing()).
    if (this.form.composing) return;
    if (s.prerendered && !given && s.coreLoad) return; // an edit before the engine is in: loadCore() runs it
    if (s.request) {
      this.fillForm(s.request);
      s.request = null;
    }
    this.checkAttribute('preset'); // against the lists with the provider's catalog
    this.checkAttribute('gpu');
    // A catalog-src that failed: nothing to estimate with (never the default market instead).
    if (s.catalogError) {
      this.showNoPrices(this.loadError());
      return;
    }
    // One estimate at a time: an input while one is on its way asks for another when it is in
    // (the latest input wins; the answers in between are never computed).
    if (s.inFlight > 0) {
      s.again = true;
      return;
    }
    const seq = ++s.seq;
    const lang = this.lang;
    const request = this.request();
    const t0 = performance.now();
    const failed = (message) => ({ ok: false, error: { code: 'engine_failed', path: '', message } });
    let response;
    // What the page can tell without the core (a pasted config that is not JSON) is answered here,
    // as the core answers a bad input.
    const local = this.form.localError();
    s.inFlight++;
    try {
      response = local ? { ok: false, schemaVersion: 1, error: local } : given ?? (await engine.estimate(request));
      if (!isObject(response)) response = failed('invalid response');
    } catch (err) {
      response = failed(String(err && err.message ? err.message : err));
    } finally {
      s.inFlight--;
    }
    if (s.again) {
      s.again = false;
      if (s.connected) this.runNow(); // this answer is already out of date: the newer input's instead
      else s.dirty = true;
      return;
    }
    const t1 = performance.now();
    if (seq !== s.seq) return; // a newer run superseded this one, or the element was disconnected
    const shown = ok0(response) ? `${this.lang}|${this.host.getAttribute('cta-label')}|${this.host.getAttribute('cta-href')}|${JSON.stringify(response)}` : '';
    if (!given) s.prerendered = false; // the engine's answer: the build's is replaced
    response.request = request; // the request that produced it, for the events
    const ok = response.ok === true && isObject(response.result);
    let t2; // the first result: its plan drawn (then t3, the rest drawn a task later, from rest)
    let rest;
    if (ok) {
      s.response = response;
      const ctx = this.viewContext(response);
      this.form.update(response);
      // The first result: the plan shows and paints first, the panels, charts, table and steps
      // below the fold once it has painted and their modules are in (data-first hides them
      // meanwhile, gpu-sizer.css), so their drawing (tens of milliseconds while the page's code
      // is still cold) does not hold up the figures. Later results draw everything at once.
      // (The build's answer, its views' modules in, draws them all at once.)
      const first = !s.hasResult && !given;
      // Only what changed is drawn again: an answer the views show already (the engine's, equal to
      // the build's; an edit that changes nothing the core answers) leaves them as they are.
      const same = !first && !s.finishing && shown === s.shown;
      s.shown = shown;
      if (!same) for (const view of first ? this.headline : this.views) view.update(response, ctx);
      // Still being typed: shown, but as the figures for the input so far (typing()).
      if (s.settle) for (const view of first ? this.headline : this.views) view.setStale(true, lang, 'typing');
      if (!same) this.updateMeta(response);
      this.results.toggleAttribute('data-first', first);
      this.results.hidden = false;
      this.skip.hidden = false;
      this.status.textContent = '';
      this.status.removeAttribute('data-error');
      this.status.hidden = true;
      s.hasResult = true;
      this.applyMinHeight();
      if (first) {
        t2 = performance.now();
        s.finishing = true;
        this.syncBusy();
        // The views' modules are fetched while the plan paints; this waits for them.
        await Promise.all([afterPaint(), ...this.views.map((view) => view.start?.())]);
        s.finishing = false;
        if (seq !== s.seq) return; // a newer result drew every view already, or the element left
        rest = performance.now();
        for (const view of this.views) if (!this.headline.includes(view)) view.update(response, ctx);
        if (s.settle) for (const view of this.views) view.setStale(true, lang, 'typing');
        this.results.removeAttribute('data-first');
      }
    } else {
      s.shown = '';
      const error = response.error || { message: 'invalid response' };
      // The provider's catalog is wrong: its error (the field named by its label, the pointer
      // left to the event's detail) and no prices at all.
      if (typeof error.path === 'string' && (error.path === '/catalog' || error.path.startsWith('/catalog/'))) {
        const message = i18n(lang).fmt('catalogInvalid', { message: String(error.message ?? error.code ?? '') });
        this.showNoPrices({ ...error, message });
      } else {
        this.form.showError(error);
        this.status.hidden = true;
        for (const view of this.views) view.setStale(true, lang);
      }
    }
    const t3 = performance.now();
    this.measure('gpusizer:estimate', t0, t1);
    // The first result's render: the plan's (what delays its paint), and the rest's after it.
    if (t2 === undefined) this.measure('gpusizer:render', t1, t3);
    else {
      this.measure('gpusizer:render', t1, t2);
      this.measure('gpusizer:render-rest', rest, t3);
    }
    if (!given) this.emit(ok ? 'gpusizer-result' : 'gpusizer-error', response);
  }

  /** What the views need besides the response: the language, GPU names and the call to action. */
  viewContext(response) {
    return { lang: this.lang, gpuName: this.gpuName, cta: this.ctaContext(response) };
  }

  /**
   * The call to action, when the host configured one (a cta-label or cta-href attribute, valid or
   * not: the defaults stand in): its label, the offers that get it (the provider catalog's, or
   * every offer without one: null), the link for an option, and the click.
   */
  ctaContext(response) {
    const host = this.host;
    if (!host.hasAttribute('cta-label') && !host.hasAttribute('cta-href')) return null;
    const href = host.ctaHref;
    const catalog = this.state.catalog;
    const offers = catalog ? new Set(offersOf(catalog).map((o) => String(o.id))) : null;
    const currencyOf = (o) => (isObject(o.cost) && typeof o.cost.currency === 'string' ? o.cost.currency : response?.result?.currency ?? null);
    const link = (o) => {
      if (!href) return null;
      try {
        const url = new URL(href, document.baseURI);
        const q = url.searchParams;
        q.set('offer', String(o.offerId ?? ''));
        if (o.units != null) q.set('units', String(o.units));
        if (o.count != null) q.set('gpus', String(o.count));
        if (o.wallDays != null) q.set('days', String(o.wallDays));
        if (isObject(o.cost) && o.cost.amount != null) q.set('cost', String(o.cost.amount));
        const currency = currencyOf(o);
        if (currency) q.set('currency', currency);
        return url.href;
      } catch {
        return null;
      }
    };
    return {
      label: host.ctaLabel,
      offers,
      link,
      quote: (o, source, event) => {
        const request = response?.request ?? null;
        const detail = {
          offerId: o.offerId ?? null,
          provider: o.provider ?? null,
          gpu: o.gpu ?? null,
          units: o.units ?? null,
          gpus: o.count ?? null,
          days: o.wallDays ?? null,
          costs: isObject(o.cost) ? copy(o.cost) : null,
          currency: currencyOf(o),
          request: request && copy(request),
          source,
          href: link(o),
        };
        const go = host.dispatchEvent(new CustomEvent('gpusizer-quote', { bubbles: true, composed: true, cancelable: true, detail }));
        if (!go) event.preventDefault(); // the host handles the request itself: no navigation
      },
    };
  }

  /** The call to action changed (cta-label, cta-href): the plan and the rows drawn again from the last response. */
  renderCta() {
    const response = this.state.response;
    if (!response || !this.state.hasResult) return;
    const ctx = this.viewContext(response);
    this.summary.update(response, ctx);
    this.table.update(response, ctx);
  }

  /**
   * Without WebAssembly, or when the module failed to load: why, and the provider catalog's prices
   * (the default catalog is inside the module, so without a provider catalog only the why). Hidden
   * otherwise.
   */
  renderFallback() {
    const s = this.state;
    const show = s.loadFailed;
    this.fallback.hidden = !show;
    this.formBox.hidden = show;
    if (!show) return this.fallback.replaceChildren();
    this.status.hidden = true;
    replace(this.fallback, fallbackBlock(s.catalog, this.lang, s.noWasm ? 'fallback.noWasm' : 'fallback.loadFailed'));
  }

  measure(name, start, end) {
    try {
      performance.clearMeasures(name);
      performance.measure(name, { start, end });
    } catch {
      /* User Timing Level 3 missing: timings are optional */
    }
  }

  updateMeta(response) {
    const { t } = i18n(this.lang);
    const { core, catalog, version } = this.state;
    const parts = [];
    if (response.catalogVersion) parts.push(`${t('catalog')} ${response.catalogVersion}`);
    const fx = (catalog && catalog.fx) || (core && core.fx) || {};
    const rate = response.result.usdCny;
    const dated = fx.date && rate === fx.usdCny; // a rate typed into the form has no catalog date
    if (typeof rate === 'number') parts.push(`${t('fx')} ${rate}${dated ? ` (${fx.date})` : ''}`);
    if (version) parts.push(`gpusizer ${version}`);
    this.meta.textContent = parts.join(' · ');
  }

  emit(type, detail) {
    this.host.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }
}
