// The provider kit (provider.html): a provider's offers, typed in a form or imported from a price
// list, made into a catalog by the core, checked and compared with the market by the core, previewed
// in <gpu-sizer>, and handed out as catalog.json with the snippets that embed the calculator.
//
// The page's state is a table: rows of cells keyed by the price list's column names (the core's
// contract.enums.priceListColumn). Every change writes that table as CSV and sends it through
// engine.catalogFromCsv, the import the CLI uses, so the page and `gpusizer catalog import` judge
// a row alike; the answer's errors (/rows/<row>/<column>) and warnings (prices far from the market)
// are shown beside the row and, for the row being edited, beside its field. Rows are numbered as in
// the CSV the page writes (and downloads): the header is row 1. The page computes nothing: it lays
// out the core's answers and the user's own text. The element's snippet loads gpu-sizer-loader.js
// and carries, inside <noscript>, the catalog's price table (sizer/fallback.js, the table the
// element itself shows without WebAssembly) as static HTML.
import * as engine from './sizer/engine.js';
import './sizer/lang-ready.js';
import { i18n, normalizeLang, defaultLang, langName, LANGS, localText, localCurrency, loadKitStrings } from './sizer/i18n.js';
import { readContract } from './sizer/contract.js';
import { h, replace } from './sizer/dom.js';
import { fallbackBlock } from './sizer/fallback.js';
import { quotedField } from './sizer/csv.js';

// The columns the form edits, in its order (each one of the core's price list columns).
const FORM = [
  { legend: 'kitOfferLegend', columns: ['provider', 'provider.zh', 'id', 'deployment', 'region', 'gpu', 'gpusPerUnit', 'unitsAvailable'] },
  { legend: 'kitPricesLegend', columns: ['currency', 'hour', 'day', 'month', 'year'] },
  { legend: 'kitTermLegend', columns: ['minTermHours', 'depositMonths', 'setupFee', 'isolation'] },
  { legend: 'kitNetworkLegend', columns: ['intraUnit', 'interUnit', 'interUnitGBpsPerGpu', 'priceDate'] },
];
const FORM_COLUMNS = FORM.flatMap((g) => g.columns);
// Columns shown as choices: the contract's enum of the same name (gpu: the catalog's GPUs).
const CHOICES = ['deployment', 'currency', 'isolation', 'intraUnit', 'interUnit'];
const REQUIRED = new Set(['provider', 'gpu', 'currency']);
const PRICES = ['hour', 'day', 'month', 'year'];
// An example row for the template: the made-up provider of the embedding demo.
const TEMPLATE_ROW = {
  provider: 'Example GPU Cloud', gpu: 'h100-80gb', gpusPerUnit: '8', unitsAvailable: '4', currency: 'CNY', hour: '168',
  month: '86,000', minTermHours: '0', isolation: 'private', intraUnit: 'nvlink', interUnit: 'infiniband',
  interUnitGBpsPerGpu: '50', priceDate: '2026-11-01',
};
const DEBOUNCE_MS = 200;

const $ = (id) => document.getElementById(id);
const sizer = $('kit-sizer');

const state = {
  lang: normalizeLang(new URLSearchParams(location.search).get('lang')) || defaultLang(),
  defaults: null, // the default catalog (GPUs, contract)
  contract: null,
  columns: [], // the core's price list columns, in its order
  rows: [], // [{cells: {column: text}}]
  selected: -1, // the row being edited (index into rows), -1 for none
  answer: null, // the core's answer for the rows as they are
  catalog: null, // the last valid catalog
  rule: '', // the market rule, as the core states it
  importNote: null, // {ok, count, message, warnings}
  seq: 0,
  timer: 0,
};
// The kit's own strings, in the page's language, before anything is shown (their own module).
const kitReady = new Set([state.lang]);
await loadKitStrings(state.lang).catch(() => {});

let t = i18n(state.lang).t;
let fmt = i18n(state.lang).fmt;

// ---- the table as CSV -------------------------------------------------------------------

