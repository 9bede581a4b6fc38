// The comparison: one row per result.options entry with the decisive figures (offer and provider,
// type and isolation, GPUs and units, time, total cost, cost per billion tokens, warnings as
// badges); everything else (the whole bill line by line with its basis, how the data moves, unit
// prices, billing, GPU-hours, price date, terms, the trial-week plan, interconnect, layout, source,
// each warning's reason) in a detail row a toggle opens.
// It starts with the offers that meet the goal, those within every requirement first (the recommended
// one at the top, then the core's order: cheapest first), the top 10 and a button that shows them all;
// the cheapest and fastest badges are the core's choices within the requirements; headings sort, filters (GPU, type, isolation, billing term,
// meets the goal) narrow it. Below 40rem of width each row is a card with the same figures.
// Sorting, filtering and hiding rows are presentation; every figure in a cell is read from the
// option, every warning's reason is the core's message. With a call to action configured (ctx.cta),
// each of the provider's offers has its button or link in the offer's cell.
import { h, replace, noteWithHint } from './dom.js';
import { i18n } from './i18n.js';
import { ctaControl } from './cta.js';
import { namedFields } from './form.js';

const str = (v) => (v == null ? '' : String(v));
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const num = (v) => (isNum(v) ? v : Infinity);
const STALE_DAYS = 90; // price ages above this are shown muted (the core's stale_price threshold)
const PERIODS = ['hour', 'day', 'week', 'month', 'year'];
export const TOP = 10; // rows shown before "show all"
// How much a warning weighs, by the core's code: "block" (the offer cannot do the job as asked),
// "caution" (it can, at a cost or a risk), otherwise "info". Codes not listed are cautions.
const SEVERITY = {
  does_not_fit: 'block', units_limited: 'block', single_node_only: 'block', deadline_out_of_reach: 'block',
  misses_deadline: 'block', over_budget: 'block',
  stale_price: 'info', spot: 'info', low_confidence: 'info', not_in_price_list: 'info',
};
const ICON = { block: '✕', caution: '⚠', info: 'ℹ', outside: '⊘' };

export const warningsOf = (o) => (Array.isArray(o.warnings) ? o.warnings.filter((w) => w && w.message) : []);
const outsideOf = (o) => (Array.isArray(o.outside) ? o.outside.filter((c) => typeof c === 'string') : []);

/** The first TOP rows, the recommended one among them (in its place, the last of the others left out) when the filters let it through. */
function top(rows) {
  if (rows.length <= TOP) return rows;
  const first = rows.slice(0, TOP);
  if (first.some((r) => r.o.recommended === true)) return first;
  const rec = rows.find((r) => r.o.recommended === true);
  return rec ? [...rows.slice(0, TOP - 1), rec] : first;
}

/** Within the user's requirements: usable (fits, meets the goal) and outside none of the constraints asked. */
export const within = (o) => status(o) === 'ok' && outsideOf(o).length === 0;

export function status(o) {
  if (o.fits === false) return 'noFit';
  if (o.meetsGoal === false) return 'missesGoal';
  return 'ok';
}

// key, numeric?, sort value (null = not sortable)
const COLUMNS = [
  { key: 'offer', sort: (o) => `${str(o.provider)} ${str(o.offerId)}`.toLowerCase() },
  { key: 'type', sort: (o) => `${str(o.deployment)} ${str(o.isolation)}` },
  { key: 'gpus', numeric: true, sort: (o) => num(o.count) },
  { key: 'days', numeric: true, sort: (o) => num(o.wallDays) },
  { key: 'cost', numeric: true, sort: (o) => num(o.cost?.amount) },
  { key: 'costPerB', numeric: true, sort: (o) => num(o.costPerBillionTokens) },
  { key: 'warnings', sort: (o) => warningsOf(o).length + outsideOf(o).length },
];
// The filters: a select per field (values from the options in the response) and "meets the goal".
const FILTERS = ['gpu', 'deployment', 'isolation', 'term'];
const FILTER_LABEL = { gpu: 'filterGpu', deployment: 'filterDeployment', isolation: 'filterIsolation', term: 'filterTerm' };

