// The comparison table: one row per result.options entry, in the core's order (cheapest first)
// until a column heading is clicked. Each row expands (a toggle button with aria-expanded) into a
// detail row: unit prices, terms, the trial-then-monthly plan, interconnect, storage, layout and
// source. Sorting and hiding rows is presentation; every figure in a cell is read from the option.
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';

const str = (v) => (v == null ? '' : String(v));
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const num = (v) => (isNum(v) ? v : Infinity);
const STALE_DAYS = 90; // price ages above this are shown muted (the core's stale_price threshold)
const PERIODS = ['hour', 'day', 'week', 'month', 'year'];
// Interconnects by product name (the same in every language); generic ones (ethernet) have a
// label in the message table (link.*).
const LINKS = {
  nvlink: 'NVLink', pcie: 'PCIe', hccs: 'HCCS', xgmi: 'Infinity Fabric', infiniband: 'InfiniBand',
  roce: 'RoCE', efa: 'EFA',
};

const warningsOf = (o) => (Array.isArray(o.warnings) ? o.warnings.filter((w) => w && w.message) : []);

function status(o) {
  if (o.fits === false) return 'noFit';
  if (o.meetsGoal === false) return 'missesGoal';
  return 'ok';
}
const STATUS_RANK = { ok: 0, missesGoal: 1, noFit: 2 };

// key, numeric?, sort value (null = not sortable)
const COLUMNS = [
  { key: 'offer', sort: (o) => `${str(o.provider)} ${str(o.offerId)}`.toLowerCase() },
  { key: 'deployment', sort: (o) => str(o.deployment) },
  { key: 'isolation', sort: (o) => str(o.isolation) },
  { key: 'gpu', sort: (o, ctx) => ctx.gpuName(o.gpu).toLowerCase() },
  { key: 'count', numeric: true, sort: (o) => num(o.count) },
  { key: 'days', numeric: true, sort: (o) => num(o.wallDays) },
  { key: 'gpuHours', numeric: true, sort: (o) => num(o.gpuHours) },
  { key: 'cost', numeric: true, sort: (o) => num(o.cost?.amount) },
  { key: 'costPerB', numeric: true, sort: (o) => num(o.costPerBillionTokens) },
  { key: 'billing', sort: null },
  { key: 'priceDate', sort: (o) => num(o.priceAgeDays) },
  { key: 'status', sort: (o) => STATUS_RANK[status(o)] },
  { key: 'warnings', sort: null },
];