/** The columns written: the form's, then any other the rows use, in the core's order. */
function usedColumns(rows) {
  const used = new Set(FORM_COLUMNS);
  for (const r of rows) for (const [c, v] of Object.entries(r.cells)) if (v) used.add(c);
  return state.columns.filter((c) => used.has(c));
}

// Quoted, and never a formula in a spreadsheet (sizer/csv.js: the export's rule; the core's reader
// takes the guard off again, so the download imports as it was typed).
const quote = quotedField;

/** The rows as CSV text: a header of column names, then one line per row. */
function toCsv(rows = state.rows) {
  const columns = usedColumns(rows);
  return [columns.map(quote).join(','), ...rows.map((r) => columns.map((c) => quote(r.cells[c])).join(','))].join('\n') + '\n';
}

const rowNumber = (index) => index + 2;

// ---- asking the core --------------------------------------------------------------------

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(rebuild, DEBOUNCE_MS);
}

async function rebuild() {
  clearTimeout(state.timer);
  const seq = ++state.seq;
  if (state.rows.length === 0) {
    state.answer = null;
    render();
    return;
  }
  const answer = await engine.catalogFromCsv(toCsv(), state.lang);
  if (seq !== state.seq) return; // a newer edit is on its way
  state.answer = answer;
  if (answer.ok) {
    state.catalog = answer.catalog;
    if (answer.market && typeof answer.market.rule === 'string') state.rule = answer.market.rule;
    const text = JSON.stringify(answer.catalog);
    if (JSON.stringify(sizer.catalog) !== text) {
      const currency = answer.catalog.offers?.[0]?.currency;
      if (typeof currency === 'string') sizer.setAttribute('currency', currency);
      sizer.catalog = JSON.parse(text);
    }
  }
  render();
}

/** Errors and warnings of the last answer by row number: {errors: [{column, message}], flags: [...]}. */
function findings() {
  const byRow = new Map();
  const at = (row) => {
    if (!byRow.has(row)) byRow.set(row, { errors: [], flags: [] });
    return byRow.get(row);
  };
  const a = state.answer;
  if (!a) return byRow;
  for (const e of a.ok ? [] : a.errors || []) {
    if (typeof e.row === 'number') at(e.row).errors.push({ column: e.column || null, message: String(e.message || '') });
  }
  for (const w of a.warnings || []) {
    const m = /^\/rows\/(\d+)(?:\/(.+))?$/.exec(String(w.path || ''));
    if (!m || m[1] === '1') continue; // the header's notes are the import's
    at(Number(m[1])).flags.push({ column: m[2] || null, message: String(w.message || ''), code: w.code });
  }
  return byRow;
}

// ---- rendering --------------------------------------------------------------------------

function enumLabel(name, value) {
  const key = `kitEnum.${name}.${value}`;
  const s = t(key);
  return s === key ? value : s;
}

/** A value of the price list by its label in the page's message table (isolation.private → "Private"), else as typed. */
function word(name, value) {
  if (!value) return '';
  const known = (state.contract?.enums?.[name === 'link' ? 'interUnit' : name] || []).concat(state.contract?.enums?.intraUnit || []);
  return known.includes(value) ? i18n(state.lang).enumLabel(name, value) : value;
}

/** A row's GPU by its name: the GPU the core read the cell as (its id, a name, an alias), else the cell as typed. */
function gpuOfRow(row, typed) {
  const a = state.answer;
  const at = a?.ok && Array.isArray(a.offerRows) ? a.offerRows.indexOf(row) : -1;
  const id = at >= 0 ? a.catalog.offers[at]?.gpu : typed;
  const gpu = (state.defaults?.gpus || []).find((g) => g.id === id);
  return gpu ? localText(gpu.name, state.lang) || id : typed;
}

function columnLabel(column) {
  return t(`kitField.${column}`);
}