export class OptionsTable {
  constructor(container) {
    this.sortKey = null;
    this.sortDir = 'ascending';
    this.options = [];
    this.choices = {};
    this.filters = { gpu: '', deployment: '', isolation: '', term: '', meets: true };
    this.showAll = false;
    this.expanded = new Set(); // offer ids whose detail row is open (kept across updates)
    this.ctx = { lang: 'en', gpuName: (id) => str(id) };
    this.lists = {}; // filter → the key of the values its select lists now

    // ---- filters ----
    this.selects = {};
    this.filterLabels = {};
    const fields = FILTERS.map((name) => {
      const id = `flt-${name}`;
      const select = h('select', { id, 'data-filter': name });
      select.addEventListener('change', () => {
        this.filters[name] = select.value;
        this.render();
      });
      this.selects[name] = select;
      this.filterLabels[name] = h('label', { for: id });
      return h('div', { class: 'filter' }, this.filterLabels[name], select);
    });
    this.meets = h('input', { type: 'checkbox', id: 'flt-meets', checked: true });
    this.meets.addEventListener('change', () => {
      this.filters.meets = this.meets.checked;
      this.render();
    });
    this.meetsLabel = h('span');
    this.reset = h('button', { type: 'button', class: 'small-button reset', hidden: true });
    this.reset.addEventListener('click', () => {
      this.clearFilters();
      this.render();
    });
    this.filterLegend = h('legend', { class: 'visually-hidden' });
    this.filtersBox = h(
      'fieldset',
      { class: 'filters' },
      this.filterLegend,
      fields,
      h('label', { class: 'check filter-meets' }, this.meets, this.meetsLabel),
      this.reset,
    );

    // ---- the table ----
    this.captionTitle = h('h2', { class: 'caption-title', id: 'options-heading', tabindex: '-1' });
    this.captionNote = h('p', { class: 'caption-note' });
    this.caption = h('caption', { id: 'options-caption', class: 'visually-hidden' });
    this.headers = {};
    const headRow = h('tr');
    for (const col of COLUMNS) {
      const label = h('span');
      const th = h('th', { scope: 'col', 'data-key': col.key, class: col.numeric ? 'num' : null });
      if (col.sort) {
        const button = h('button', { type: 'button', class: 'sort' }, label, h('span', { class: 'arrow', 'aria-hidden': 'true' }));
        button.addEventListener('click', () => this.sortBy(col.key));
        th.append(button);
      } else th.append(label);
      this.headers[col.key] = { th, label };
      headRow.append(th);
    }
    this.tbody = h('tbody');
    this.table = h(
      'table',
      { part: 'table', class: 'options' },
      this.caption,
      h('thead', null, headRow),
      this.tbody,
    );
    this.wrap = h(
      'div',
      // Focusable so that a keyboard can scroll it sideways when narrow; a region named apart
      // from the section around it (two landmarks of one name cannot be told apart).
      { class: 'table-wrap', part: 'table-wrap', role: 'region', tabindex: '0' },
      this.table,
    );
    this.count = h('p', { class: 'shown-of', role: 'status' });
    this.more = h('button', { type: 'button', class: 'small-button show-all' });
    this.more.addEventListener('click', () => {
      this.showAll = !this.showAll;
      this.render();
    });
    this.empty = h('p', { class: 'no-rows', hidden: true });
    // One tooltip for the warning badges, placed beside the badge pointed at or focused; the
    // badges carry their reasons themselves (aria-describedby), so it is hidden from AT.
    this.tip = h('div', { class: 'wtip', 'aria-hidden': 'true', hidden: true });
    this.root = h(
      'section',
      { class: 'options-section', part: 'options', 'aria-labelledby': 'options-heading' },
      h('div', { class: 'caption-box' }, this.captionTitle, this.captionNote),
      this.filtersBox,
      this.wrap,
      this.empty,
      h('div', { class: 'table-foot' }, this.count, this.more),
      this.tip,
    );
    this.tipEvents();
    container.append(this.root);
  }

  // ---- warning tooltips ----

