// The job form: owns the <form>, turns it into a request object, and shows the core's errors
// next to the field their JSON pointer names. Its choices (the language switch, every select
// named like an enum of the core's contract) and its starting values come from the core
// (setContract). It reads the language from the element instead of keeping a copy.
// The model group holds the architecture disclosure (architecture.js: the shape and a Hugging
// Face config.json); the data can be given as tokens, as examples × tokens per example (packed or
// padded) or as its size on disk; LoRA and QLoRA show their rank and target modules. The data
// group says what kind of text it is, the tokenizer, the line it is uploaded over and the
// checkpoints kept, and shows the core's conversion of tokens to bytes (or of a size to tokens).
import { h, replace } from './dom.js';
import { i18n, langName, localText } from './i18n.js';
import { pick, enumValues, defaultValue, ENUM_FALLBACK } from './contract.js';
import { Architecture, SHAPE_KEYS } from './architecture.js';
import { today } from './first.js';

export const CUSTOM = 'custom';
// A request's values longer than this are not a number anyone wrote: fill() drops them.
const MAX_VALUE_LENGTH = 64;

// The modes that train adapters (their rank and targets are asked for); the core's mode list
// has no such attribute, so the form names them (request.hpp TrainingSpec::is_adapter).
export const ADAPTER_MODES = ['lora', 'qlora'];

// JSON pointer (from error.path) → form field; the longest matching prefix wins.
const PATH_FIELDS = [
  ['/model/preset', 'preset'],
  ['/model', 'params'],
  ['/model/hfConfig', 'hfConfig'],
  ...SHAPE_KEYS.map((k) => [`/model/${k}`, k]),
  ['/model/headDim', 'heads'],
  ['/training/tokens', 'tokens'],
  ['/training/epochs', 'epochs'],
  ['/training/mode', 'mode'],
  ['/training/precision', 'precision'],
  ['/training/seqLen', 'seqLen'],
  ['/training/loraRank', 'loraRank'],
  ['/training/loraTargets', 'loraTargets'],
  ['/training/examples', 'examples'],
  ['/training/tokensPerExample', 'tokensPerExample'],
  ['/training/packing', 'packing'],
  ['/training/padding', 'padding'],
  ['/training', 'tokens'],
  ['/data/size', 'dataSize'],
  ['/data/kind', 'dataKind'],
  ['/data/tokenizer', 'tokenizer'],
  ['/data/uploadMbps', 'uploadMbps'],
  ['/data/checkpointsKept', 'checkpointsKept'],
  ['/data', 'dataKind'],
  ['/hardware/count', 'count'],
  ['/hardware', 'gpu'],
  ['/goal/days', 'days'],
  ['/goal/budget', 'budget'],
  ['/goal/currency', 'currency'],
  ['/goal/usdCny', 'usdCny'],
  ['/goal/sensitiveData', 'sensitiveData'],
  ['/goal/region', 'region'],
  ['/efficiency/measuredTokensPerSecondPerGpu', 'measuredTps'],
  ['/efficiency/measuredGpus', 'measuredGpus'],
  ['/efficiency', 'mfu'],
].sort((a, b) => b[0].length - a[0].length);

export function fieldForPath(path) {
  if (typeof path !== 'string') return null;
  for (const [prefix, field] of PATH_FIELDS) {
    if (path === prefix || path.startsWith(prefix + '/')) return field;
  }
  return null;
}

// A request field the core's messages name by its JSON path ("give training.tokens"), in the
// words of the form: the field's label, quoted ("give “Training tokens”"). A path with no field
// of the form is left as it is.
const DOTTED_PATH = /\b(model|training|hardware|goal|data|efficiency)\.([A-Za-z]+)\b/g;
export function namedFields(message, lang) {
  const { t } = i18n(lang);
  const [open, close] = lang === 'zh' ? ['“', '”'] : ['“', '”'];
  return String(message).replace(DOTTED_PATH, (whole, top, key) => {
    const name = fieldForPath(`/${top}/${key}`);
    const label = name && t(name);
    return label && label !== name ? `${open}${label}${close}` : whole;
  });
}