function renderStatic() {
  document.documentElement.lang = state.lang === 'zh' ? 'zh-CN' : state.lang;
  document.title = `gpusizer — ${t('kitTitle')}`;
  $('kit-title').textContent = t('kitTitle');
  $('kit-intro').textContent = t('kitIntro');
  $('kit-back').textContent = t('kitBack');
  $('kit-import-heading').textContent = t('kitImportHeading');
  $('kit-import-hint').textContent = t('kitImportHint');
  replace($('kit-columns'), state.columns.map((c, i) => [i ? ' ' : '', h('code', null, c)]));
  $('kit-csv-label').textContent = t('kitImportPaste');
  $('kit-csv-file-label').textContent = t('kitImportFile');
  $('kit-import-button').textContent = t('kitImportButton');
  $('kit-template').textContent = t('kitTemplate');
  $('kit-offers-heading').textContent = t('kitOffersHeading');
  $('kit-table-caption').textContent = t('kitOffersCaption');
  $('kit-add').textContent = t('kitAddOffer');
  $('kit-download-csv').textContent = t('kitDownloadCsv');
  $('kit-form-done').textContent = t('kitFormDone');
  $('kit-catalog-heading').textContent = t('kitCatalogHeading');
  $('kit-catalog-hint').textContent = t('kitCatalogHint');
  $('kit-rule-summary').textContent = t('kitMarketRule');
  $('kit-download').textContent = t('kitDownload');
  $('kit-json-summary').textContent = t('kitCatalogJson');
  $('kit-snippets-heading').textContent = t('kitSnippetsHeading');
  $('kit-folder-label').textContent = t('kitSiteFolder');
  $('kit-catalog-url-label').textContent = t('kitCatalogUrl');
  $('kit-theme-label').textContent = t('kitTheme');
  $('kit-accent-label').textContent = t('kitAccent');
  $('kit-cta-href-label').textContent = t('kitCtaHref');
  $('kit-cta-label-label').textContent = t('kitCtaLabel');
  $('kit-cta-label').placeholder = t('ctaDefault');
  $('kit-cta-hint').textContent = t('kitCtaHint');
  $('kit-element-loader').textContent = t('kitElementLoader');
  const theme = $('kit-theme');
  const chosen = theme.value || 'light';
  replace(theme, ['light', 'dark'].map((v) => h('option', { value: v, selected: v === chosen }, t(`kitTheme.${v}`))));
  $('kit-element-heading').textContent = t('kitElementSnippet');
  $('kit-frame-heading').textContent = t('kitFrameSnippet');
  $('kit-copy-element').textContent = t('kitCopy');
  $('kit-copy-frame').textContent = t('kitCopy');
  $('kit-element-csp').textContent = t('kitElementCsp');
  $('kit-frame-csp').textContent = t('kitFrameCsp');
  $('kit-frame-listener').textContent = t('kitFrameListener');
  $('kit-preview-heading').textContent = t('kitPreviewHeading');
  $('kit-preview-note').textContent = t('kitPreviewNote');
  const langBox = $('kit-lang');
  langBox.setAttribute('aria-label', t('languageLegend'));
  replace(langBox, LANGS.map((l) => h('button', { type: 'button', class: 'kit-lang-button', lang: l, 'data-lang': l, 'aria-pressed': String(l === state.lang) }, langName(l))));
  buildForm();
}

function renderImportNote() {
  const box = $('kit-import-status');
  const note = state.importNote;
  if (!note) return replace(box);
  replace(
    box,
    h('p', { class: note.ok ? 'ok' : 'error' }, note.ok ? fmt(note.count === 1 ? 'kitImportedOne' : 'kitImported', { count: note.count }) : t('kitImportFailed') + note.message),
    note.warnings.length ? h('ul', { class: 'kit-notes' }, note.warnings.map((w) => h('li', null, w))) : null,
  );
}

const cellText = (cells, c) => (cells[c] == null ? '' : String(cells[c]));

function pricesText(cells) {
  const parts = PRICES.filter((p) => cellText(cells, p)).map((p) => `${columnLabel(p)} ${cellText(cells, p)}`);
  if (!parts.length) return '—';
  return `${parts.join(' · ')} ${cellText(cells, 'currency')}`.trim();
}

