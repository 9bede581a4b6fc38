// The job form: owns the <form>, turns it into a request object, and shows the core's errors
// next to the field their JSON pointer names. Its choices (the language switch, every select
// named like an enum of the core's contract) and its starting values come from the core
// (setContract). It reads the language from the element instead of keeping a copy.
import { h, replace } from './dom.js';
import { i18n, langName } from './i18n.js';
import { pick } from './contract.js';

export const CUSTOM = 'custom';
// A request's values longer than this are not a number anyone wrote: fill() drops them.
const MAX_VALUE_LENGTH = 64;

// JSON pointer (from error.path) → form field; the longest matching prefix wins.
const PATH_FIELDS = [
  ['/model/preset', 'preset'],
  ['/model', 'params'],
  ['/training/tokens', 'tokens'],
  ['/training/epochs', 'epochs'],
  ['/training/mode', 'mode'],
  ['/training/precision', 'precision'],
  ['/training/seqLen', 'seqLen'],
  ['/training', 'tokens'],
  ['/hardware/count', 'count'],
  ['/hardware', 'gpu'],
  ['/goal/days', 'days'],
  ['/goal/budget', 'budget'],
  ['/goal/currency', 'currency'],
  ['/goal/usdCny', 'usdCny'],
  ['/goal/sensitiveData', 'sensitiveData'],
  ['/efficiency', 'mfu'],
].sort((a, b) => b[0].length - a[0].length);

export function fieldForPath(path) {
  if (typeof path !== 'string') return null;
  for (const [prefix, field] of PATH_FIELDS) {
    if (path === prefix || path.startsWith(prefix + '/')) return field;
  }
  return null;
}

// example: the placeholder, as people write such values; otherwise the placeholder is the core's
// default for the field (contract.defaults), if it has one. filled: starts with that default
// (and fill() falls back to it for tokens and for the hidden one of days/count).
const TEXT_FIELDS = {
  params: { inputmode: 'text', example: '7B · 70亿' },
  tokens: { inputmode: 'text', example: '2T · 2万亿', filled: true },
  epochs: { inputmode: 'decimal' },
  seqLen: { inputmode: 'numeric' },
  days: { inputmode: 'decimal', filled: true },
  count: { inputmode: 'numeric', filled: true },
  budget: { inputmode: 'text' },
  mfu: { inputmode: 'decimal' },
  usdCny: { inputmode: 'decimal', wide: true },
};
// Selects whose options are catalog ids, not an enum of the contract.
const ID_SELECTS = new Set(['preset', 'gpu']);

