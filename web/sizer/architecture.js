// The architecture disclosure of the job form: a <details> in the model group with the shape of
// the model (layers, hidden, heads, KV heads, FFN, vocabulary, activation) and a Hugging Face
// config.json (pasted, dropped on the disclosure, or chosen as a file).
//
// Where the shape comes from, and what is sent (model fields of the contract):
//   preset    the catalog model's shape, filled in at once; nothing extra is sent.
//   inferred  a typed size: the core infers a shape (result.model, architectureKnown false) and
//             the fields show it after each estimate; nothing extra is sent.
//   config    the pasted config.json, sent as model.hfConfig (the parsed object) instead of the
//             preset or the size; the fields show what the core read from it (result.model).
//   given     fields the user edited: sent as model.layers etc. (with the preset or the config,
//             only the edited ones; for a typed size the whole shape, without model.params), so
//             the core counts the parameters from the shape (contract/model_reader.cpp
//             finish_model); the form then shows the core's count in the size field.
// Choosing a preset or typing a size starts afresh: edits and the config are dropped. The fields
// hold what the user typed; only numbers from the core (result.model) or the catalog fill them.
import { h, replace } from './dom.js';
import { i18n, localText } from './i18n.js';
import { enumValues } from './contract.js';

export const SHAPE_FIELDS = ['layers', 'hidden', 'heads', 'kvHeads', 'ffnHidden', 'vocab'];
export const SHAPE_KEYS = [...SHAPE_FIELDS, 'activation'];
// A config.json is a few kilobytes; anything much larger is not one (and would not fit a link).
const MAX_CONFIG_CHARS = 200000;

const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

export class Architecture {
  /**
   * @param {import('./form.js').JobForm} form  the form it belongs to (fields, labels, language)
   * @param {{onChange: () => void}} callbacks  onChange: estimate now (a config read from a file)
   */
  constructor(form, { onChange }) {
    this.form = form;
    this.onChange = onChange;
    this.edited = new Set(); // SHAPE_KEYS the user changed
    this.base = {}; // the values last filled in from the preset, the config or the core's inference
    this.configText = ''; // the text the config was parsed from ('' when none)
    this.config = null; // the parsed config (an object) or null
    this.configError = null; // i18n key when the text is not a JSON object
    this.source = null; // 'preset' | 'config' | 'given' | 'inferred', from the last answer
    this.coreModel = null; // result.model of the last answer that matched the form
    this.element = this.build();
  }

  build() {
    const f = this.form;
    const c = f.controls;
    this.tag = h('span', { class: 'arch-tag' });
    this.note = h('p', { class: 'arch-source', id: 'arch-source' });
    this.facts = h('dl', { class: 'arch-facts' });
    this.resetButton = f.label(h('button', { type: 'button', class: 'link-button', hidden: true }), 'archReset');
    this.resetButton.addEventListener('click', () => this.reset());
    const fields = SHAPE_FIELDS.map((name) =>
      f.field(name, h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false' })),
    );
    fields.push(f.field('activation', h('select')));

    const textarea = h('textarea', { rows: '4', spellcheck: 'false', autocomplete: 'off', class: 'code', placeholder: '{ "model_type": …, "hidden_size": 4096, … }' });
    this.fileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
    const fileButton = f.label(h('button', { type: 'button', class: 'small-button' }), 'hfConfigFile');
    this.clearButton = f.label(h('button', { type: 'button', class: 'small-button', hidden: true }), 'hfConfigClear');
    const configField = f.field('hfConfig', textarea, { hint: true });
    configField.classList.add('config-field');
    configField.querySelector('.error').before(h('div', { class: 'config-tools' }, fileButton, this.clearButton, this.fileInput));

    fileButton.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', (e) => {
      e.stopPropagation(); // the form's change handler would estimate before the file is read
      const file = this.fileInput.files && this.fileInput.files[0];
      this.fileInput.value = '';
      if (file) this.readFile(file);
    });
    this.clearButton.addEventListener('click', () => {
      this.setConfigText('');
      this.onChange();
      textarea.focus();
    });