const HEADS = ['row', 'provider', 'gpu', 'unit', 'units', 'prices', 'term', 'isolation', 'network', 'date', 'check', 'actions'];
const NUMERIC = new Set(['unit', 'units', 'term']);
// Each row's elements, made once and updated in place: a re-render while the user clicks a row's
// button (typing, then clicking "Edit" on another row) must not replace the button under the click.
const rowParts = [];

function partsOf(i) {
  if (!rowParts[i]) {
    const th = h('th', { scope: 'row' });
    const tds = HEADS.slice(1, 10).map((k) => h('td', { class: NUMERIC.has(k) ? 'num' : null }));
    const badge = h('span');
    const edit = h('button', { type: 'button', class: 'kit-small', 'data-action': 'edit' });
    const remove = h('button', { type: 'button', class: 'kit-small', 'data-action': 'remove' });
    const tr = h('tr', null, th, tds, h('td', null, badge), h('td', { class: 'actions' }, edit, remove));
    const list = h('ul');
    const findings = h('tr', { class: 'kit-findings' }, h('td', { colspan: HEADS.length }, list));
    rowParts[i] = { tr, th, tds, badge, edit, remove, findings, list };
  }
  return rowParts[i];
}

function renderTable(found) {
  const table = $('kit-table');
  if (!table.tHead.rows.length || table.tHead.dataset.lang !== state.lang) {
    replace(table.tHead, h('tr', null, HEADS.map((k) => h('th', { scope: 'col' }, t(`kitCol.${k}`)))));
    table.tHead.dataset.lang = state.lang;
  }
  const nodes = [];
  rowParts.length = Math.min(rowParts.length, state.rows.length);
  state.rows.forEach((r, i) => {
    const n = rowNumber(i);
    const f = found.get(n) || { errors: [], flags: [] };
    const kind = f.errors.length ? 'error' : f.flags.length ? 'flag' : 'ok';
    const c = r.cells;
    const p = partsOf(i);
    // Values by their words in the page's language (the link and isolation labels, the GPU's name
    // as the core read the cell); a value the core did not take is shown as typed.
    const network = [word('link', cellText(c, 'intraUnit')), word('link', cellText(c, 'interUnit')), cellText(c, 'interUnitGBpsPerGpu') && `${cellText(c, 'interUnitGBpsPerGpu')} GB/s`].filter(Boolean).join(' · ');
    const texts = [
      [cellText(c, 'provider'), cellText(c, 'provider.zh')].filter(Boolean).join(' / '),
      gpuOfRow(n, cellText(c, 'gpu')), cellText(c, 'gpusPerUnit'), cellText(c, 'unitsAvailable'), pricesText(c),
      cellText(c, 'minTermHours'), word('isolation', cellText(c, 'isolation')), network, cellText(c, 'priceDate'),
    ];
    p.tr.dataset.row = String(n);
    p.tr.dataset.check = kind;
    p.tr.classList.toggle('selected', i === state.selected);
    p.th.textContent = String(n);
    texts.forEach((text, k) => {
      if (p.tds[k].textContent !== text) p.tds[k].textContent = text;
    });
    p.badge.className = `kit-badge ${kind}`;
    p.badge.textContent = t(kind === 'error' ? 'kitCheckError' : kind === 'flag' ? 'kitCheckFlag' : 'kitCheckOk');
    for (const [button, label, aria] of [[p.edit, 'kitEdit', 'kitEditRow'], [p.remove, 'kitRemove', 'kitRemoveRow']]) {
      button.dataset.index = String(i);
      button.textContent = t(label);
      button.setAttribute('aria-label', fmt(aria, { row: n }));
    }
    nodes.push(p.tr);
    if (f.errors.length || f.flags.length) {
      p.findings.dataset.findingsFor = String(n);
      replace(p.list,
        f.errors.map((e) => h('li', { class: 'error', 'data-column': e.column }, e.message)),
        f.flags.map((w) => h('li', { class: 'flag', 'data-column': w.column, 'data-code': w.code }, w.message)));
      nodes.push(p.findings);
    }
  });
  const body = table.tBodies[0];
  const now = [...body.children];
  if (now.length !== nodes.length || now.some((node, k) => node !== nodes[k])) body.replaceChildren(...nodes);
  table.hidden = state.rows.length === 0;
  $('kit-empty').textContent = state.rows.length ? '' : t('kitOffersEmpty');
}