// example: the placeholder, as people write such values, read as an example ("e.g. 350", "如 350");
// otherwise the placeholder is the core's default for the field (contract.defaults), if it has
// one, read as the default ("default 30", "默认 30"). filled: starts with that default (and fill()
// falls back to it for tokens and for the hidden one of days/count).
const TEXT_FIELDS = {
  params: { inputmode: 'text', example: '7B · 70亿' },
  tokens: { inputmode: 'text', example: '2T · 2万亿', filled: true },
  examples: { inputmode: 'text', example: '52000 · 5.2万' },
  tokensPerExample: { inputmode: 'numeric', example: '350' },
  epochs: { inputmode: 'decimal' },
  loraRank: { inputmode: 'numeric' },
  loraTargets: { inputmode: 'text' },
  seqLen: { inputmode: 'numeric' },
  days: { inputmode: 'decimal', filled: true },
  count: { inputmode: 'numeric', filled: true },
  budget: { inputmode: 'text' },
  mfu: { inputmode: 'decimal' },
  measuredTps: { inputmode: 'decimal', example: '3100' },
  measuredGpus: { inputmode: 'numeric', example: '8' },
  dataSize: { inputmode: 'text', example: '8TB · 8 太字节' },
  uploadMbps: { inputmode: 'text' },
  checkpointsKept: { inputmode: 'numeric' },
  usdCny: { inputmode: 'decimal', wide: true },
};
// The fields a request cannot do without, each where it applies (syncRequired): their labels say
// so before anything is submitted, and the control is aria-required.
const REQUIRED = ['params', 'tokens', 'dataSize', 'examples', 'tokensPerExample', 'count'];
// Selects whose options are catalog ids, not an enum of the contract.
const ID_SELECTS = new Set(['preset', 'gpu']);
// Enum selects that may be left unset: an empty first option (its label `${name}None`) sends nothing.
const OPTIONAL_SELECTS = new Set(['dataKind', 'tokenizer']);

// today(): YYYY-MM-DD in the browser's time zone, sent as goal.asOf (first.js has it: the page's
// first script needs it before this module).
export { today };

export class JobForm {
  /**
   * @param {HTMLElement} container  where the <form> goes
   * @param {{lang: () => string, onInput: () => void, onChange: () => void, onLang: (lang: string) => void}} callbacks
   *   lang: the element's language (the form reads it, never keeps it)
   */
  constructor(container, { lang, onInput, onChange, onLang, onComposing = () => {} }) {
    this.lang = lang;
    this.onInput = onInput;
    this.onComposing = onComposing;
    this.composing = false; // an input method is composing in a field (its text is not the user's yet)
    this.onChange = onChange;
    this.onLang = onLang;
    this.contract = null; // the core's request vocabulary, once setContract() had it
    this.models = [];
    this.gpus = [];
    this.controls = {};
    this.hints = {}; // text field → {value, kind: 'example' | 'default'}: its placeholder, worded in the language
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
    if (opts.example) this.hints[name] = { value: opts.example, kind: 'example' };
    return h('input', {
      type: 'text',
      class: opts.wide ? 'wide' : null,
      inputmode: opts.inputmode,
      autocomplete: 'off',
      spellcheck: 'false',
    });
  }

  /** A text field's placeholder: an example or the default the core uses when it is left empty, said as such. */
  setPlaceholder(name, value, kind) {
    const control = this.controls[name];
    if (!control) return;
    if (value == null || value === '') {
      delete this.hints[name];
      control.placeholder = '';
      return;
    }
    this.hints[name] = { value: String(value), kind };
    control.placeholder = i18n(this.lang()).fmt(kind === 'example' ? 'placeholderExample' : 'placeholderDefault', { x: String(value) });
  }