    this.details = h(
      'details',
      { class: 'arch', part: 'architecture', 'data-source': null },
      h('summary', null, f.label(h('span', { class: 'arch-title' }), 'archSummary'), ' ', this.tag),
      h('div', { class: 'arch-body' }, this.note, h('div', { class: 'fields' }, fields), h('div', { class: 'arch-foot' }, this.facts, this.resetButton), configField),
    );
    // A config.json dropped anywhere on the disclosure (opened for it).
    this.details.addEventListener('dragover', (e) => {
      if (!e.dataTransfer) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      this.details.setAttribute('data-drag', '');
    });
    this.details.addEventListener('dragleave', (e) => {
      if (!this.details.contains(e.relatedTarget)) this.details.removeAttribute('data-drag');
    });
    this.details.addEventListener('drop', (e) => {
      e.preventDefault();
      this.details.removeAttribute('data-drag');
      this.details.open = true;
      const file = e.dataTransfer?.files?.[0];
      if (file) return this.readFile(file);
      const text = e.dataTransfer?.getData('text/plain');
      if (text) {
        this.setConfigText(text);
        this.onChange();
      }
    });
    return this.details;
  }

  get controls() {
    return this.form.controls;
  }

  async readFile(file) {
    let text;
    try {
      text = await file.text();
    } catch {
      text = null;
    }
    if (text == null) {
      this.setConfigText('');
      this.configError = 'hfConfigUnreadable';
    } else {
      this.setConfigText(text);
    }
    this.details.open = true;
    this.onChange();
  }

  /** The activation select's options (the core's list, or contract.js's fallback). */
  setContract(contract) {
    const select = this.controls.activation;
    const was = select.value;
    const values = enumValues(contract, 'activation');
    replace(select, values.map((v) => h('option', { value: v })));
    select.value = values.includes(was) ? was : values[0] ?? '';
  }

  localize() {
    const tr = i18n(this.form.lang());
    for (const option of this.controls.activation.options) option.textContent = tr.enumLabel('activation', option.value);
    this.showSource();
    if (this.coreModel) this.showFacts(this.coreModel);
  }

  // ---- what the user does ----

  /** A field of the disclosure changed (input or select): it is given now, unless back at the base value. */
  noteEdit(name) {
    if (!SHAPE_KEYS.includes(name)) return false;
    const value = this.controls[name].value.trim();
    if (value === (this.base[name] ?? '')) this.edited.delete(name);
    else this.edited.add(name);
    this.resetButton.hidden = this.edited.size === 0;
    return true;
  }

  /** The config textarea changed. */
  noteConfigInput() {
    this.setConfigText(this.controls.hfConfig.value, { keepField: true });
  }

  /** Reads text as a config: the parsed object, or configError when it is not a JSON object. */
  setConfigText(text, { keepField = false } = {}) {
    const value = String(text ?? '');
    if (!keepField) this.controls.hfConfig.value = value;
    this.configText = value.trim();
    this.config = null;
    this.configError = null;
    if (this.configText) {
      if (this.configText.length > MAX_CONFIG_CHARS) this.configError = 'hfConfigInvalid';
      else {
        try {
          const parsed = JSON.parse(this.configText);
          if (isObject(parsed)) this.config = parsed;
          else this.configError = 'hfConfigNotObject';
        } catch {
          this.configError = 'hfConfigInvalid';
        }
      }
      // A config describes the model: the preset select says so.
      if (this.form.controls.preset.value !== 'custom') this.form.controls.preset.value = 'custom';
    }
    this.clearButton.hidden = !this.configText;
  }

  /** The preset select chose a catalog model (or custom): its shape, no edits, no config. */
  choosePreset(model) {
    this.edited.clear();
    this.resetButton.hidden = true;
    if (this.configText) this.setConfigText('');
    if (model) {
      this.base = this.valuesOf(model);
      this.fillValues(this.base);
      this.source = 'preset';
      this.coreModel = null;
      this.showSource(localText(model.name, this.form.lang()) || model.id);
      replace(this.facts);
    }
  }

  /** A size was typed: the core infers the shape again (edits and the config are dropped). */
  sizeTyped() {
    this.edited.clear();
    this.resetButton.hidden = true;
    if (this.configText) this.setConfigText('');
  }

  /** Undo the edits: back to the preset's, the config's or the inferred shape. */
  reset() {
    this.edited.clear();
    this.resetButton.hidden = true;
    this.fillValues(this.base);
    this.onChange();
  }

  // ---- the request ----

  /** Whether the model is described by its shape (edited fields or a config) rather than a preset or a size. */
  get describesModel() {
    return !!this.config || this.edited.size > 0;
  }

  /** An error the page finds before the core can (the config text is not a JSON object), else null. */
  localError() {
    if (!this.configError) return null;
    return { code: 'invalid_json', path: '/model/hfConfig', message: i18n(this.form.lang()).t(this.configError) };
  }

  /**
   * The request's model from the form's base ({preset} or {params} or {}): the config instead of
   * the preset or size when one is given; the edited fields on top (for a size: the whole shape).
   */
  model(base) {
    const c = this.controls;
    const value = (name) => {
      const v = c[name].value.trim();
      return /^\d+$/.test(v) ? Number(v) : v; // what the core cannot read, it names at /model/<name>
    };
    let out;
    let keys = [...this.edited];
    if (this.config) out = { hfConfig: this.config };
    else if (base.preset || keys.length === 0) out = { ...base };
    else {
      out = {}; // a typed size with an edited shape: the shape is the model, its count is the core's
      keys = SHAPE_KEYS;
    }
    for (const name of keys) {
      const v = value(name);
      if (v !== '') out[name] = v;
    }
    return out;
  }

  /** Fills the disclosure from a request's model (hfConfig and shape fields); true when it had any. */
  fill(model) {
    const m = isObject(model) ? model : {};
    this.edited.clear();
    this.setConfigText(isObject(m.hfConfig) ? JSON.stringify(m.hfConfig, null, 2) : '');
    let any = !!this.config;
    for (const name of SHAPE_KEYS) {
      const v = m[name];
      if (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v.trim() && v.length <= 64) {
        this.controls[name].value = String(v).trim();
        this.edited.add(name);
        any = true;
      }
    }
    this.resetButton.hidden = this.edited.size === 0;
    if (any) this.details.open = true;
    return any;
  }

  // ---- the answer ----

  valuesOf(model) {
    const out = {};
    for (const name of SHAPE_FIELDS) out[name] = isNum(model[name]) && model[name] > 0 ? String(model[name]) : '';
    out.activation = typeof model.activation === 'string' ? model.activation : '';
    return out;
  }

  /** Puts values into the fields the user did not edit. */
  fillValues(values) {
    const c = this.controls;
    for (const name of SHAPE_KEYS) {
      if (this.edited.has(name)) continue;
      const v = values[name] ?? '';
      if (name === 'activation') {
        if ([...c.activation.options].some((o) => o.value === v)) c.activation.value = v;
      } else c[name].value = v;
    }
  }

  /**
   * After an estimate. sent: the request's model that produced it; current: whether the form would
   * send the same model now (an older answer must not overwrite what was chosen since).
   */
  update(result, sent, current) {
    const model = isObject(result?.model) ? result.model : null;
    if (!model || !current) return;
    this.coreModel = model;
    const given = SHAPE_KEYS.some((k) => k in (sent || {}));
    this.source = given ? 'given' : sent?.hfConfig ? 'config' : sent?.preset ? 'preset' : model.architectureKnown === false ? 'inferred' : 'given';
    const values = this.valuesOf(model);
    if (!given) this.base = values;
    this.fillValues(values);
    for (const name of [...this.edited]) if (this.controls[name].value.trim() === (this.base[name] ?? '')) this.edited.delete(name);
    this.resetButton.hidden = this.edited.size === 0;
    this.showSource(localText(model.name, this.form.lang()));
    this.showFacts(model);
  }

  showSource(name = this.sourceName) {
    this.sourceName = name;
    const tr = i18n(this.form.lang());
    const source = this.source;
    this.details.setAttribute('data-source', source || '');
    this.tag.textContent = source ? tr.t(`archTag.${source}`) : '';
    if (!source) {
      this.note.textContent = '';
      return;
    }
    const named = name ? (source === 'config' ? tr.fmt('archNamed', { name }) : name) : '';
    this.note.textContent = tr.fmt(`archSource.${source}`, { name: named });
  }

  /** What the core read or derived that has no field: the count, experts, attention, embeddings. */
  showFacts(model) {
    const tr = i18n(this.form.lang());
    const { t } = tr;
    const items = [];
    const add = (key, value) => items.push(h('div', { 'data-fact': key }, h('dt', null, t(key)), h('dd', null, value)));
    if (isNum(model.params)) {
      const active = isNum(model.activeParams) && model.activeParams < model.params ? ` (${tr.compact(model.activeParams)} ${t('archActive')})` : '';
      add('archParams', `${tr.compact(model.params)}${active}`);
    }
    if (isNum(model.experts) && model.experts > 1) add('experts', tr.fmt('expertsOf', { n: tr.int(model.experts), k: tr.int(model.expertsPerToken) }));
    if (typeof model.attention === 'string' && model.attention) add('attention', tr.enumLabel('attention', model.attention));
    if (isNum(model.headDim) && model.headDim > 0) add('headDim', tr.int(model.headDim));
    if (typeof model.tiedEmbeddings === 'boolean') add('tiedEmbeddings', t(model.tiedEmbeddings ? 'yes' : 'no'));
    replace(this.facts, items);
  }
}
