// Buying and hosting instead of renting: result.ownership, one row per machine type the job's
// options rent with a known purchase price: what one machine costs to buy (its date, kind and
// source), to host and to power a month (the core's basis on hover), the cheapest rental of it
// without a break, the month from which owning pays (sold then / kept), and this job's bill of
// owning against renting; under each row, in the core's words, how hosting and power were priced
// and the job's lines. Every figure is the core's; the words are the message table's.
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const str = (v) => (v == null ? '' : String(v));
const COLUMNS = ['gpu', 'purchase', 'monthly', 'rental', 'breakEven', 'job'];

export class Ownership {
  constructor(container) {
    this.heading = h('h2', { id: 'ownership-heading' });
    this.note = h('p', { class: 'caption-note' });
    this.head = h('tr');
    this.body = h('tbody');
    this.root = h(
      'section',
      { class: 'ownership panel', part: 'ownership', 'aria-labelledby': 'ownership-heading', hidden: true },
      this.heading,
      this.note,
      h('div', { class: 'table-wrap', role: 'region', tabindex: '0', 'aria-labelledby': 'ownership-heading' }, h('table', { class: 'ownership-table' }, h('thead', null, this.head), this.body)),
    );
    container.append(this.root);
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  update(response, { lang, gpuName }) {
    const tr = i18n(lang);
    const { t } = tr;
    const result = response?.result || {};
    const rows = Array.isArray(result.ownership) ? result.ownership.filter(isObject) : [];
    const cur = typeof result.currency === 'string' ? result.currency : undefined;
    this.setStale(false);
    this.root.hidden = rows.length === 0;
    this.heading.textContent = t('ownershipHeading');
    this.note.textContent = t('ownershipNote');
    replace(this.head, COLUMNS.map((c) => h('th', { scope: 'col', class: c === 'gpu' ? null : 'num' }, t(`own.${c}`))));
    replace(
      this.body,
      rows.flatMap((o) => {
        const p = isObject(o.purchase) ? o.purchase : {};
        const job = isObject(o.job) ? o.job : {};
        const lines = Array.isArray(job.lines) ? job.lines.filter(isObject) : [];
        const sold = isNum(o.breakEvenMonths) ? tr.fmt('own.months', { n: tr.int(o.breakEvenMonths) }) : t('own.never');
        const kept = isNum(o.cashBreakEvenMonths) ? tr.fmt('own.months', { n: tr.int(o.cashBreakEvenMonths) }) : t('own.never');
        const basis = [o.hostingBasis, o.powerBasis, ...lines.map((l) => `${tr.enumLabel('lineItem', str(l.item))}${tr.colon}${tr.money(l.amount, cur)}${tr.aside(str(l.basis))}`)]
          .filter((x) => typeof x === 'string' && x);
        const row = h(
          'tr',
          { 'data-gpu': str(o.gpu), 'data-confidence': str(o.confidence) },
          h(
            'th',
            { scope: 'row' },
            h('span', null, `${tr.int(o.gpusPerMachine)} × ${gpuName(o.gpu)}`),
            h('span', { class: 'meta' }, tr.word('own.machines', o.machines).replace('{n}', tr.int(o.machines))),
          ),
          h(
            'td',
            { class: 'num', 'data-col': 'purchase' },
            h('span', null, tr.money(p.price, cur)),
            // The listing's date and kind; its source is a citation, kept as published.
            h('span', { class: 'meta' }, [str(p.date), p.kind ? tr.t(`own.kind.${p.kind}`) : ''].filter(Boolean).join(' · ')),
            p.source ? h('cite', { class: 'meta' }, str(p.source)) : null,
          ),
          h('td', { class: 'num', 'data-col': 'monthly' }, `${tr.money(o.hostingPerMonth, cur)} + ${tr.money(o.powerPerMonth, cur)}`),
          h(
            'td',
            { class: 'num', 'data-col': 'rental' },
            isObject(o.rental) ? [h('span', null, `${tr.money(o.rental.perMonth, cur)}${t('perMonth')}`), h('span', { class: 'meta offer-id' }, str(o.rental.offerId))] : '—',
          ),
          h('td', { class: 'num', 'data-col': 'breakEven' }, `${sold} / ${kept}`),
          h(
            'td',
            { class: 'num', 'data-col': 'job' },
            h('span', null, `${tr.money(job.amount, cur)} / ${tr.money(job.rentalAmount, cur)}`),
            h('span', { class: 'meta offer-id' }, str(job.rentalOfferId)),
          ),
        );
        const how = h('tr', { class: 'own-basis', 'data-basis-for': str(o.gpu) }, h('td', { colspan: COLUMNS.length }, h('ul', { class: 'basis dim' }, basis.map((b) => h('li', null, b)))));
        return [row, how];
      }),
    );
  }
}