function renderSummary() {
  const a = state.answer;
  const box = $('kit-summary');
  if (!a || !state.rows.length) return replace(box);
  if (a.ok) return replace(box, h('span', { class: 'ok' }, fmt(a.catalog.offers.length === 1 ? 'kitSummaryOkOne' : 'kitSummaryOk', { count: a.catalog.offers.length })));
  const rows = new Set((a.errors || []).map((e) => e.row).filter((r) => typeof r === 'number'));
  // An error without a row (the whole list): the core's message itself.
  if (!rows.size) return replace(box, h('span', { class: 'error' }, String(a.error?.message || '')));
  const count = Math.max(Number(a.errorCount) || 0, rows.size);
  replace(box, h('span', { class: 'error' }, fmt(count === 1 ? 'kitSummaryErrorsOne' : 'kitSummaryErrors', { count })));
}

function renderCatalog() {
  const json = state.catalog ? `${JSON.stringify(state.catalog, null, 2)}\n` : '';
  $('kit-json').textContent = json || t('kitCatalogNone');
  $('kit-download').disabled = !state.catalog;
  $('kit-rule-text').textContent = state.rule;
  $('kit-rule').hidden = !state.rule;
}

const escAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function snippetValues() {
  let folder = $('kit-folder').value.trim() || '/';
  if (!folder.endsWith('/')) folder += '/';
  const catalogUrl = $('kit-catalog-url').value.trim() || `${folder}catalog.json`;
  const first = state.catalog?.offers?.[0];
  const currency = first && typeof first.currency === 'string' ? first.currency : localCurrency(state.lang);
  const accent = $('kit-accent').value.trim();
  const dark = $('kit-theme').value === 'dark';
  const theme = [dark ? 'dark' : '', /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent) ? (accent.startsWith('#') ? accent : `#${accent}`) : '']
    .filter(Boolean).join(',');
  const ctaHrefTyped = $('kit-cta-href').value.trim();
  const ctaHref = ctaHrefOk(ctaHrefTyped) ? ctaHrefTyped : '';
  const ctaLabel = $('kit-cta-label').value.trim();
  return { folder, catalogUrl, currency, theme, dark, ctaHref, ctaHrefTyped, ctaLabel };
}

/** An http, https or relative URL (the element's rule for cta-href). */
function ctaHrefOk(value) {
  if (!value) return false;
  try {
    return /^https?:$/.test(new URL(value, location.href).protocol);
  } catch {
    return false;
  }
}

/**
 * The catalog's price table for the snippet's <noscript>, as static HTML: the element's own
 * fallback (sizer/fallback.js; GPUs by their names in the default catalog), serialized (the
 * browser escapes every text), a row per line.
 */
function noscriptTable() {
  if (!state.catalog) return '';
  const block = fallbackBlock(state.catalog, state.lang, 'fallback.noScript', state.defaults?.gpus);
  block.removeAttribute('part');
  return block.outerHTML.replace(/<(tr|\/tbody|p|table|caption|thead|tbody)\b/g, '\n$&').replace(/^\n/, '');
}