/** Today in the browser's time zone, YYYY-MM-DD (sent as goal.asOf so price ages are current). */
export function today(d = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export class JobForm {
  /**
   * @param {HTMLElement} container  where the <form> goes
   * @param {{lang: () => string, onInput: () => void, onChange: () => void, onLang: (lang: string) => void}} callbacks
   *   lang: the element's language (the form reads it, never keeps it)
   */
  constructor(container, { lang, onInput, onChange, onLang }) {
    this.lang = lang;
    this.onInput = onInput;
    this.onChange = onChange;
    this.onLang = onLang;
    this.contract = null; // the core's request vocabulary, once setContract() had it
    this.models = [];
    this.gpus = [];
    this.controls = {};
    this.labels = []; // [node, key] pairs re-labelled on a language switch
    this.form = this.build();
    this.syncSizeBy();
    container.append(this.form);
  }

  label(node, key) {
    this.labels.push([node, key]);
    return node;
  }

  field(name, control, { hint = false } = {}) {
    const id = `f-${name}`;
    control.id = id;
    control.name = name;
    const describedBy = [hint && `${id}-hint`, `${id}-err`].filter(Boolean).join(' ');
    control.setAttribute('aria-describedby', describedBy);
    this.controls[name] = control;
    const hintNode = hint && this.label(h('p', { class: 'hint', id: `${id}-hint` }), `${name}Hint`);
    const checkbox = control.type === 'checkbox';
    return h(
      'div',
      { class: checkbox ? 'field check-field' : 'field', 'data-field': name, part: 'field' },
      this.label(h('label', { for: id }), name),
      checkbox ? h('div', { class: 'check-box' }, control, hintNode) : [control, hintNode],
      h('p', { class: 'error', id: `${id}-err`, part: 'field-error' }),
    );
  }

  text(name) {
    const opts = TEXT_FIELDS[name] || {};
    return h('input', {
      type: 'text',
      class: opts.wide ? 'wide' : null,
      inputmode: opts.inputmode,
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: opts.example || null,
    });
  }

  build() {
    const c = this.controls;
    this.langBox = h('div', { class: 'segmented' }); // filled by setLanguages()
    const langSwitch = h(
      'fieldset',
      { class: 'lang-switch', part: 'lang-switch' },
      this.label(h('legend', { class: 'visually-hidden' }), 'languageLegend'),
      this.langBox,
    );

    const sizeBy = h(
      'fieldset',
      { class: 'field size-by', 'data-field': 'sizeBy' },
      this.label(h('legend'), 'sizeBy'),
      h(
        'div',
        { class: 'segmented' },
        h('label', null, (c.sizeByDays = h('input', { type: 'radio', name: 'sizeBy', value: 'days', checked: true })), this.label(h('span'), 'sizeBy.days')),
        h('label', null, (c.sizeByCount = h('input', { type: 'radio', name: 'sizeBy', value: 'count' })), this.label(h('span'), 'sizeBy.count')),
      ),
    );

    this.generalError = h('p', { class: 'form-error', role: 'alert', hidden: true });

    const form = h(
      'form',
      { part: 'form', class: 'form', novalidate: true, 'aria-labelledby': 'job-heading' },
      h('div', { class: 'form-head' }, this.label(h('h2', { id: 'job-heading' }), 'jobHeading'), langSwitch),
      this.generalError,
      h(
        'fieldset',
        { class: 'group' },
        this.label(h('legend'), 'modelLegend'),
        h(
          'div',
          { class: 'fields' },
          this.field('preset', h('select')),
          this.field('params', this.text('params')),
          this.field('tokens', this.text('tokens')),
          this.field('epochs', this.text('epochs')),
          this.field('mode', h('select')),
          this.field('precision', h('select')),
          this.field('seqLen', this.text('seqLen')),
        ),
      ),
      h(
        'fieldset',
        { class: 'group' },
        this.label(h('legend'), 'hardwareLegend'),
        h(
          'div',
          { class: 'fields' },
          this.field('gpu', h('select', { class: 'wide' })),
          sizeBy,
          this.field('days', this.text('days'), { hint: true }),
          this.field('count', this.text('count')),
          this.field('budget', this.text('budget')),
          this.field('currency', h('select')),
          this.field('usdCny', this.text('usdCny'), { hint: true }),
          this.field('mfu', this.text('mfu'), { hint: true }),
          this.field('sensitiveData', h('input', { type: 'checkbox' }), { hint: true }),
        ),
      ),
    );

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.onChange();
    });
    form.addEventListener('input', (e) => {
      const t = e.target;
      if (t === c.params) {
        // Typing a parameter count means a custom model.
        if (c.preset.value !== CUSTOM) c.preset.value = CUSTOM;
      }
      if (t.type === 'text') this.onInput();
    });
    form.addEventListener('change', (e) => {
      const t = e.target;
      if (t.name === 'lang') return this.onLang(t.value);
      if (t === c.preset) this.applyPreset();
      if (t.name === 'sizeBy') this.syncSizeBy();
      if (t.type !== 'text') this.onChange();
    });
    return form;
  }

  syncSizeBy() {
    const byDays = this.controls.sizeByDays.checked;
    this.controls.days.closest('.field').hidden = !byDays;
    this.controls.count.closest('.field').hidden = byDays;
  }

  applyPreset() {
    const c = this.controls;
    const model = this.models.find((m) => m.id === c.preset.value);
    if (model) {
      c.params.value = i18n(this.lang()).compact(model.params);
      c.seqLen.placeholder = model.seqLen ? String(model.seqLen) : this.placeholder('seqLen');
    }
  }

  /** A text field's placeholder: its example, else the core's default for it. */
  placeholder(name) {
    const example = TEXT_FIELDS[name]?.example;
    const value = example ?? this.contract?.defaults[name];
    return value == null ? '' : String(value);
  }

  /** The default of a field as text ('' when the core has none). */
  default(name) {
    const value = this.contract?.defaults[name];
    return value == null ? '' : String(value);
  }

  /** The language switch: one radio per language the core accepts (langs, in the switch's order). */
  setLanguages(langs) {
    replace(
      this.langBox,
      langs.map((lang) => h('label', { lang }, h('input', { type: 'radio', name: 'lang', value: lang }), h('span', null, langName(lang)))),
    );
    this.checkLang();
  }

  checkLang() {
    const lang = this.lang();
    for (const radio of this.langBox.querySelectorAll('input')) radio.checked = radio.value === lang;
  }

  /**
   * The core's request vocabulary (contract.js): fills every select named like one of its enums
   * (mode, precision, currency today; a new one needs only a select of that name), sets the
   * placeholders and, the first time, the starting values of the text fields.
   */
  setContract(contract, langs) {
    const first = !this.contract;
    this.contract = contract;
    this.setLanguages(langs);
    for (const [name, values] of Object.entries(contract.enums)) {
      const select = this.controls[name];
      if (!select || select.tagName !== 'SELECT' || ID_SELECTS.has(name)) continue;
      const was = select.value;
      replace(select, values.map((v) => h('option', { value: v }, v)));
      select.value = values.includes(was) ? was : pick(contract, name, was) ?? values[0] ?? '';
    }
    for (const [name, opts] of Object.entries(TEXT_FIELDS)) {
      const control = this.controls[name];
      if (!opts.example && name in contract.defaults) control.placeholder = this.placeholder(name);
      if (first && opts.filled && !control.value) control.value = this.default(name);
    }
    this.localize();
  }

  /** The catalog's models and GPUs fill the selects (ids are kept when the lists change). */
  setCatalog({ models = [], gpus = [] }) {
    const c = this.controls;
    this.models = models.filter((m) => m && typeof m.id === 'string');
    this.gpus = gpus.filter((g) => g && typeof g.id === 'string');
    const preset = c.preset.value;
    const gpu = c.gpu.value;
    replace(
      c.preset,
      this.label(h('option', { value: CUSTOM }), 'presetCustom'),
      this.models.map((m) => h('option', { value: m.id }, m.name || m.id)),
    );
    this.relabel();
    replace(
      c.gpu,
      this.gpus.map((g) =>
        h('option', { value: g.id }, g.name || g.id, g.memoryGiB ? ` · ${g.memoryGiB} GiB` : ''),
      ),
    );
    if (preset) this.setPreset(preset);
    if (gpu) this.setGpu(gpu);
  }

  setPreset(id) {
    const c = this.controls;
    if (id === CUSTOM || this.models.some((m) => m.id === id)) {
      c.preset.value = id;
      this.applyPreset();
      return true;
    }
    return false;
  }

  setGpu(id) {
    if (this.gpus.some((g) => g.id === id)) {
      this.controls.gpu.value = id;
      return true;
    }
    return false;
  }

  /** The catalog's dated exchange rate, shown as the placeholder of the rate field. */
  setFx(fx) {
    const rate = fx && typeof fx.usdCny === 'number' ? fx.usdCny : null;
    this.fx = rate == null ? null : { rate, date: typeof fx.date === 'string' ? fx.date : '' };
    this.controls.usdCny.placeholder = this.fx ? `${this.fx.rate}${this.fx.date ? ` (${this.fx.date})` : ''}` : '';
  }

  /** Selects cur when the currency list has it (the list is the core's). */
  setCurrency(cur) {
    const select = this.controls.currency;
    if ([...select.options].some((o) => o.value === cur)) select.value = cur;
  }

  /** Puts every text of the form in the element's current language. */
  localize() {
    const tr = i18n(this.lang());
    this.checkLang();
    this.relabel();
    this.controls.budget.placeholder = tr.t('budgetHint');
    // Enumerated values with a name in the UI's strings (modes) show it; others (bf16, CNY) are shown as they are.
    for (const name of Object.keys(this.contract?.enums || {})) {
      const select = this.controls[name];
      if (!select || select.tagName !== 'SELECT' || ID_SELECTS.has(name)) continue;
      for (const option of select.options) option.textContent = tr.enumLabel(name, option.value);
    }
    // The preset's parameter count is shown in the language's own compact notation.
    if (this.controls.preset.value !== CUSTOM) this.applyPreset();
  }

  relabel() {
    const { t } = i18n(this.lang());
    this.labels = this.labels.filter(([node]) => this.form.contains(node));
    for (const [node, key] of this.labels) node.textContent = t(key);
  }

  /** The request the form describes (without lang and catalog: the controller adds those). */
  request() {
    const c = this.controls;
    const v = (name) => c[name].value.trim();
    const model = c.preset.value !== CUSTOM ? { preset: c.preset.value } : v('params') ? { params: v('params') } : {};
    const training = { tokens: v('tokens'), mode: c.mode.value || this.default('mode'), precision: c.precision.value || this.default('precision') };
    if (!training.tokens) delete training.tokens;
    if (v('epochs')) training.epochs = v('epochs');
    if (v('seqLen')) training.seqLen = v('seqLen');
    const hardware = { gpu: c.gpu.value };
    const goal = { currency: c.currency.value };
    if (c.sizeByCount.checked) {
      if (v('count')) hardware.count = v('count');
    } else if (v('days')) {
      goal.days = v('days');
    }
    if (v('budget')) goal.budget = v('budget');
    if (v('usdCny')) goal.usdCny = v('usdCny');
    if (c.sensitiveData.checked) goal.sensitiveData = true;
    goal.asOf = today();
    const req = { schemaVersion: 1, model, training, hardware, goal };
    if (v('mfu')) req.efficiency = { mfu: v('mfu') };
    return req;
  }

  /**
   * Fills the form from a request (the shape request() makes). Every value is checked and falls
   * back rather than failing: a model preset or GPU id not in the lists → fallback.preset /
   * fallback.gpu (model.params without a known preset → custom); mode and precision outside the
   * core's lists → the core's defaults (pretrain / bf16); goal.currency outside the core's list →
   * unchanged; numbers and strings (up to 64 characters) go into their fields as written (the core
   * reads them, and shows its error next to a field it cannot read), anything else empties the
   * field; tokens falls back to the core's default (2T). Fields the request leaves out are
   * emptied. hardware.count means sizing by GPU count,
   * otherwise by deadline (goal.days, empty for none). goal.asOf, lang and catalog are not the
   * form's (today's date is always sent; the controller handles lang; the catalog is not taken
   * from a request).
   * @param {object} req
   * @param {{preset: string, gpu: string}} fallback
   */
  fill(req, fallback) {
    const c = this.controls;
    const obj = (x) => (x && typeof x === 'object' && !Array.isArray(x) ? x : {});
    const value = (x) => {
      if (typeof x === 'number') return Number.isFinite(x) ? String(x) : '';
      if (typeof x !== 'string') return '';
      const v = x.trim();
      return v.length <= MAX_VALUE_LENGTH ? v : '';
    };
    const r = obj(req);
    const model = obj(r.model);
    const training = obj(r.training);
    const hardware = obj(r.hardware);
    const goal = obj(r.goal);
    const efficiency = obj(r.efficiency);

    const preset = typeof model.preset === 'string' && model.preset !== CUSTOM ? model.preset : '';
    const params = value(model.params);
    if (!(preset && this.setPreset(preset))) {
      if (params) {
        c.preset.value = CUSTOM;
        c.params.value = params;
      } else if (!this.setPreset(fallback.preset)) {
        c.preset.value = CUSTOM;
        c.params.value = '';
      }
    }
    c.tokens.value = value(training.tokens) || this.default('tokens');
    c.epochs.value = value(training.epochs);
    c.seqLen.value = value(training.seqLen);
    c.mode.value = pick(this.contract, 'mode', training.mode) ?? '';
    c.precision.value = pick(this.contract, 'precision', training.precision) ?? '';

    if (!(typeof hardware.gpu === 'string' && this.setGpu(hardware.gpu))) this.setGpu(fallback.gpu);
    const count = value(hardware.count);
    const days = value(goal.days);
    c.sizeByCount.checked = !!count;
    c.sizeByDays.checked = !count;
    c.count.value = count || this.default('count');
    c.days.value = count ? days || this.default('days') : days;
    this.syncSizeBy();

    this.setCurrency(typeof goal.currency === 'string' ? goal.currency.toUpperCase() : '');
    c.budget.value = value(goal.budget);
    c.usdCny.value = value(goal.usdCny);
    c.sensitiveData.checked = goal.sensitiveData === true;
    c.mfu.value = value(efficiency.mfu);
    this.clearErrors();
  }

  clearErrors() {
    for (const el of this.form.querySelectorAll('.field[data-invalid]')) {
      el.removeAttribute('data-invalid');
      el.querySelector('.error').textContent = '';
    }
    for (const el of this.form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    this.generalError.textContent = '';
    this.generalError.hidden = true;
  }

  /** Shows an error ({path, message}) next to its field; unmapped paths go above the form. */
  showError(error) {
    this.clearErrors();
    const message = i18n(this.lang()).errorMessage(error);
    const name = fieldForPath(error?.path);
    const control = name && this.controls[name];
    const field = control && control.closest('.field');
    if (field && !field.hidden) {
      field.setAttribute('data-invalid', '');
      field.querySelector('.error').textContent = message;
      control.setAttribute('aria-invalid', 'true');
      return name;
    }
    this.generalError.textContent = message;
    this.generalError.hidden = false;
    return null;
  }

  /** After a successful estimate: clear errors and show the defaults the core used. */
  update(response) {
    this.clearErrors();
    const result = response?.result || {};
    const tr = i18n(this.lang());
    const est = result.estimate;
    const mfu = this.controls.mfu;
    if (est && typeof est.mfu === 'number' && est.mfuSource !== 'request') {
      mfu.placeholder = `${tr.t('mfuAuto')} ${tr.sig(est.mfu, 2)}`;
    } else if (!mfu.value) {
      mfu.placeholder = tr.t('mfuAuto');
    }
    const seq = result.training?.seqLen;
    if (typeof seq === 'number') this.controls.seqLen.placeholder = String(seq);
  }
}