  tipEvents() {
    const badge = (e) => (e.target instanceof Element ? e.target.closest('.wb') : null);
    this.tbody.addEventListener('pointerover', (e) => {
      const b = badge(e);
      if (b) this.showTip(b);
    });
    this.tbody.addEventListener('pointerout', (e) => {
      const b = badge(e);
      if (b && !(e.relatedTarget instanceof Node && b.contains(e.relatedTarget)) && this.tipFor === b && b !== this.root.getRootNode().activeElement) this.hideTip();
    });
    this.tbody.addEventListener('focusin', (e) => {
      const b = badge(e);
      if (b) this.showTip(b);
    });
    this.tbody.addEventListener('focusout', (e) => {
      if (badge(e)) this.hideTip();
    });
    this.root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !this.tip.hidden) {
        this.hideTip();
        e.stopPropagation();
      }
    });
    // A badge's click opens its row's details, where every warning is listed with its reason.
    this.tbody.addEventListener('click', (e) => {
      const b = badge(e);
      if (!b) return;
      const toggle = b.closest('tr')?.querySelector('button.expand');
      if (toggle && toggle.getAttribute('aria-expanded') !== 'true') toggle.click();
    });
  }

  showTip(b) {
    const desc = this.root.getRootNode().getElementById?.(b.getAttribute('aria-describedby') || '');
    const text = desc ? desc.textContent : '';
    if (!text) return;
    this.tipFor = b;
    this.tip.textContent = text;
    this.tip.hidden = false;
    const box = this.root.getBoundingClientRect();
    const r = b.getBoundingClientRect();
    const width = this.tip.offsetWidth;
    const left = Math.max(0, Math.min(r.left - box.left, box.width - width));
    this.tip.style.left = `${Math.round(left)}px`;
    this.tip.style.top = `${Math.round(r.bottom - box.top + 4)}px`;
  }

  hideTip() {
    this.tip.hidden = true;
    this.tipFor = null;
  }

  // ---- state ----

  sortBy(key) {
    if (this.sortKey === key) this.sortDir = this.sortDir === 'ascending' ? 'descending' : 'ascending';
    else {
      this.sortKey = key;
      this.sortDir = 'ascending';
    }
    this.render();
  }

  clearFilters() {
    for (const name of FILTERS) {
      this.filters[name] = '';
      this.selects[name].value = '';
    }
    this.filters.meets = false;
    this.meets.checked = false;
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  /**
   * @param {object} response  parsed ok:true response
   * @param {{lang: string, gpuName: (id: string) => string}} ctx
   */
  update(response, ctx) {
    this.ctx = ctx;
    const result = response?.result || {};
    this.options = Array.isArray(result.options) ? result.options.filter(isObject) : [];
    // The badges name the cheapest and fastest of the offers within the requirements.
    this.choices = isObject(result.choicesWithin) ? result.choicesWithin : {};
    this.currency = typeof result.currency === 'string' ? result.currency : undefined;
    this.setStale(false);
    this.render();
  }

  /** The offers the filters let through, sorted as asked: [{o, i}] (i: the core's order). */
  rows() {
    const f = this.filters;
    let rows = this.options
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => {
        if (f.meets && status(o) !== 'ok') return false;
        if (f.gpu && str(o.gpu) !== f.gpu) return false;
        if (f.deployment && str(o.deployment) !== f.deployment) return false;
        if (f.isolation && str(o.isolation) !== f.isolation) return false;
        if (f.term && !(isObject(o.unitPrices) && isNum(o.unitPrices[f.term]))) return false;
        return true;
      });
    // The offers within the requirements come first (in the core's order, the recommended one at
    // the top), then the others; a heading sorts within each of the two.
    const col = COLUMNS.find((c) => c.key === this.sortKey);
    const dir = this.sortDir === 'ascending' ? 1 : -1;
    const sorted = col && col.sort;
    return rows
      .map((r) => ({ ...r, g: within(r.o) ? 0 : 1, rec: !sorted && r.o.recommended === true ? 0 : 1, k: sorted ? col.sort(r.o, this.ctx) : 0 }))
      .sort((a, b) => a.rec - b.rec || a.g - b.g || (a.k < b.k ? -dir : a.k > b.k ? dir : a.i - b.i));
  }

  /** The comparison brought into view with the focus on its table (the skip link). */
  focus() {
    this.root.scrollIntoView({ block: 'start' });
    (this.wrap.hidden ? this.captionTitle : this.wrap).focus({ preventScroll: true });
  }

  /** Scrolls to the offer's row (shown first if filters or the top 10 hid it), marks it and focuses its toggle (the chart's click). */
  highlight(offerId) {
    const index = this.options.findIndex((o) => o.offerId === offerId);
    if (index < 0) return false;
    let rows = this.rows();
    if (!rows.some((r) => r.i === index)) {
      this.clearFilters();
      rows = this.rows();
    }
    if (!top(rows).some((r) => r.i === index)) this.showAll = true;
    this.render();
    let target = null;
    for (const row of this.tbody.querySelectorAll('tr[data-offer-id]')) {
      const hit = row.dataset.offerId === offerId;
      row.toggleAttribute('data-highlight', hit);
      if (hit) target = row;
    }
    if (!target) return false;
    target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
    target.querySelector('button.expand')?.focus({ preventScroll: true });
    return true;
  }

  /** The filters' selects list the values the options have (GPU names, the type and isolation labels, billing terms). */
  fillFilters(tr) {
    const { t } = tr;
    const values = { gpu: new Set(), deployment: new Set(), isolation: new Set(), term: new Set() };
    for (const o of this.options) {
      if (o.gpu != null) values.gpu.add(str(o.gpu));
      if (o.deployment != null) values.deployment.add(str(o.deployment));
      if (o.isolation != null) values.isolation.add(str(o.isolation));
      if (isObject(o.unitPrices)) for (const p of PERIODS) if (isNum(o.unitPrices[p])) values.term.add(p);
    }
    const label = {
      gpu: (v) => this.ctx.gpuName(v),
      deployment: (v) => tr.enumLabel('deployment', v),
      isolation: (v) => tr.enumLabel('isolation', v),
      term: (v) => t(`term.${v}`),
    };
    for (const name of FILTERS) {
      this.filterLabels[name].textContent = t(FILTER_LABEL[name]);
      const list = name === 'term' ? PERIODS.filter((p) => values.term.has(p)) : [...values[name]].sort();
      const key = `${tr.lang}|${list.join('|')}`;
      const select = this.selects[name];
      if (this.lists[name] !== key) {
        this.lists[name] = key;
        const items = list.map((v) => ({ v, text: label[name](v) }));
        if (name === 'gpu') items.sort((a, b) => a.text.localeCompare(b.text));
        replace(select, h('option', { value: '' }, t('filterAll')), items.map(({ v, text }) => h('option', { value: v }, text)));
      }
      // A value no option has any more shows everything again.
      if (this.filters[name] && !list.includes(this.filters[name])) this.filters[name] = '';
      select.value = this.filters[name];
    }
    this.meetsLabel.textContent = t('filterMeets');
    this.meets.checked = this.filters.meets;
    this.filterLegend.textContent = t('filtersLegend');
    this.reset.textContent = t('resetFilters');
  }

  render() {
    const { lang } = this.ctx;
    const tr = i18n(lang);
    const { t } = tr;
    this.hideTip();
    this.captionTitle.textContent = t('tableCaption');
    this.caption.textContent = t('tableCaption');
    noteWithHint(this.captionNote, t('tableNote'), t('tableHint'), lang);
    this.wrap.setAttribute('aria-label', t('tableRegion'));
    for (const col of COLUMNS) {
      const { th, label } = this.headers[col.key];
      label.textContent = t(`col.${col.key}`);
      if (col.sort && this.sortKey === col.key) th.setAttribute('aria-sort', this.sortDir);
      else th.removeAttribute('aria-sort');
    }
    this.fillFilters(tr);

    const rows = this.rows();
    const ids = new Set(this.options.map((o) => str(o.offerId)));
    for (const id of this.expanded) if (!ids.has(id)) this.expanded.delete(id);
    const shown = this.showAll ? rows : top(rows);
    const frag = document.createDocumentFragment();
    for (const { o, i } of shown) frag.append(...this.row(o, i, status(o), tr));
    this.tbody.replaceChildren(frag);

    const filtered = FILTERS.some((n) => this.filters[n]) || this.filters.meets;
    this.reset.hidden = !filtered;
    this.empty.hidden = rows.length > 0;
    this.empty.textContent = rows.length ? '' : t('noRows');
    this.wrap.hidden = rows.length === 0;
    this.count.textContent = tr.fmt(rows.length < this.options.length ? 'shownOfAll' : 'shownOf', { a: tr.int(shown.length), b: tr.int(rows.length), c: tr.int(this.options.length) });
    this.more.hidden = rows.length <= TOP;
    this.more.textContent = this.showAll ? tr.fmt('showTop', { n: tr.int(TOP) }) : tr.fmt('showAll', { n: tr.int(rows.length) });
    this.more.setAttribute('aria-expanded', String(this.showAll && rows.length > TOP));
  }

  badges(o, t) {
    const out = [];
    if (o.recommended === true) out.push(h('span', { class: 'badge', part: 'badge badge-recommended', 'data-badge': 'recommended' }, t('recommended')));
    if (this.choices.cheapest === o.offerId) out.push(h('span', { class: 'badge alt', part: 'badge badge-cheapest', 'data-badge': 'cheapest' }, t('cheapest')));
    if (this.choices.fastest === o.offerId) out.push(h('span', { class: 'badge alt', part: 'badge badge-fastest', 'data-badge': 'fastest' }, t('fastest')));
    return out.length ? h('span', { class: 'badges' }, out) : null;
  }

  /** What an option breaks of the constraints asked (outside), as one sentence of the message table. */
  outsideText(o, tr) {
    const list = outsideOf(o).map((c) => tr.enumLabel('outside', c));
    return list.length ? `${tr.t('outsideLead')}${list.join(tr.lang === 'zh' ? '、' : ', ')}` : '';
  }

  /**
   * The warning badges of a row: a button per warning (icon and short label by code; the core's
   * message, its reason, in an element it is described by), the outside-the-constraints badge first.
   */
  warningBadges(o, index, tr) {
    const { t } = tr;
    const out = [];
    const badge = (n, code, sev, label, reason) => {
      const id = `wr-${index}-${n}`;
      return [
        h(
          'button',
          { type: 'button', class: `wb wb-${sev}`, 'data-code': code, 'aria-describedby': id, part: 'warning-badge' },
          h('span', { class: 'wi', 'aria-hidden': 'true' }, ICON[sev]),
          label,
        ),
        h('span', { id, class: 'wmsg', hidden: true }, reason),
      ];
    };
    const outside = this.outsideText(o, tr);
    if (outside) out.push(badge('x', 'outside', 'outside', t('outsideBadge'), outside));
    warningsOf(o).forEach((w, n) => {
      const code = str(w.code);
      const sev = SEVERITY[code] || 'caution';
      const label = tr.t(`warn.${code}`) !== `warn.${code}` ? tr.t(`warn.${code}`) : t('warnGeneric');
      out.push(badge(n, code, sev, label, namedFields(w.message, tr.lang)));
    });
    return out;
  }

  row(o, index, st, tr) {
    const { t } = tr;
    const gpuName = this.ctx.gpuName;
    const id = str(o.offerId);
    const cost = isObject(o.cost) ? o.cost : null;
    const open = this.expanded.has(id);
    const detailId = `detail-${index}`;
    const main = h('tr', {
      'data-offer-id': id,
      'data-recommended': o.recommended === true ? 'true' : null,
      'data-cheapest': this.choices.cheapest === o.offerId ? 'true' : null,
      'data-fastest': this.choices.fastest === o.offerId ? 'true' : null,
      'data-status': st,
      'data-outside': outsideOf(o).length ? '' : null,
      'data-within': within(o) ? '' : null,
      class: [o.recommended === true && 'recommended', st !== 'ok' && 'muted'].filter(Boolean).join(' ') || null,
    });
    const detail = h('tr', { class: 'detail', id: detailId, hidden: !open, 'data-detail-for': id });
    const detailCell = h('td', { colspan: COLUMNS.length });
    detail.append(detailCell);

    const provider = str(o.provider || o.offerId);
    const toggle = h(
      'button',
      { type: 'button', class: 'expand', 'aria-expanded': String(open), 'aria-controls': detailId, 'aria-label': `${t('details')}: ${provider}` },
      h('span', { class: 'chev', 'aria-hidden': 'true' }),
    );
    toggle.addEventListener('click', () => {
      const now = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(now));
      detail.hidden = !now;
      main.toggleAttribute('data-open', now);
      if (now) {
        this.expanded.add(id);
        if (!detailCell.firstChild) detailCell.append(this.details(o, index, tr));
      } else this.expanded.delete(id);
    });
    if (open) {
      main.setAttribute('data-open', '');
      detailCell.append(this.details(o, index, tr));
    }

    // Long names wrap (or are clipped in narrow cells) with the whole text on hover.
    const cta = this.ctx.cta;
    const ctaFor = cta && (cta.offers === null || cta.offers.has(id));
    main.append(
      h(
        'th',
        { scope: 'row', class: 'offer' },
        h(
          'div',
          { class: 'offer-box' },
          toggle,
          h('div', { class: 'offer-text' }, h('span', { class: 'provider', title: provider }, provider), this.badges(o, t), h('span', { class: 'meta offer-id', title: id }, id)),
        ),
        ctaFor ? h('div', { class: 'offer-cta' }, ctaControl(cta, o, 'offer', tr.fmt('ctaAria', { label: cta.label, offer: `${provider} (${id})` }))) : null,
      ),
    );
    // Ids the core sends (deployment, tier, isolation) are shown by their label in the message
    // table; an id without one is shown as it is.
    const dep = tr.enumLabel('deployment', str(o.deployment));
    const iso = o.isolation ? tr.enumLabel('isolation', str(o.isolation)) : '';
    const tier = o.tier ? tr.enumLabel('tier', str(o.tier)) : '';
    const where = [o.region, tier].filter((x) => x != null && x !== '').map(str).join(' · ');
    main.append(
      h(
        'td',
        { class: `type dep-${str(o.deployment)} iso-${str(o.isolation)}`, 'data-label': t('col.type') },
        h('span', { class: 'dep' }, dep),
        iso ? [' · ', h('span', { class: 'iso' }, iso)] : null,
        where ? h('span', { class: 'meta', title: where }, where) : null,
        o.spot === true ? h('span', { class: 'meta' }, t('spot')) : null,
      ),
    );
    const unitsLine = isNum(o.units) && isNum(o.gpusPerUnit) ? h('span', { class: 'meta units' }, `${tr.int(o.units)} × ${tr.int(o.gpusPerUnit)}`) : null;
    main.append(
      h(
        'td',
        { class: 'num gpus', 'data-label': t('col.gpus') },
        h('span', { class: 'count' }, tr.int(o.count)),
        h('span', { class: 'meta gpu' }, gpuName(o.gpu)),
        unitsLine,
      ),
    );
    main.append(h('td', { class: 'num', 'data-col': 'days', 'data-label': t('col.days') }, tr.duration(o.wallDays).text));
    main.append(h('td', { class: 'num cost', 'data-col': 'cost', 'data-label': t('col.cost') }, cost ? tr.money(cost.amount, cost.currency) : t('noCost')));
    main.append(
      h('td', { class: 'num', 'data-col': 'costPerB', 'data-label': t('col.costPerB') }, cost && isNum(o.costPerBillionTokens) ? tr.price(o.costPerBillionTokens, cost.currency) : '—'),
    );
    const badges = this.warningBadges(o, index, tr);
    main.append(h('td', { class: 'warn', 'data-label': t('col.warnings') }, badges.length ? h('div', { class: 'wbs' }, badges) : null));
    return [main, detail];
  }

  /** The detail row's content for one option. */
  details(o, index, tr) {
    const { t } = tr;
    const cost = isObject(o.cost) ? o.cost : null;
    const cur = cost?.currency || this.currency;
    const items = [];
    const add = (key, ...value) => items.push(h('div', { 'data-item': key }, h('dt', null, t(key)), h('dd', null, value)));
    const addAs = (key, label, ...value) => items.push(h('div', { 'data-item': key }, h('dt', null, label), h('dd', null, value)));

    // What the core says about this offer, every warning with its reason.
    const warnings = warningsOf(o);
    const outside = this.outsideText(o, tr);
    if (warnings.length || outside) {
      items.push(
        h(
          'div',
          { 'data-item': 'warnings', class: 'wide' },
          h('dt', null, t('warningsItem')),
          h(
            'dd',
            null,
            h(
              'ul',
              { class: 'warn-list' },
              outside ? h('li', { 'data-code': 'outside' }, h('b', null, t('outsideBadge')), ': ', outside) : null,
              warnings.map((w) => {
                const code = str(w.code);
                const label = tr.t(`warn.${code}`) !== `warn.${code}` ? tr.t(`warn.${code}`) : t('warnGeneric');
                return h('li', { 'data-code': code || null }, h('b', null, label), ': ', h('span', { class: 'wmsg' }, namedFields(w.message, tr.lang)));
              }),
            ),
          ),
        ),
      );
    }

    // The whole bill: each of the core's lines, its amount (or that the price list has none) and basis.
    const bill = cost && Array.isArray(cost.lines) ? cost.lines.filter(isObject) : [];
    if (bill.length) {
      items.push(
        h(
          'div',
          { 'data-item': 'bill', class: 'wide' },
          h('dt', null, t('billItem')),
          h(
            'dd',
            null,
            h(
              'ul',
              { class: 'bill-list' },
              bill.map((l) =>
                h(
                  'li',
                  { 'data-kind': str(l.kind), 'data-item': str(l.item), 'data-priced': l.priced === false ? 'false' : null },
                  h('b', null, tr.enumLabel('lineItem', str(l.item))),
                  tr.colon,
                  h('span', { class: 'amount' }, l.priced === false ? t('notPriced') : tr.money(l.amount, cur)),
                  l.basis ? h('span', { class: 'basis dim' }, tr.aside(str(l.basis))) : null,
                ),
              ),
              h('li', { class: 'bill-total' }, h('b', null, t('col.cost')), tr.colon, h('span', { class: 'amount' }, tr.money(cost.amount, cur))),
            ),
          ),
        ),
      );
    }
    const tp = isObject(o.transfer) ? o.transfer : null;
    if (tp && isNum(tp.mbps)) {
      add(
        'transferItem',
        tr.fmt('transferText', { mbps: tr.sig(tp.mbps, 4), up: tr.duration((tp.uploadHours || 0) / 24).text, down: tr.duration((tp.downloadHours || 0) / 24).text }),
        tp.limitedBy ? h('span', { class: 'dim' }, tr.aside(tr.enumLabel('limitedBy', str(tp.limitedBy)))) : null,
      );
    }

    const statusText = { ok: t('statusOk'), missesGoal: t('statusMissesGoal'), noFit: t('statusNoFit') }[status(o)];
    addAs('status', t('col.status'), h('span', { class: `status status-${status(o)}` }, h('span', { class: 'dot', 'aria-hidden': 'true' }), statusText));

    if (cost) {
      const billing = tr.billing(cost.billing) || '—';
      const lines = Array.isArray(cost.billing)
        ? cost.billing.filter((b) => b && isNum(b.count)).map((b) => `${tr.billing([b])}${tr.colon}${tr.money(b.amount, cur)}`).join(' + ')
        : '';
      const idle = isNum(cost.idleHours) && cost.idleHours > 0 ? ` · ${t('idle')} ${tr.sig(cost.idleHours, 2)} ${t('hoursUnit')}` : '';
      addAs('billing', t('col.billing'), billing, lines && lines !== billing ? h('span', { class: 'dim' }, tr.aside(lines)) : null, idle);
    }
    const r = o.gpuHoursRange;
    const spread = r && isNum(r.low) && isNum(r.high) && r.high > r.low ? tr.spread(r.low, o.gpuHours, r.high) : null;
    add('gpuHours', spread ? `${spread.point} (${spread.low}–${spread.high})` : tr.hours(o.gpuHours));

    // The core's stale_price warning decides; the 90-day rule is the fallback for a response without it.
    const stale = warnings.some((w) => w.code === 'stale_price') || (isNum(o.priceAgeDays) && o.priceAgeDays > STALE_DAYS);
    if (o.priceDate != null || isNum(o.priceAgeDays)) {
      items.push(
        h(
          'div',
          { 'data-item': 'priceDate', 'data-stale-price': stale ? '' : null },
          h('dt', null, t('col.priceDate')),
          // A date of a year alone has no exact age (the core counts from its middle).
          h('dd', null, str(o.priceDate) || '—', /^\d{4}$/.test(str(o.priceDate)) ? h('span', { class: 'dim' }, tr.aside(t('yearOnly'))) : isNum(o.priceAgeDays) ? h('span', { class: 'dim' }, tr.aside(`${tr.int(o.priceAgeDays)} ${t('daysOld')}`)) : null),
        ),
      );
    }

    const prices = isObject(o.unitPrices) ? o.unitPrices : {};
    const priceList = PERIODS.filter((p) => isNum(prices[p])).map((p) =>
      h('span', { class: 'pp', 'data-period': p }, `${tr.price(prices[p], cur)} / ${t(`per.${p}`)}`),
    );
    if (priceList.length) {
      const per = o.gpusPerUnit === 1 ? t('unitPricesOneGpu') : isNum(o.gpusPerUnit) ? tr.fmt('unitPrices', { n: tr.int(o.gpusPerUnit) }) : t('unitPricesNoUnit');
      items.push(h('div', { 'data-item': 'unitPrices' }, h('dt', null, per), h('dd', { class: 'list' }, priceList)));
    }
    if (isNum(o.minTermHours)) add('minTerm', o.minTermHours > 0 ? `${tr.int(o.minTermHours)} ${t('hoursUnit')}` : t('noMinTerm'));
    const terms = [o.commitment && str(o.commitment), o.spot === true && t('spot'), isNum(o.depositMonths) && `${t('deposit')} ${tr.billing([{ period: 'month', count: o.depositMonths }])}`].filter(Boolean);
    if (terms.length) add('commitment', terms.join(' · '));
    if (isNum(o.setupFee)) add('setupFee', tr.price(o.setupFee, o.offerCurrency || cur));

    const trial = cost?.trialThenMonthly;
    if (trial && isNum(trial.amount)) {
      add(
        'trialPlan',
        h('span', null, tr.billing(trial.billing) || '—', ' = ', h('b', null, tr.money(trial.amount, cur))),
        h('span', { class: 'dim' }, ` (${t('vsCheapestMix')} ${tr.money(cost.amount, cur)}`, isNum(trial.idleHours) && trial.idleHours > 0 ? `; ${t('idle')} ${tr.sig(trial.idleHours, 3)} ${t('hoursUnit')})` : ')'),
      );
    }
    if (isNum(cost?.breakEvenHoursPerMonth)) add('breakEven', `${tr.sig(cost.breakEvenHoursPerMonth, 4)} ${t('hoursUnit')}${t('perMonth')}`);

    const ic = isObject(o.interconnect) ? o.interconnect : null;
    if (ic) {
      // Interconnects by product name (link.*: the same in every language) or word (Ethernet).
      const link = (v) => (v === 'none' || !v ? '—' : tr.enumLabel('link', str(v)));
      const inter = ic.interUnit && ic.interUnit !== 'none'
        ? `${t('interUnit')} ${link(ic.interUnit)}${isNum(ic.interUnitGBpsPerGpu) ? tr.aside(`${tr.sig(ic.interUnitGBpsPerGpu, 3)} GB/s ${t('perGpu')}`) : ''}`
        : null;
      add('interconnect', [`${t('intraUnit')} ${link(ic.intraUnit)}`, inter].filter(Boolean).join(' · '));
    }
    const oc = o.offerCurrency || cur;
    if (isNum(o.storagePricePerGBMonth)) {
      add('storage', `${tr.price(o.storagePricePerGBMonth, oc)} / GB${t('perMonth')}`, isNum(o.storageIncludedGB) ? ` · ${t('included')} ${tr.int(o.storageIncludedGB)} GB` : '');
    }
    if (isNum(o.egressPricePerGB)) add('egress', `${tr.price(o.egressPricePerGB, oc)} / GB`);
    if (isNum(o.bandwidthPricePerMbpsMonth) || isNum(o.includedMbps)) {
      const parts = [];
      if (isNum(o.includedMbps)) parts.push(`${t('included')} ${tr.int(o.includedMbps)} Mbit/s`);
      if (isNum(o.bandwidthPricePerMbpsMonth)) parts.push(`${tr.price(o.bandwidthPricePerMbpsMonth, oc)}${t('perMbpsMonth')}`);
      add('bandwidthItem', parts.join(' · '));
    }
    if (isNum(o.publicIpPricePerMonth)) add('publicIp', `${tr.price(o.publicIpPricePerMonth, oc)}${t('perMonth')}`);

    const par = isObject(o.parallelism) ? o.parallelism : null;
    if (par) {
      const bits = ['tp', 'pp', 'dp', 'ep'].filter((k) => isNum(par[k])).map((k) => `${k} ${tr.int(par[k])}`);
      if (isNum(par.microBatch)) bits.push(`${t('microBatch')} ${tr.int(par.microBatch)}`);
      if (isNum(par.globalBatch)) bits.push(`${t('globalBatch')} ${tr.int(par.globalBatch)}`);
      if (par.recompute) bits.push(`${t('recompute')} ${tr.enumLabel('recompute', par.recompute)}`);
      if (isNum(par.zero) && par.zero > 0) bits.push(`ZeRO-${par.zero}`);
      add('parallelism', bits.join(' · '));
    }
    const thr = [];
    if (isNum(o.tokensPerSecondPerGpu)) thr.push(`${tr.int(o.tokensPerSecondPerGpu)} ${t('tokPerGpu')}`);
    if (isNum(o.mfu)) thr.push(`MFU ${tr.sig(o.mfu, 3)}`);
    if (thr.length) add('throughput', thr.join(' · '));
    if (o.source) {
      // The source is a citation, kept as published (often English): marked up as one.
      const conf = o.confidence ? tr.aside(`${t('confidence')}${tr.colon}${tr.enumLabel('confidence', str(o.confidence))}`) : '';
      add('source', h('cite', null, str(o.source)), conf);
    }
    return h('div', { class: 'detail-box' }, h('dl', { class: 'detail-grid' }, items));
  }
}