function renderSnippets() {
  const { folder, catalogUrl, currency, theme, dark, ctaHref, ctaHrefTyped, ctaLabel } = snippetValues();
  const attrs = [`lang="${state.lang}"`, `currency="${escAttr(currency)}"`, `catalog-src="${escAttr(catalogUrl)}"`];
  if (dark) attrs.push('theme="dark"');
  if (ctaHref) attrs.push(`cta-href="${escAttr(ctaHref)}"`);
  if (ctaLabel) attrs.push(`cta-label="${escAttr(ctaLabel)}"`);
  const table = noscriptTable();
  $('kit-element-snippet').value =
    `<script type="module" src="${escAttr(`${folder}gpu-sizer-loader.js`)}"></script>\n` +
    `<gpu-sizer ${attrs.join(' ')}>` +
    (table ? `\n<noscript>\n${table}\n</noscript>\n` : '') +
    `</gpu-sizer>\n`;
  $('kit-cta-href-error').textContent = ctaHrefTyped && !ctaHref ? t('kitCtaHrefBad') : '';
  // The preview follows: the theme and the call to action as the snippet sets them.
  for (const [name, value] of [['theme', dark ? 'dark' : null], ['cta-href', ctaHref || null], ['cta-label', ctaLabel || null]]) {
    if (sizer.getAttribute(name) !== value) {
      if (value == null) sizer.removeAttribute(name);
      else sizer.setAttribute(name, value);
    }
  }
  const query = new URLSearchParams({ lang: state.lang, currency, catalog: catalogUrl });
  if (theme) query.set('theme', theme);
  $('kit-frame-snippet').value =
    `<iframe id="gpusizer" src="${escAttr(`${folder}embed.html?${query}`)}" title="${escAttr(t('kitFrameTitle'))}"\n` +
    `        style="width:100%;height:1600px;border:0" loading="lazy"></iframe>\n`;
}

function render() {
  const found = findings();
  renderImportNote();
  renderTable(found);
  renderSummary();
  renderForm(found);
  renderCatalog();
  renderSnippets();
}

// ---- the form of one row ----------------------------------------------------------------

function buildForm() {
  const box = $('kit-fields');
  const gpus = (state.defaults?.gpus || []).map((g) => ({ value: g.id, label: `${localText(g.name, state.lang) || g.id} (${g.id})` }));
  const groups = FORM.map((g) =>
    h('fieldset', { class: 'kit-fieldset' },
      h('legend', null, t(g.legend)),
      g.columns.map((c) => {
        const id = `kit-f-${c.replace('.', '-')}`;
        let control;
        if (c === 'gpu' || CHOICES.includes(c)) {
          const values = c === 'gpu' ? gpus : (state.contract?.enums?.[c] || []).map((v) => ({ value: v, label: enumLabel(c, v) }));
          const blank = REQUIRED.has(c) ? [] : [{ value: '', label: `— ${t('kitNotStated')}` }];
          control = h('select', { id, name: c, 'data-column': c }, [...blank, ...values].map((o) => h('option', { value: o.value }, o.label)));
        } else {
          control = h('input', { id, name: c, type: 'text', 'data-column': c, autocomplete: 'off', spellcheck: 'false' });
        }
        const hintKey = `kitHint.${c}`;
        const hint = t(hintKey) !== hintKey ? h('p', { class: 'kit-field-hint', id: `${id}-hint` }, t(hintKey)) : null;
        control.setAttribute('aria-describedby', [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' '));
        return h('div', { class: 'kit-field', 'data-field': c },
          h('label', { for: id }, columnLabel(c)),
          control,
          hint,
          h('p', { class: 'kit-field-error', id: `${id}-error` }));
      })));
  replace(box, groups);
  fillForm();
}

/** The selected row's cells into the form's controls. */
function fillForm() {
  const row = state.rows[state.selected];
  if (!row) return;
  for (const control of $('kit-fields').querySelectorAll('[data-column]')) {
    const value = cellText(row.cells, control.dataset.column);
    if (control.tagName === 'SELECT' && value && ![...control.options].some((o) => o.value === value)) {
      control.append(h('option', { value, 'data-typed': '' }, value)); // as typed: the check says why not
    }
    control.value = value;
  }
}

