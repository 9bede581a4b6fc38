// Wires the modules: form → request → engine → summary, layout, advice, chart, table, steps;
// events out through the host.
import * as engine from './engine.js';
import { h } from './dom.js';
import { i18n, normalizeLang } from './i18n.js';
import { JobForm } from './form.js';
import { Summary } from './summary.js';
import { OptionsTable } from './options-table.js';
import { Layout } from './layout.js';
import { Advice } from './advice.js';
import { Chart } from './chart.js';
import { Steps } from './steps.js';

const DEBOUNCE_MS = 150;
const DEFAULT_PRESET = 'llama-2-7b';
const DEFAULT_GPU = 'a100-80gb';

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
   * @param {HTMLElement} host  the <gpu-sizer> element (events are dispatched on it)
   * @param {HTMLElement} root  the container inside the shadow root
   * @param {{lang: string, currency: string, preset?: string, gpu?: string}} initial
   */
  constructor(host, root, initial) {
    this.host = host;
    this.root = root;
    this.lang = initial.lang;
    this.catalog = null; // the default catalog from the core
    this.providerCatalog = null; // sent as request.catalog
    this.catalogPending = 0; // catalog-src fetches in flight
    this.seq = 0;
    this.timer = 0;
    this.hasResult = false;
    this.pending = { preset: initial.preset, gpu: initial.gpu };
    this.pendingRequest = null; // set before the lists were there: filled in by run()

    this.status = h('p', { class: 'status', role: 'status' });
    const formBox = h('div', { class: 'form-box' });
    const results = h('div', { class: 'results' });
    this.meta = h('p', { class: 'meta', part: 'meta' });
    root.append(this.status, formBox, results);

    this.form = new JobForm(formBox, {
      onInput: () => this.schedule(),
      onChange: () => this.runNow(),
      onLang: (lang) => host.setAttribute('lang', lang),
    });
    this.form.setLang(this.lang);
    this.form.setCurrency(initial.currency);
    this.summary = new Summary(results);
    const panels = h('div', { class: 'panels' });
    results.append(panels);
    this.layout = new Layout(panels);
    this.advice = new Advice(panels);
    this.chart = new Chart(results, { onSelect: (id) => this.table.highlight(id) });
    this.table = new OptionsTable(results);
    this.steps = new Steps(results);
    this.views = [this.summary, this.layout, this.advice, this.chart, this.table, this.steps];
    results.append(this.meta);
    this.results = results;
    results.hidden = true;
    this.status.textContent = i18n(this.lang).t('loading');
  }

  async start() {
    try {
      this.catalog = await engine.catalog();
      this.version = await engine.version();
    } catch (err) {
      const message = `${i18n(this.lang).t('loadFailed')}: ${err && err.message ? err.message : err}`;
      this.status.textContent = message;
      this.status.setAttribute('data-error', '');
      this.emit('gpusizer-error', { ok: false, error: { code: 'load_failed', path: '', message }, request: null });
      return;
    }
    this.refreshLists();
    // Attribute values that name nothing in the catalog fall back to the defaults.
    if (!this.pending.preset || !this.form.setPreset(this.pending.preset)) {
      this.form.setPreset(this.form.models.some((m) => m.id === DEFAULT_PRESET) ? DEFAULT_PRESET : 'custom');
    }
    if (!this.pending.gpu || !this.form.setGpu(this.pending.gpu)) this.form.setGpu(DEFAULT_GPU);
    this.pending = {};
    this.runNow();
  }

  /** Fills the selects from the default catalog plus the provider's gpus/models. */
  refreshLists() {
    if (!this.catalog) return;
    const pc = this.providerCatalog || {};
    this.form.setCatalog({
      models: mergeById(this.catalog.models, pc.models),
      gpus: mergeById(this.catalog.gpus, pc.gpus),
    });
    this.form.setFx(pc.fx && typeof pc.fx.usdCny === 'number' ? pc.fx : this.catalog.fx);
  }

  gpuName = (id) => {
    const gpu = this.form.gpus.find((g) => g.id === id);
    return gpu && gpu.name ? String(gpu.name) : String(id ?? '');
  };

  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    this.form.setLang(lang);
    if (!this.hasResult) this.status.textContent = i18n(lang).t('loading');
    this.runNow();
  }

  setCurrency(currency) {
    this.form.setCurrency(currency);
    this.runNow();
  }

  setPreset(id) {
    if (!this.catalog) this.pending.preset = id;
    else if (this.form.setPreset(id)) this.runNow();
  }

  setGpu(id) {
    if (!this.catalog) this.pending.gpu = id;
    else if (this.form.setGpu(id)) this.runNow();
  }

  /** Whether the form can describe a request (the lists are in, no catalog-src fetch pending). */
  get ready() {
    return !!this.catalog && this.catalogPending === 0;
  }

  /**
   * Fills the form from a request object (see JobForm.fill for the fallbacks) and estimates.
   * request.lang, when zh/en, switches the language (and the host's lang attribute). Before the
   * catalog is in (or while a catalog-src fetch is pending) the form is filled again when it is,
   * before the estimate: the first estimate is then this request's.
   */
  setRequest(req) {
    if (!req || typeof req !== 'object' || Array.isArray(req)) return;
    const lang = normalizeLang(req.lang);
    if (lang && lang !== this.lang) {
      this.lang = lang;
      this.form.setLang(lang);
      if (!this.hasResult) this.status.textContent = i18n(lang).t('loading');
      this.host.setAttribute('lang', lang); // the element's own attribute; setLang() then has nothing to do
    }
    if (this.catalog) this.fillForm(req);
    this.pendingRequest = this.ready ? null : req;
    this.runNow();
  }

  fillForm(req) {
    const preset = this.form.models.some((m) => m.id === DEFAULT_PRESET) ? DEFAULT_PRESET : 'custom';
    this.form.fill(req, { preset, gpu: DEFAULT_GPU });
  }

  setProviderCatalog(catalog) {
    this.providerCatalog = catalog && typeof catalog === 'object' && !Array.isArray(catalog) ? catalog : null;
    this.refreshLists();
    this.runNow();
  }

  /** Fetches a provider catalog (same origin only) and uses it. */
  async loadCatalogSrc(src) {
    const { t } = i18n(this.lang);
    if (!src) return this.setProviderCatalog(null);
    let url;
    try {
      url = new URL(src, document.baseURI);
    } catch {
      return this.catalogError(`${t('catalogFailed')}: ${src}`);
    }
    if (url.origin !== location.origin) return this.catalogError(t('catalogOrigin'));
    this.catalogPending++;
    try {
      const res = await fetch(url.href, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = await res.json();
      this.catalogPending--;
      this.setProviderCatalog(data);
    } catch (err) {
      this.catalogPending--;
      this.catalogError(`${t('catalogFailed')}: ${err && err.message ? err.message : err}`);
    }
  }

  catalogError(message) {
    const error = { code: 'catalog_unavailable', path: '/catalog', message };
    this.form.showError(error);
    this.emit('gpusizer-error', { ok: false, schemaVersion: 1, error, request: null });
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), DEBOUNCE_MS);
  }

  runNow() {
    clearTimeout(this.timer);
    this.run();
  }

  request() {
    const req = this.form.request();
    req.lang = this.lang;
    if (this.providerCatalog) req.catalog = this.providerCatalog;
    return req;
  }

  async run() {
    if (!this.ready) return; // start() / the fetch will run again
    if (this.pendingRequest) {
      this.fillForm(this.pendingRequest);
      this.pendingRequest = null;
    }
    const seq = ++this.seq;
    const lang = this.lang;
    const request = this.request();
    const t0 = performance.now();
    const failed = (message) => ({ ok: false, error: { code: 'engine_failed', path: '', message } });
    let response;
    try {
      response = await engine.estimate(request);
      if (!response || typeof response !== 'object' || Array.isArray(response)) response = failed('invalid response');
    } catch (err) {
      response = failed(String(err && err.message ? err.message : err));
    }
    const t1 = performance.now();
    if (seq !== this.seq) return; // a newer run superseded this one
    response.request = request; // the request that produced it, for the events
    const ok = response.ok === true && response.result && typeof response.result === 'object';
    if (ok) {
      const ctx = { lang, gpuName: this.gpuName };
      this.form.update(response);
      for (const view of this.views) view.update(response, ctx);
      this.updateMeta(response);
      this.results.hidden = false;
      this.status.textContent = '';
      this.status.hidden = true;
      this.hasResult = true;
    } else {
      this.form.showError(response.error || { message: 'invalid response' });
      this.status.hidden = true;
      for (const view of this.views) view.setStale(true, lang);
    }
    const t2 = performance.now();
    this.measure('gpusizer:estimate', t0, t1);
    this.measure('gpusizer:render', t1, t2);
    this.emit(ok ? 'gpusizer-result' : 'gpusizer-error', response);
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
    const parts = [];
    if (response.catalogVersion) parts.push(`${t('catalog')} ${response.catalogVersion}`);
    const fx = (this.providerCatalog && this.providerCatalog.fx) || (this.catalog && this.catalog.fx) || {};
    const rate = response.result.usdCny;
    const dated = fx.date && rate === fx.usdCny; // a rate typed into the form has no catalog date
    if (typeof rate === 'number') parts.push(`${t('fx')} ${rate}${dated ? ` (${fx.date})` : ''}`);
    if (this.version) parts.push(`gpusizer ${this.version}`);
    this.meta.textContent = parts.join(' · ');
  }

  emit(type, detail) {
    this.host.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }
}
