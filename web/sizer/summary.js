// The headline: total FLOPs, GPUs, days, GPU-hours, memory and the recommended offer's cost,
// all read from the response; plus the response's general warnings.
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';

const KEYS = ['flops', 'gpus', 'wallDays', 'gpuHours', 'memory', 'cost'];

export class Summary {
  constructor(container) {
    this.heading = h('h2', { id: 'summary-heading', class: 'visually-hidden' });
    this.cards = {};
    const list = h('dl', { class: 'cards' });
    for (const key of KEYS) {
      const card = {
        root: h('div', { class: 'card', 'data-key': key }),
        label: h('dt'),
        value: h('dd', { class: 'value' }),
        sub: h('dd', { class: 'sub' }),
      };
      card.root.append(card.label, card.value, card.sub);
      list.append(card.root);
      this.cards[key] = card;
    }
    this.staleNote = h('p', { class: 'stale-note', hidden: true });
    this.warnings = h('ul', { class: 'warnings', part: 'warnings', hidden: true });
    this.root = h(
      'section',
      { class: 'summary', part: 'summary', 'aria-labelledby': 'summary-heading' },
      this.heading,
      this.staleNote,
      list,
      this.warnings,
    );
    container.append(this.root);
  }

  /** Marks the shown figures as out of date (the input currently has an error). */
  setStale(stale, lang) {
    this.root.toggleAttribute('data-stale', stale);
    this.staleNote.hidden = !stale;
    this.staleNote.textContent = stale ? i18n(lang).t('stale') : '';
  }

  /**
   * @param {object} response  the parsed ok:true response
   * @param {{lang: string, gpuName: (id: string) => string}} ctx
   */
  update(response, { lang, gpuName }) {
    const tr = i18n(lang);
    const { t } = tr;
    const result = response?.result || {};
    const compute = result.compute || {};
    const est = result.estimate;
    const recommended = Array.isArray(result.options) ? result.options.find((o) => o && o.recommended) : null;
    this.heading.textContent = t('summaryHeading');
    this.setStale(false, lang);
    for (const key of KEYS) this.cards[key].label.textContent = t(key);

    // Total compute in scientific notation, the exponent as a superscript.
    const sci = tr.scientific(compute.flopsTotal);
    const flops = this.cards.flops;
    if (sci) {
      replace(flops.value, h('span', { class: 'sci' }, sci.mantissa, sci.exponent ? [' × 10', h('sup', null, sci.exponent)] : ''));
    } else replace(flops.value, '—');
    flops.sub.textContent = ['FLOPs', compute.method].filter(Boolean).join(' · ');

    const gpus = this.cards.gpus;
    const wall = this.cards.wallDays;
    const hours = this.cards.gpuHours;
    const mem = this.cards.memory;
    if (est && typeof est === 'object') {
      gpus.value.textContent = tr.int(est.count);
      const source = est.mfuSource === 'request' ? t('mfuRequest') : `${t('mfuModel')}, ${t('mfuCalibrated')}`;
      replace(
        gpus.sub,
        h('span', { class: 'gpu-name' }, gpuName(est.gpu)),
        typeof est.mfu === 'number' ? h('span', null, `MFU ${tr.sig(est.mfu, 3)} (${source})`) : null,
      );
      // Minutes, hours or days as the job's length asks; a run past a year also in years.
      const wallTime = tr.duration(est.wallDays);
      replace(wall.value, wallTime.value, wallTime.unit ? h('span', { class: 'unit' }, ` ${wallTime.unit}`) : null);
      wall.sub.textContent = wallTime.aside.trim();
      // The spread of published runs around the estimate, next to it: "205,157 (140K–325K)",
      // rounded outwards so the point shown always lies inside the range shown.
      const range = est.gpuHoursRange;
      // (with an MFU given in the request the core has no spread: low = high, nothing to show)
      const hasRange = range && typeof range.low === 'number' && typeof range.high === 'number' && range.high > range.low;
      const spread = hasRange ? tr.spread(range.low, est.gpuHours, range.high) : null;
      replace(
        hours.value,
        h('span', { class: 'point' }, tr.hours(est.gpuHours)),
        spread ? h('span', { class: 'range' }, ' (', h('span', { class: 'low' }, spread.low), '–', h('span', { class: 'high' }, spread.high), ')') : null,
      );
      hours.sub.textContent = spread ? t('range') : '';
      replace(
        mem.value,
        typeof est.memoryPerGpuGiB === 'number' ? tr.sig(est.memoryPerGpuGiB, 3) : '—',
        h('span', { class: 'unit' }, ' GiB'),
      );
      mem.sub.textContent = est.fits === false ? t('notFits') : est.fits === true ? t('fits') : '';
      mem.root.toggleAttribute('data-bad', est.fits === false);
    } else {
      for (const card of [gpus, wall, hours, mem]) {
        card.value.textContent = '—';
        card.sub.textContent = '';
      }
      gpus.sub.textContent = t('noEstimate');
      mem.root.removeAttribute('data-bad');
    }

    const cost = this.cards.cost;
    if (recommended && recommended.cost) {
      cost.value.textContent = tr.money(recommended.cost.amount, recommended.cost.currency);
      const parts = [recommended.provider || recommended.offerId];
      if (typeof recommended.count === 'number') parts.push(`${tr.int(recommended.count)} × ${gpuName(recommended.gpu)}`);
      if (typeof recommended.wallDays === 'number') parts.push(tr.duration(recommended.wallDays).text);
      cost.sub.textContent = parts.filter(Boolean).join(' · ');
      cost.root.removeAttribute('data-bad');
    } else {
      cost.value.textContent = '—';
      cost.sub.textContent = t('noOffer');
      cost.root.toggleAttribute('data-bad', true);
    }

    const warnings = Array.isArray(response?.warnings) ? response.warnings.filter((w) => w && w.message) : [];
    replace(this.warnings, warnings.map((w) => h('li', { 'data-code': w.code || null }, String(w.message))));
    this.warnings.hidden = warnings.length === 0;
  }
}