function renderForm(found) {
  const form = $('kit-form');
  const row = state.rows[state.selected];
  form.hidden = !row;
  if (!row) return;
  const n = rowNumber(state.selected);
  $('kit-form-heading').textContent = fmt('kitFormHeading', { row: n });
  const f = found.get(n) || { errors: [], flags: [] };
  for (const field of $('kit-fields').querySelectorAll('.kit-field')) {
    const c = field.dataset.field;
    const control = field.querySelector('[data-column]');
    const error = f.errors.find((e) => e.column === c);
    const flag = f.flags.find((w) => w.column === c);
    const slot = field.querySelector('.kit-field-error');
    slot.textContent = error ? error.message : flag ? flag.message : '';
    slot.className = `kit-field-error${error ? ' error' : flag ? ' flag' : ''}`;
    if (error) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
  // Errors of the row itself, or of a column the form does not show.
  const others = [...f.errors.filter((e) => !e.column || !FORM_COLUMNS.includes(e.column)), ...f.flags.filter((w) => !w.column || !FORM_COLUMNS.includes(w.column))];
  replace($('kit-form-errors'), others.map((e) => h('li', null, e.message)));
}

function select(index) {
  state.selected = index;
  fillForm();
  render();
  if (index >= 0) $('kit-form-heading').focus();
}

function addRow() {
  const last = state.rows[state.rows.length - 1]?.cells || {};
  const cells = {
    provider: last.provider || '',
    'provider.zh': last['provider.zh'] || '',
    gpu: last.gpu || state.contract?.defaults?.gpu || '',
    gpusPerUnit: last.gpusPerUnit || '8',
    currency: last.currency || localCurrency(state.lang) || '',
    isolation: last.isolation || '',
    intraUnit: last.intraUnit || '',
    interUnit: last.interUnit || '',
    interUnitGBpsPerGpu: last.interUnitGBpsPerGpu || '',
    priceDate: last.priceDate || '',
  };
  state.rows.push({ cells });
  select(state.rows.length - 1);
  rebuild();
}

// ---- import, downloads, copying ---------------------------------------------------------

/** A price list pasted (text) or chosen (the file's bytes, which the core reads: it refuses any that are not UTF-8). */
async function importText(text) {
  const bytes = text instanceof Uint8Array;
  if (bytes ? text.length === 0 : !text.trim()) {
    state.importNote = { ok: false, count: 0, message: t('kitImportEmpty'), warnings: [] };
    return render();
  }
  const answer = await engine.catalogFromCsv(text, state.lang);
  const table = answer.table;
  if (!table || !Array.isArray(table.rows)) {
    state.importNote = { ok: false, count: 0, message: String(answer.error?.message || ''), warnings: [] };
    return render();
  }
  // The file as text, now that the core has read it as UTF-8.
  if (bytes) $('kit-csv').value = new TextDecoder().decode(text);
  const names = Array.isArray(table.names) ? table.names : [];
  state.rows = table.rows.map((r) => {
    const cells = {};
    names.forEach((name, i) => {
      if (typeof name === 'string' && typeof r.cells?.[i] === 'string') cells[name] = r.cells[i];
    });
    return { cells };
  });
  // What the header said (unknown columns and the like), kept beside the import.
  const headerNotes = [...(answer.warnings || []), ...(answer.ok ? [] : answer.errors || [])]
    .filter((w) => /^\/rows\/1(\/|$)/.test(String(w.path || '')))
    .map((w) => String(w.message || ''));
  state.importNote = { ok: true, count: state.rows.length, message: '', warnings: headerNotes };
  state.selected = -1;
  await rebuild();
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function copy(textarea, status) {
  const done = (key) => {
    status.textContent = t(key);
  };
  try {
    await navigator.clipboard.writeText(textarea.value);
    done('kitCopied');
  } catch {
    textarea.focus();
    textarea.select();
    done('kitCopyManual');
  }
}

function setLang(lang) {
  if (!lang || lang === state.lang) return;
  if (!kitReady.has(lang)) {
    // its strings first (their own modules)
    loadKitStrings(lang).then(() => {
      kitReady.add(lang);
      setLang(lang);
    }, () => {});
    return;
  }
  state.lang = lang;
  ({ t, fmt } = i18n(lang));
  sizer.setAttribute('lang', lang);
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(history.state, '', url);
  renderStatic();
  rebuild(); // the core's messages in the new language
}

function wire() {
  $('kit-lang').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-lang]');
    if (b) setLang(b.dataset.lang);
  });
  $('kit-import-button').addEventListener('click', () => importText($('kit-csv').value));
  $('kit-csv-file').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    importText(new Uint8Array(await file.arrayBuffer()));
  });
  $('kit-template').addEventListener('click', () => {
    download('gpusizer-prices.csv', `\ufeff${toCsv([{ cells: TEMPLATE_ROW }])}`, 'text/csv;charset=utf-8');
  });
  $('kit-download-csv').addEventListener('click', () => download('gpusizer-prices.csv', `\ufeff${toCsv()}`, 'text/csv;charset=utf-8'));
  $('kit-download').addEventListener('click', () => {
    if (state.catalog) download('catalog.json', `${JSON.stringify(state.catalog, null, 2)}\n`, 'application/json');
  });
  $('kit-add').addEventListener('click', addRow);
  $('kit-table').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-action]');
    if (!b) return;
    const i = Number(b.dataset.index);
    if (b.dataset.action === 'edit') select(i);
    if (b.dataset.action === 'remove') {
      state.rows.splice(i, 1);
      if (state.selected === i) state.selected = -1;
      else if (state.selected > i) state.selected -= 1;
      render();
      rebuild();
    }
  });
  const edited = (e) => {
    const c = e.target.dataset?.column;
    const row = state.rows[state.selected];
    if (!c || !row) return;
    row.cells[c] = e.target.value;
    renderTable(findings()); // the row as typed at once; its check follows
    schedule();
  };
  $('kit-fields').addEventListener('input', edited);
  $('kit-fields').addEventListener('change', edited);
  $('kit-form-done').addEventListener('click', () => select(-1));
  $('kit-form').addEventListener('submit', (e) => e.preventDefault());
  for (const id of ['kit-folder', 'kit-catalog-url', 'kit-theme', 'kit-accent', 'kit-cta-href', 'kit-cta-label']) $(id).addEventListener('input', renderSnippets);
  $('kit-theme').addEventListener('change', renderSnippets);
  $('kit-copy-element').addEventListener('click', () => copy($('kit-element-snippet'), $('kit-copy-element-status')));
  $('kit-copy-frame').addEventListener('click', () => copy($('kit-frame-snippet'), $('kit-copy-frame-status')));
  // The preview's call to action stays on this page: what it would do on the provider's is said.
  sizer.addEventListener('gpusizer-quote', (e) => {
    e.preventDefault();
    const href = e.detail?.href;
    $('kit-quote-status').textContent = href ? fmt('kitQuoteLink', { url: href }) : t('kitQuoteEvent');
  });
}

async function start() {
  sizer.setAttribute('lang', state.lang);
  import('./gpu-sizer.js'); // the preview's element, defined once its language is set
  try {
    state.defaults = await engine.catalog();
  } catch {
    $('kit-intro').textContent = t('loadFailed');
    return;
  }
  state.contract = readContract(state.defaults);
  state.columns = state.contract.enums.priceListColumn || FORM_COLUMNS;
  const folder = new URL('.', location.href).pathname;
  $('kit-folder').value = folder;
  $('kit-catalog-url').value = `${folder}catalog.json`;
  wire();
  renderStatic();
  render();
  $('kit').hidden = false;
}

start();

// ---- offline support after the first visit (as index.html) ----
if ('serviceWorker' in navigator && (location.protocol === 'https:' || location.hostname === 'localhost' || location.hostname === '127.0.0.1')) {
  navigator.serviceWorker.register(new URL('sw.js', import.meta.url), { type: 'classic' }).catch(() => {
    /* offline support is optional */
  });
}