export class OptionsTable {
  constructor(container) {
    this.sortKey = null;
    this.sortDir = 'ascending';
    this.options = [];
    this.choices = {};
    this.expanded = new Set(); // offer ids whose detail row is open (kept across updates)
    this.ctx = { lang: 'en', gpuName: (id) => str(id) };

    this.filter = h('input', { type: 'checkbox', id: 'hide-infeasible' });
    this.filterLabel = h('span');
    this.filter.addEventListener('change', () => this.render());
    this.captionTitle = h('span', { class: 'caption-title' });
    this.captionNote = h('span', { class: 'caption-note' });
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
      h('caption', { id: 'options-caption' }, h('div', { class: 'caption-box' }, this.captionTitle, ' ', this.captionNote)),
      h('thead', null, headRow),
      this.tbody,
    );
    this.wrap = h(
      'div',
      { class: 'table-wrap', part: 'table-wrap', role: 'region', 'aria-labelledby': 'options-caption', tabindex: '0' },
      this.table,
    );
    this.root = h(
      'section',
      { class: 'options-section', part: 'options' },
      h('div', { class: 'table-tools' }, h('label', { class: 'check' }, this.filter, this.filterLabel)),
      this.wrap,
    );
    container.append(this.root);
  }

  sortBy(key) {
    if (this.sortKey === key) this.sortDir = this.sortDir === 'ascending' ? 'descending' : 'ascending';
    else {
      this.sortKey = key;
      this.sortDir = 'ascending';
    }
    this.render();
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
    this.options = Array.isArray(result.options) ? result.options.filter((o) => o && typeof o === 'object') : [];
    this.choices = result.choices && typeof result.choices === 'object' ? result.choices : {};
    this.currency = typeof result.currency === 'string' ? result.currency : undefined;
    this.setStale(false);
    this.render();
  }

  /** Scrolls to the offer's row, marks it and moves focus to its toggle (the chart's click). */
  highlight(offerId) {
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

  render() {
    const { lang } = this.ctx;
    const tr = i18n(lang);
    const { t } = tr;
    this.captionTitle.textContent = t('tableCaption');
    this.captionNote.textContent = t('tableNote');
    this.filterLabel.textContent = t('hideInfeasible');
    for (const col of COLUMNS) {
      const { th, label } = this.headers[col.key];
      label.textContent = t(`col.${col.key}`);
      if (col.sort && this.sortKey === col.key) th.setAttribute('aria-sort', this.sortDir);
      else th.removeAttribute('aria-sort');
    }

    let rows = this.options.map((o, i) => ({ o, i }));
    const col = COLUMNS.find((c) => c.key === this.sortKey);
    if (col && col.sort) {
      const dir = this.sortDir === 'ascending' ? 1 : -1;
      rows = rows
        .map((r) => ({ ...r, k: col.sort(r.o, this.ctx) }))
        .sort((a, b) => (a.k < b.k ? -dir : a.k > b.k ? dir : a.i - b.i));
    }
    const hide = this.filter.checked;
    const ids = new Set(this.options.map((o) => str(o.offerId)));
    for (const id of this.expanded) if (!ids.has(id)) this.expanded.delete(id);
    const frag = document.createDocumentFragment();
    for (const { o, i } of rows) {
      const st = status(o);
      if (hide && st !== 'ok') continue;
      frag.append(...this.row(o, i, st, tr));
    }
    this.tbody.replaceChildren(frag);
  }

  badges(o, t) {
    const out = [];
    if (o.recommended === true) out.push(h('span', { class: 'badge', part: 'badge badge-recommended', 'data-badge': 'recommended' }, t('recommended')));
    if (this.choices.cheapest === o.offerId) out.push(h('span', { class: 'badge alt', part: 'badge badge-cheapest', 'data-badge': 'cheapest' }, t('cheapest')));
    if (this.choices.fastest === o.offerId) out.push(h('span', { class: 'badge alt', part: 'badge badge-fastest', 'data-badge': 'fastest' }, t('fastest')));
    return out.length ? h('span', { class: 'badges' }, out) : null;
  }

  row(o, index, st, tr) {
    const { t } = tr;
    const gpuName = this.ctx.gpuName;
    const id = str(o.offerId);
    const cost = o.cost && typeof o.cost === 'object' ? o.cost : null;
    const open = this.expanded.has(id);
    const detailId = `detail-${index}`;
    const main = h('tr', {
      'data-offer-id': id,
      'data-recommended': o.recommended === true ? 'true' : null,
      'data-cheapest': this.choices.cheapest === o.offerId ? 'true' : null,
      'data-fastest': this.choices.fastest === o.offerId ? 'true' : null,
      'data-status': st,
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
        if (!detailCell.firstChild) detailCell.append(this.details(o, tr));
      } else this.expanded.delete(id);
    });
    if (open) {
      main.setAttribute('data-open', '');
      detailCell.append(this.details(o, tr));
    }

    main.append(
      h(
        'th',
        { scope: 'row', class: 'offer' },
        h('div', { class: 'offer-box' }, toggle, h('div', null, h('span', { class: 'provider' }, provider), this.badges(o, t), h('span', { class: 'meta' }, id))),
      ),
    );
    // Ids the core sends (deployment, tier, isolation) are shown by their label in the message
    // table; an id without one is shown as it is.
    const dep = tr.enumLabel('deployment', str(o.deployment));
    const tier = o.tier ? tr.enumLabel('tier', str(o.tier)) : '';
    const where = [o.region, tier].filter((x) => x != null && x !== '').map(str).join(' · ');
    main.append(h('td', { class: `dep dep-${str(o.deployment)}` }, dep, where ? h('span', { class: 'meta' }, where) : null));
    const iso = o.isolation ? tr.enumLabel('isolation', str(o.isolation)) : '';
    main.append(h('td', { class: `iso iso-${str(o.isolation)}` }, iso || '—', o.spot === true ? h('span', { class: 'meta' }, t('spot')) : null));
    main.append(h('td', { class: 'gpu' }, gpuName(o.gpu)));

    const unitsLine =
      isNum(o.units) && isNum(o.gpusPerUnit) ? h('span', { class: 'meta' }, `${tr.int(o.units)} × ${tr.int(o.gpusPerUnit)}`) : null;
    main.append(h('td', { class: 'num' }, tr.int(o.count), unitsLine));
    main.append(h('td', { class: 'num', 'data-col': 'days' }, tr.duration(o.wallDays).text));
    main.append(h('td', { class: 'num', 'data-col': 'gpuHours' }, tr.hours(o.gpuHours)));
    main.append(h('td', { class: 'num cost' }, cost ? tr.money(cost.amount, cost.currency) : t('noCost')));
    main.append(h('td', { class: 'num' }, cost && isNum(o.costPerBillionTokens) ? tr.price(o.costPerBillionTokens, cost.currency) : '—'));

    const billingText = cost ? tr.billing(cost.billing) : '';
    const billingTitle =
      cost && Array.isArray(cost.billing)
        ? cost.billing
            .filter((b) => b && isNum(b.count))
            .map((b) => `${tr.billing([b])}: ${tr.money(b.amount, cost.currency)}`)
            .join(' + ')
        : null;
    const idle =
      cost && isNum(cost.idleHours) && cost.idleHours > 0
        ? h('span', { class: 'meta' }, `${t('idle')} ${tr.sig(cost.idleHours, 2)} ${t('hoursUnit')}`)
        : null;
    main.append(h('td', { class: 'billing', title: billingTitle || null }, billingText || '—', idle));

    // The core's stale_price warning decides; the 90-day rule is the fallback for a response without it.
    const stale = warningsOf(o).some((w) => w.code === 'stale_price') || (isNum(o.priceAgeDays) && o.priceAgeDays > STALE_DAYS);
    main.append(
      h(
        'td',
        { class: 'date', 'data-stale-price': stale ? '' : null },
        str(o.priceDate) || '—',
        isNum(o.priceAgeDays) ? h('span', { class: 'meta' }, `${tr.int(o.priceAgeDays)} ${t('daysOld')}`) : null,
      ),
    );

    const statusText = st === 'ok' ? t('statusOk') : st === 'missesGoal' ? t('statusMissesGoal') : t('statusNoFit');
    main.append(h('td', { class: `status status-${st}` }, h('span', { class: 'dot', 'aria-hidden': 'true' }), statusText));

    const warnings = warningsOf(o);
    const wcell = h('td', { class: 'warn' });
    if (warnings.length === 1) wcell.append(h('span', { 'data-code': str(warnings[0].code) || null }, String(warnings[0].message)));
    else if (warnings.length > 1) wcell.append(h('ul', null, warnings.map((w) => h('li', { 'data-code': str(w.code) || null }, String(w.message)))));
    main.append(wcell);
    return [main, detail];
  }

  /** The detail row's content for one option. */
  details(o, tr) {
    const { t } = tr;
    const cost = o.cost && typeof o.cost === 'object' ? o.cost : null;
    const cur = cost?.currency || this.currency;
    const items = [];
    const add = (key, ...value) => items.push(h('div', { 'data-item': key }, h('dt', null, t(key)), h('dd', null, value)));

    const prices = o.unitPrices && typeof o.unitPrices === 'object' ? o.unitPrices : {};
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

    const ic = o.interconnect && typeof o.interconnect === 'object' ? o.interconnect : null;
    if (ic) {
      const link = (v) => (v === 'none' || !v ? '—' : LINKS[v] || tr.enumLabel('link', str(v)));
      const inter = ic.interUnit && ic.interUnit !== 'none'
        ? `${t('interUnit')} ${link(ic.interUnit)}${isNum(ic.interUnitGBpsPerGpu) ? ` (${tr.sig(ic.interUnitGBpsPerGpu, 3)} GB/s ${t('perGpu')})` : ''}`
        : null;
      add('interconnect', [`${t('intraUnit')} ${link(ic.intraUnit)}`, inter].filter(Boolean).join(' · '));
    }
    const oc = o.offerCurrency || cur;
    if (isNum(o.storagePricePerGBMonth)) {
      add('storage', `${tr.price(o.storagePricePerGBMonth, oc)} / GB${t('perMonth')}`, isNum(o.storageIncludedGB) ? ` · ${t('included')} ${tr.int(o.storageIncludedGB)} GB` : '');
    }
    if (isNum(o.egressPricePerGB)) add('egress', `${tr.price(o.egressPricePerGB, oc)} / GB`);

    const par = o.parallelism && typeof o.parallelism === 'object' ? o.parallelism : null;
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
    const r = o.gpuHoursRange;
    const spread = r && isNum(r.low) && isNum(r.high) && r.high > r.low ? tr.spread(r.low, o.gpuHours, r.high) : null;
    if (spread) thr.push(`${t('gpuHours')} ${spread.point} (${spread.low}–${spread.high})`);
    if (thr.length) add('throughput', thr.join(' · '));
    if (o.source) {
      // The source is a citation, kept as published (often English): marked up as one.
      const conf = o.confidence ? ` (${t('confidence')}: ${tr.enumLabel('confidence', str(o.confidence))})` : '';
      add('source', h('cite', null, str(o.source)), conf);
    }
    return h('div', { class: 'detail-box' }, h('dl', { class: 'detail-grid' }, items));
  }
}