  /**
   * Which fields are required now (the model's size when no preset or shape gives it, the data in
   * the way it is given, the GPU count when sizing by it): their labels say so, their controls are
   * aria-required.
   */
  syncRequired() {
    const c = this.controls;
    const need = {
      params: c.preset.value === CUSTOM && !this.arch.describesModel,
      tokens: c.dataAsTokens.checked,
      dataSize: c.dataAsSize.checked,
      examples: c.dataAsExamples.checked,
      tokensPerExample: c.dataAsExamples.checked,
      count: c.sizeByCount.checked,
    };
    // The word beside the label (gpu-sizer.css label[data-required]::after), in the language.
    const word = i18n(this.lang()).t('requiredMark');
    for (const name of REQUIRED) {
      const control = c[name];
      const label = control.closest('.field').querySelector(':scope > label');
      if (need[name]) {
        label.setAttribute('data-required', word);
        control.setAttribute('aria-required', 'true');
      } else {
        label.removeAttribute('data-required');
        control.removeAttribute('aria-required');
      }
    }
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

    const dataAs = h(
      'fieldset',
      { class: 'field size-by data-as', 'data-field': 'dataAs' },
      this.label(h('legend'), 'dataAs'),
      h(
        'div',
        { class: 'segmented' },
        h('label', null, (c.dataAsTokens = h('input', { type: 'radio', name: 'dataAs', value: 'tokens', checked: true })), this.label(h('span'), 'dataAs.tokens')),
        h('label', null, (c.dataAsExamples = h('input', { type: 'radio', name: 'dataAs', value: 'examples' })), this.label(h('span'), 'dataAs.examples')),
        h('label', null, (c.dataAsSize = h('input', { type: 'radio', name: 'dataAs', value: 'size' })), this.label(h('span'), 'dataAs.size')),
      ),
    );

    this.generalError = h('p', { class: 'form-error', role: 'alert', hidden: true });
    this.loraTargetList = h('datalist', { id: 'lora-targets' });
    this.arch = new Architecture(this, { onChange: () => this.onChange() });

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
          dataAs,
          this.field('tokens', this.text('tokens')),
          this.field('dataSize', this.text('dataSize'), { hint: true }),
          this.field('examples', this.text('examples')),
          this.field('tokensPerExample', this.text('tokensPerExample')),
          this.field('packing', h('input', { type: 'checkbox' }), { hint: true }),
          this.field('padding', h('select', { class: 'wide' })),
          this.field('epochs', this.text('epochs')),
          this.field('mode', h('select')),
          this.field('loraRank', this.text('loraRank')),
          this.field('loraTargets', this.text('loraTargets'), { hint: true }),
          this.field('precision', h('select')),
          this.field('seqLen', this.text('seqLen')),
          this.arch.element,
          this.loraTargetList,
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
          this.field('measuredTps', this.text('measuredTps'), { hint: true }),
          this.field('measuredGpus', this.text('measuredGpus'), { hint: true }),
          this.field('sensitiveData', h('input', { type: 'checkbox' }), { hint: true }),
          this.field('region', h('select')),
        ),
      ),
      h(
        'fieldset',
        { class: 'group data-group' },
        this.label(h('legend'), 'dataLegend'),
        h(
          'div',
          { class: 'fields' },
          this.field('dataKind', h('select', { class: 'wide' })),
          this.field('tokenizer', h('select', { class: 'wide' })),
          this.field('uploadMbps', this.text('uploadMbps'), { hint: true }),
          this.field('checkpointsKept', this.text('checkpointsKept'), { hint: true }),
          (this.dataNote = h('p', { class: 'data-note', part: 'data-note' })),
        ),
      ),
    );

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.onChange();
    });
    c.loraTargets.setAttribute('list', 'lora-targets');
    form.addEventListener('input', (e) => {
      const t = e.target;
      if (t === c.params) {
        // Typing a parameter count means a custom model, its shape inferred afresh.
        if (c.preset.value !== CUSTOM) c.preset.value = CUSTOM;
        this.arch.sizeTyped();
      }
      if (t === c.hfConfig) this.arch.noteConfigInput();
      else this.arch.noteEdit(t.name);
      // While an input method composes ("1.5" then pinyin on the way to "1.5万亿") nothing is
      // estimated: the text is not the user's yet; it is once the composition ends.
      if (e.isComposing) this.onComposing();
      else if (t.type === 'text' || t === c.hfConfig) this.onInput();
    });
    form.addEventListener('compositionstart', () => {
      this.composing = true;
      this.onComposing();
    });
    form.addEventListener('compositionend', (e) => {
      this.composing = false;
      if (e.target.type === 'text' || e.target === c.hfConfig) this.onInput();
    });
    form.addEventListener('change', (e) => {
      const t = e.target;
      if (t.name === 'lang') return this.onLang(t.value);
      if (t === c.preset) this.applyPreset();
      if (t.name === 'sizeBy') this.syncSizeBy();
      if (t.name === 'dataAs' || t === c.packing) this.syncDataAs();
      if (t === c.mode) this.syncMode();
      if (t.type !== 'text' && t !== c.hfConfig) this.onChange();
    });
    form.addEventListener('change', () => this.syncRequired());
    form.addEventListener('input', () => this.syncRequired());
    this.syncDataAs();
    this.syncMode();
    return form;
  }

  /** Tokens, examples × tokens per example with packing or padding (padding only when unpacked), or the size on disk. */
  syncDataAs() {
    const c = this.controls;
    const byExamples = c.dataAsExamples.checked;
    const bySize = c.dataAsSize.checked;
    c.tokens.closest('.field').hidden = byExamples || bySize;
    c.dataSize.closest('.field').hidden = !bySize;
    for (const name of ['examples', 'tokensPerExample', 'packing']) c[name].closest('.field').hidden = !byExamples;
    c.padding.closest('.field').hidden = !byExamples || c.packing.checked;
  }

  /** The LoRA fields, for the adapter modes only. */
  syncMode() {
    const c = this.controls;
    const adapter = ADAPTER_MODES.includes(c.mode.value);
    for (const name of ['loraRank', 'loraTargets']) c[name].closest('.field').hidden = !adapter;
  }

  syncSizeBy() {
    const byDays = this.controls.sizeByDays.checked;
    this.controls.days.closest('.field').hidden = !byDays;
    this.controls.count.closest('.field').hidden = byDays;
  }

  /** The preset select's model now: its size and shape (the architecture's edits and config go). */
  applyPreset() {
    const c = this.controls;
    const model = this.models.find((m) => m.id === c.preset.value);
    this.arch.choosePreset(model || null);
    if (model) this.setPlaceholder('seqLen', model.seqLen || this.default('seqLen'), 'default');
    this.showParams();
    this.syncRequired();
  }

  /**
   * The size field when the form chose the model: the preset's count, or the core's count of a
   * shape given by fields or a config (the last answer's result.model.params), in the language's
   * compact notation. A typed size is left as typed.
   */
  showParams() {
    const c = this.controls;
    const tr = i18n(this.lang());
    if (this.arch.describesModel) {
      if (typeof this.arch.coreModel?.params === 'number') c.params.value = tr.compact(this.arch.coreModel.params);
      return;
    }
    const model = c.preset.value !== CUSTOM && this.models.find((m) => m.id === c.preset.value);
    if (model) c.params.value = tr.compact(model.params);
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
    for (const name of this.enumNames()) {
      const select = this.controls[name];
      if (!select || select.tagName !== 'SELECT' || ID_SELECTS.has(name)) continue;
      const values = enumValues(contract, name);
      const was = select.value;
      const optional = OPTIONAL_SELECTS.has(name);
      replace(select, optional ? h('option', { value: '' }) : null, values.map((v) => h('option', { value: v }, v)));
      select.value = values.includes(was) ? was : optional ? '' : this.enumDefault(name, was) ?? values[0] ?? '';
    }
    // LoRA targets: the named ones are suggestions; PEFT module names are typed.
    replace(this.loraTargetList, enumValues(contract, 'loraTargets').map((v) => h('option', { value: v })));
    for (const [name, opts] of Object.entries(TEXT_FIELDS)) {
      const control = this.controls[name];
      if (!opts.example && name in contract.defaults) this.setPlaceholder(name, this.default(name), 'default');
      if (first && opts.filled && !control.value) control.value = this.default(name);
    }
    if (!this.hints.loraTargets) this.setPlaceholder('loraTargets', defaultValue(contract, 'loraTargets'), 'default');
    this.localize();
  }

  /** The enums the form may offer: the core's, and those contract.js keeps until the core lists them. */
  enumNames() {
    return [...new Set([...Object.keys(this.contract?.enums || {}), ...Object.keys(ENUM_FALLBACK)])];
  }

  /** value when enum `name` has it, else the default (the core's, else contract.js's). */
  enumDefault(name, value) {
    const values = enumValues(this.contract, name);
    return values.includes(value) ? value : defaultValue(this.contract, name);
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
      this.models.map((m) => h('option', { value: m.id })),
    );
    this.relabel();
    replace(c.gpu, this.gpus.map((g) => h('option', { value: g.id })));
    this.nameOptions();
    // The same model still listed keeps its shape edits and config; another one starts afresh.
    if (preset && (preset === CUSTOM || this.models.some((m) => m.id === preset))) {
      c.preset.value = preset;
      this.showParams();
    } else if (preset) this.setPreset(preset);
    if (gpu) this.setGpu(gpu);
  }

  /** The model and GPU options' names in the element's language (a catalog name may be {en, zh}). */
  nameOptions() {
    const lang = this.lang();
    const c = this.controls;
    for (const option of c.preset.options) {
      const model = option.value !== CUSTOM && this.models.find((m) => m.id === option.value);
      if (model) option.textContent = localText(model.name, lang) || model.id;
    }
    for (const option of c.gpu.options) {
      const g = this.gpus.find((x) => x.id === option.value);
      if (g) option.textContent = `${localText(g.name, lang) || g.id}${g.memoryGiB ? ` · ${g.memoryGiB} GiB` : ''}`;
    }
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

  /** Sizing by GPU count, this many (a point of the scaling chart); false for anything but a positive whole number. */
  setCount(count) {
    if (!Number.isInteger(count) || count <= 0) return false;
    const c = this.controls;
    c.sizeByCount.checked = true;
    c.sizeByDays.checked = false;
    c.count.value = String(count);
    this.syncSizeBy();
    return true;
  }

  /** The catalog's dated exchange rate, shown as the placeholder of the rate field. */
  setFx(fx) {
    const rate = fx && typeof fx.usdCny === 'number' ? fx.usdCny : null;
    this.fx = rate == null ? null : { rate, date: typeof fx.date === 'string' ? fx.date : '' };
    this.setPlaceholder('usdCny', this.fx ? `${this.fx.rate}${this.fx.date ? ` (${this.fx.date})` : ''}` : '', 'default');
  }

  /** Selects cur when the currency list has it (the list is the core's). */
  setCurrency(cur) {
    const select = this.controls.currency;
    if ([...select.options].some((o) => o.value === cur)) select.value = cur;
  }

  /** Puts every text of the form in the element's current language. */
  /**
   * Where the machines must be: anywhere, or a place the core lists (contract.regions) in which
   * some offer lies, by the core's names in the page's language; the choice is kept.
   */
  fillRegions() {
    const select = this.controls.region;
    const lang = this.lang();
    const regions = (this.contract && this.contract.regions) || [];
    const was = select.value;
    const named = (r) => (r.name && typeof r.name === 'object' ? r.name[lang] || r.name.en : r.id) || r.id;
    replace(select, h('option', { value: '' }, i18n(lang).t('regionAnywhere')),
      regions.filter((r) => r.offers > 0 || r.id === was).map((r) => h('option', { value: r.id }, named(r))));
    select.value = [...select.options].some((o) => o.value === was) ? was : '';
  }

  localize() {
    const tr = i18n(this.lang());
    this.checkLang();
    this.fillRegions();
    this.relabel();
    this.nameOptions();
    this.controls.budget.placeholder = tr.t('budgetHint');
    for (const [name, { value, kind }] of Object.entries(this.hints)) this.setPlaceholder(name, value, kind);
    this.syncRequired();
    // Enumerated values with a name in the UI's strings (modes) show it; others (bf16, CNY) are shown as they are.
    for (const name of this.enumNames()) {
      const select = this.controls[name];
      if (!select || select.tagName !== 'SELECT' || ID_SELECTS.has(name)) continue;
      for (const option of select.options) option.textContent = option.value === '' && OPTIONAL_SELECTS.has(name) ? tr.t(`${name}None`) : tr.enumLabel(name, option.value);
    }
    for (const option of this.loraTargetList.options) option.label = tr.enumLabel('loraTargets', option.value);
    this.arch.localize();
    // The preset's (or the core's) parameter count is shown in the language's own compact notation.
    this.showParams();
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
    const base = c.preset.value !== CUSTOM ? { preset: c.preset.value } : v('params') ? { params: v('params') } : {};
    const model = this.arch.model(base);
    const training = {};
    if (c.dataAsExamples.checked) {
      // The dataset as people know it; the core turns it into tokens (and rejects tokens with it).
      if (v('examples')) training.examples = v('examples');
      if (v('tokensPerExample')) training.tokensPerExample = v('tokensPerExample');
      training.packing = c.packing.checked;
      if (!c.packing.checked && c.padding.value) training.padding = c.padding.value;
    } else if (!c.dataAsSize.checked && v('tokens')) training.tokens = v('tokens');
    training.mode = c.mode.value || this.default('mode');
    if (ADAPTER_MODES.includes(training.mode)) {
      if (v('loraRank')) training.loraRank = v('loraRank');
      if (v('loraTargets')) training.loraTargets = v('loraTargets');
    }
    training.precision = c.precision.value || this.default('precision');
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
    if (c.region.value) goal.region = c.region.value;
    goal.asOf = today();
    // The data: always described (the bill prices the checkpoints and weights at least), its
    // size when given as one, its kind, tokenizer, line and checkpoints when chosen.
    const data = {};
    if (c.dataAsSize.checked && v('dataSize')) data.size = v('dataSize');
    if (c.dataKind.value) data.kind = c.dataKind.value;
    if (c.tokenizer.value) data.tokenizer = c.tokenizer.value;
    if (v('uploadMbps')) data.uploadMbps = v('uploadMbps');
    if (v('checkpointsKept')) data.checkpointsKept = v('checkpointsKept');
    const req = { schemaVersion: 1, model, training, data, hardware, goal };
    // The trial week's measurement, on the chosen GPU (the core re-plans every offer with it).
    const efficiency = {};
    if (v('mfu')) efficiency.mfu = v('mfu');
    if (v('measuredTps')) {
      efficiency.measuredTokensPerSecondPerGpu = v('measuredTps');
      if (v('measuredGpus')) efficiency.measuredGpus = v('measuredGpus');
    }
    if (Object.keys(efficiency).length) req.efficiency = efficiency;
    return req;
  }

  /**
   * Fills the form from a request (the shape request() makes). Every value is checked and falls
   * back rather than failing: a model preset or GPU id not in the lists → fallback.preset /
   * fallback.gpu (model.params without a known preset → custom); mode and precision outside the
   * core's lists → the core's defaults (pretrain / bf16); goal.currency outside the core's list →
   * unchanged; numbers and strings (up to 64 characters) go into their fields as written (the core
   * reads them, and shows its error next to a field it cannot read), anything else empties the
   * field; tokens falls back to the core's default (2T). training.examples means the dataset is
   * given as examples (tokensPerExample, packing, padding with it); training.loraTargets as a list
   * is joined with commas. model.hfConfig (an object) and the shape fields (layers, hidden, heads,
   * kvHeads, ffnHidden, vocab, activation) fill the architecture disclosure, and without a preset
   * make the model custom. Fields the request leaves out are
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
    const data = obj(r.data);

    const preset = typeof model.preset === 'string' && model.preset !== CUSTOM ? model.preset : '';
    const params = value(model.params);
    // A config or a shape without a preset describes a model of its own (custom).
    const ownShape = !preset && (obj(model.hfConfig) === model.hfConfig || SHAPE_KEYS.some((k) => k in model));
    if (!(preset && this.setPreset(preset))) {
      if (params || ownShape) {
        this.setPreset(CUSTOM);
        c.params.value = params;
      } else if (!this.setPreset(fallback.preset)) {
        this.setPreset(CUSTOM);
        c.params.value = '';
      }
    }
    this.arch.fill(model);
    const examples = value(training.examples);
    const size = value(data.size);
    // A size without tokens or examples is the data given by its size.
    const bySize = !!size && !examples && !value(training.tokens);
    c.dataAsExamples.checked = !!examples;
    c.dataAsSize.checked = bySize;
    c.dataAsTokens.checked = !examples && !bySize;
    c.tokens.value = value(training.tokens) || this.default('tokens');
    c.dataSize.value = size;
    c.dataKind.value = pick(this.contract, 'dataKind', data.kind) ?? '';
    c.tokenizer.value = pick(this.contract, 'tokenizer', data.tokenizer) ?? '';
    c.uploadMbps.value = value(data.uploadMbps);
    c.checkpointsKept.value = value(data.checkpointsKept);
    c.examples.value = examples;
    c.tokensPerExample.value = value(training.tokensPerExample);
    c.packing.checked = training.packing === true;
    c.padding.value = this.enumDefault('padding', training.padding) ?? '';
    this.syncDataAs();
    c.epochs.value = value(training.epochs);
    c.seqLen.value = value(training.seqLen);
    c.mode.value = pick(this.contract, 'mode', training.mode) ?? '';
    c.loraRank.value = value(training.loraRank);
    c.loraTargets.value = Array.isArray(training.loraTargets)
      ? value(training.loraTargets.filter((x) => typeof x === 'string').join(','))
      : value(training.loraTargets);
    this.syncMode();
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
    // A region the list lacks (a name the core reads, "常州") is kept as an option of its own.
    const region = typeof goal.region === 'string' ? goal.region : '';
    if (region && ![...c.region.options].some((o) => o.value === region)) c.region.append(h('option', { value: region }, region));
    c.region.value = region;
    c.mfu.value = value(efficiency.mfu);
    c.measuredTps.value = value(efficiency.measuredTokensPerSecondPerGpu);
    c.measuredGpus.value = value(efficiency.measuredGpus);
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
    const message = namedFields(i18n(this.lang()).errorMessage(error), this.lang());
    const name = fieldForPath(error?.path);
    const control = name && this.controls[name];
    const field = control && control.closest('.field');
    if (field && !field.closest('[hidden]')) {
      // A field inside the architecture disclosure: opened to show it.
      const details = field.closest('details');
      if (details && !details.open) details.open = true;
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
    const training = result.training || {};
    // The sequence length asked for (maxSeqLen when unpacked examples were padded to less).
    const seq = typeof training.maxSeqLen === 'number' ? training.maxSeqLen : training.seqLen;
    if (typeof seq === 'number') this.setPlaceholder('seqLen', seq, 'default');
    if (typeof training.loraRank === 'number') this.setPlaceholder('loraRank', training.loraRank, 'default');
    if (typeof training.loraTargets === 'string') this.setPlaceholder('loraTargets', training.loraTargets, 'default');
    this.showData(result.data, tr);
    // The architecture the core used, unless the form has moved on since this request was sent.
    const sent = response?.request?.model;
    const current = JSON.stringify(this.request().model) === JSON.stringify(sent);
    this.arch.update(result, sent, current);
    if (current) this.showParams();
  }

  /**
   * The core's conversion, both ways: the tokens as bytes on disk (data.kind given), or a size as
   * tokens, with the figure used and its source; then what is stored in all. Every number is the
   * core's (result.data); the words are the message table's.
   */
  showData(d, tr) {
    const note = this.dataNote;
    if (!d || typeof d !== 'object' || d.described !== true) return replace(note);
    const isNum = (x) => typeof x === 'number' && Number.isFinite(x);
    const bpt = d.bytesPerToken && typeof d.bytesPerToken === 'object' ? d.bytesPerToken : null;
    const vars = {
      size: tr.bytes(d.sizeBytes),
      tokens: tr.compact(d.tokens),
      implied: tr.compact(d.impliedTokens),
      kind: d.kind ? tr.enumLabel('dataKind', d.kind) : '',
      tokenizer: tr.enumLabel('tokenizer', d.tokenizer),
      bpt: bpt && isNum(bpt.value) ? tr.sig(bpt.value, 4) : '',
    };
    let line = '';
    if (isNum(d.sizeBytes) && d.sizeSource === 'tokens') line = tr.fmt('dataFromTokens', vars);
    else if (isNum(d.sizeBytes) && d.tokensSource === 'size') line = tr.fmt('dataFromSize', vars);
    else if (isNum(d.sizeBytes) && isNum(d.impliedTokens)) line = tr.fmt('dataBoth', vars);
    else if (isNum(d.sizeBytes)) line = tr.fmt('dataSizeOnly', vars);
    else line = tr.t('dataUnknown');
    const stored = isNum(d.storedBytes)
      ? tr.fmt('dataStored', { stored: tr.bytes(d.storedBytes), kept: tr.int(d.checkpointsKept), checkpoint: tr.bytes(d.checkpointBytes) })
      : '';
    // The figure's source is a citation, kept as published (often English): marked up as one.
    const cite = bpt && bpt.source ? h('cite', null, `${bpt.source}, ${bpt.date}`) : null;
    replace(
      note,
      h('span', { class: 'data-line' }, line),
      stored ? h('span', { class: 'data-stored' }, stored) : null,
      cite ? h('span', { class: 'data-source dim' }, tr.t('dataSource'), tr.colon, cite) : null,
    );
  }

  /** An error in the form the page can tell without the core (a config that is not JSON), else null. */
  localError() {
    return this.arch.localError();
  }
}
