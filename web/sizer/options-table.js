// The comparison table: one row per result.options entry, in the core's order (cheapest first)
// until a column heading is clicked. Sorting and hiding rows is presentation; every figure in a
// cell is read from the option.
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';

const str = (v) => (v == null ? '' : String(v));
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : Infinity);

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
  { key: 'gpu', sort: (o, ctx) => ctx.gpuName(o.gpu).toLowerCase() },
  { key: 'count', numeric: true, sort: (o) => num(o.count) },
  { key: 'days', numeric: true, sort: (o) => num(o.wallDays) },
  { key: 'gpuHours', numeric: true, sort: (o) => num(o.gpuHours) },
  { key: 'cost', numeric: true, sort: (o) => num(o.cost?.amount) },
  { key: 'billing', sort: null },
  { key: 'status', sort: (o) => STATUS_RANK[status(o)] },
  { key: 'warnings', sort: null },
];

export class OptionsTable {
  constructor(container) {
    this.sortKey = null;
    this.sortDir = 'ascending';
    this.options = [];
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
    this.root = h(
      'section',
      { class: 'options-section', part: 'options' },
      h('div', { class: 'table-tools' }, h('label', { class: 'check' }, this.filter, this.filterLabel)),
      h(
        'div',
        { class: 'table-wrap', part: 'table-wrap', role: 'region', 'aria-labelledby': 'options-caption', tabindex: '0' },
        this.table,
      ),
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
    const options = response?.result?.options;
    this.options = Array.isArray(options) ? options.filter((o) => o && typeof o === 'object') : [];
    this.setStale(false);
    this.render();
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
    const frag = document.createDocumentFragment();
    for (const { o } of rows) {
      const st = status(o);
      if (hide && st !== 'ok') continue;
      frag.append(this.row(o, st, tr));
    }
    this.tbody.replaceChildren(frag);
  }

  row(o, st, tr) {
    const { t } = tr;
    const gpuName = this.ctx.gpuName;
    const cost = o.cost && typeof o.cost === 'object' ? o.cost : null;
    const tr_ = h('tr', {
      'data-offer-id': str(o.offerId),
      'data-recommended': o.recommended === true ? 'true' : null,
      'data-status': st,
      class: [o.recommended === true && 'recommended', st !== 'ok' && 'muted'].filter(Boolean).join(' ') || null,
    });

    const offerMeta = [o.offerId, o.priceDate].filter((x) => x != null && x !== '').map(str).join(' · ');
    tr_.append(
      h(
        'th',
        { scope: 'row', class: 'offer' },
        h('span', { class: 'provider' }, str(o.provider || o.offerId)),
        o.recommended === true ? [' ', h('span', { class: 'badge', part: 'badge' }, t('recommended'))] : null,
        h('span', { class: 'meta' }, offerMeta),
      ),
    );
    const dep = o.deployment === 'local-dc' || o.deployment === 'cloud' ? t(`deployment.${o.deployment}`) : str(o.deployment);
    const where = [o.region, o.tier].filter((x) => x != null && x !== '').map(str).join(' · ');
    tr_.append(h('td', { class: `dep dep-${str(o.deployment)}` }, dep, where ? h('span', { class: 'meta' }, where) : null));
    tr_.append(h('td', { class: 'gpu' }, gpuName(o.gpu)));

    const unitsLine =
      typeof o.units === 'number' && typeof o.gpusPerUnit === 'number'
        ? h('span', { class: 'meta' }, `${tr.int(o.units)} × ${tr.int(o.gpusPerUnit)}`)
        : null;
    tr_.append(h('td', { class: 'num' }, tr.int(o.count), unitsLine));
    tr_.append(h('td', { class: 'num' }, tr.days(o.wallDays)));
    tr_.append(h('td', { class: 'num' }, tr.int(o.gpuHours)));
    tr_.append(h('td', { class: 'num cost' }, cost ? tr.money(cost.amount, cost.currency) : t('noCost')));

    const billingText = cost ? tr.billing(cost.billing) : '';
    const billingTitle =
      cost && Array.isArray(cost.billing)
        ? cost.billing
            .filter((b) => b && typeof b.count === 'number')
            .map((b) => `${tr.billing([b])}: ${tr.money(b.amount, cost.currency)}`)
            .join(' + ')
        : null;
    const idle =
      cost && typeof cost.idleHours === 'number' && cost.idleHours > 0
        ? h('span', { class: 'meta' }, `${t('idle')} ${tr.sig(cost.idleHours, 2)} ${t('hoursUnit')}`)
        : null;
    tr_.append(h('td', { class: 'billing', title: billingTitle || null }, billingText || '—', idle));

    const statusText = st === 'ok' ? t('statusOk') : st === 'missesGoal' ? t('statusMissesGoal') : t('statusNoFit');
    tr_.append(h('td', { class: `status status-${st}` }, h('span', { class: 'dot', 'aria-hidden': 'true' }), statusText));

    const warnings = Array.isArray(o.warnings) ? o.warnings.filter((w) => w && w.message) : [];
    const wcell = h('td', { class: 'warn' });
    if (warnings.length === 1) wcell.append(String(warnings[0].message));
    else if (warnings.length > 1) wcell.append(h('ul', null, warnings.map((w) => h('li', null, String(w.message)))));
    tr_.append(wcell);
    return tr_;
  }
}
