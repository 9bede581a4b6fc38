// The headline: the recommended plan (result.recommendation.offerId's option): its provider, GPU
// and count in whole units, the run's time, GPU-hours with the spread of published runs, memory
// per GPU and the total cost with its bill line by line (storage, transfer, set-up and add-ons,
// each with the core's basis on hover; what the offer's price list leaves out said so); the time
// the data takes to upload; the job's total compute; one line (the core's
// recommendation.reason, which names the runner-up and the cheapest alternative outside the
// constraints) saying why; when nothing meets every constraint, which to relax. Without a
// recommended option, the estimate for the chosen GPU. Every figure is read from the response.
// With a call to action configured (ctx.cta), its button or link stands beside the plan's name.
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';
import { ctaControl } from './cta.js';
import { jobItems } from './job.js';
import { namedFields } from './form.js';

const KEYS = ['gpus', 'wallDays', 'cost', 'gpuHours', 'memory', 'flops'];
// The calibration's accuracy page, beside the module on the site (also when the element is
// embedded in another site's page).
const ACCURACY_URL = new URL('../accuracy.html', import.meta.url).href;
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);

/** The option the core recommends (recommendation.offerId, else the one flagged), or null. */
export function recommendedOption(result) {
  const options = Array.isArray(result?.options) ? result.options.filter(isObject) : [];
  const id = result?.recommendation?.offerId;
  return (id != null && options.find((o) => o.offerId === id)) || options.find((o) => o.recommended === true) || null;
}

export class Summary {
  constructor(container) {
    this.heading = h('h2', { id: 'summary-heading', class: 'plan-heading' });
    this.planName = h('span', { class: 'plan-name' });
    this.planId = h('span', { class: 'plan-id meta' });
    this.ctaBox = h('span', { class: 'plan-cta' });
    this.cards = {};
    const list = h('dl', { class: 'cards' });
    for (const key of KEYS) {
      const card = {
        root: h('div', { class: 'card', 'data-key': key }),
        label: h('dt'),
        value: h('dd', { class: 'value' }),
        sub: h('dd', { class: 'sub' }),
        // The range of published runs, where the card has one (wallDays, gpuHours).
        range: h('dd', { class: 'range-line', hidden: true }),
      };
      card.root.append(card.label, card.value, card.sub, card.range);
      list.append(card.root);
      this.cards[key] = card;
    }
    // On paper the form is not printed: this line says what job the plan is for (print only).
    this.job = h('p', { class: 'print-job' });
    this.staleNote = h('p', { class: 'stale-note', hidden: true });
    // When nothing meets every constraint: what to relax (the constraints by name).
    this.relax = h('p', { class: 'relax', role: 'note', hidden: true });
    this.reason = h('p', { class: 'reason', hidden: true });
    this.warnings = h('ul', { class: 'warnings', part: 'warnings', hidden: true });
    this.root = h(
      'section',
      { class: 'summary', part: 'summary', 'aria-labelledby': 'summary-heading' },
      h('div', { class: 'plan-head' }, this.heading, this.planName, this.planId, this.ctaBox),
      this.job,
      this.staleNote,
      this.relax,
      list,
      this.reason,
      this.warnings,
    );
    container.append(this.root);
  }

  /** Marks the shown figures as out of date (the input currently has an error). */
  /** why: the note's key, 'stale' (the input has an error) or 'typing' (the input is still being typed). */
  setStale(stale, lang, why = 'stale') {
    this.root.toggleAttribute('data-stale', stale);
    this.root.toggleAttribute('data-typing', stale && why === 'typing');
    this.staleNote.hidden = !stale;
    this.staleNote.textContent = stale ? i18n(lang).t(why) : '';
  }

  /**
   * @param {object} response  the parsed ok:true response
   * @param {{lang: string, gpuName: (id: string) => string, cta?: object | null}} ctx
   */
  update(response, { lang, gpuName, cta = null }) {
    const tr = i18n(lang);
    const { t } = tr;
    const result = response?.result || {};
    const compute = result.compute || {};
    const est = isObject(result.estimate) ? result.estimate : null;
    const rec = isObject(result.recommendation) ? result.recommendation : null;
    const plan = recommendedOption(result);
    this.setStale(false, lang);
    for (const key of KEYS) this.cards[key].label.textContent = t(key);
    this.job.textContent = jobItems(response, { lang, gpuName }).join(lang === 'zh' ? '；' : ' · ');

    // The heading names what the cards describe: the plan, the closest one, or the bare estimate.
    const qualifies = !rec || rec.qualifies !== false;
    this.heading.textContent = plan ? t(qualifies ? 'planHeading' : 'closestHeading') : est ? t('estimateHeading') : t('summaryHeading');
    const provider = plan ? String(plan.provider || plan.offerId || '') : '';
    this.planName.textContent = provider;
    this.planName.title = provider; // a long name is clipped; its whole text on hover
    this.planId.textContent = plan && plan.provider && plan.offerId ? String(plan.offerId) : '';
    this.root.toggleAttribute('data-closest', !!plan && !qualifies);
    // The call to action for the recommended plan, when it is one of the provider's offers.
    const ctaFor = plan && cta && (cta.offers === null || cta.offers.has(String(plan.offerId)));
    replace(this.ctaBox, ctaFor ? ctaControl(cta, plan, 'plan', tr.fmt('ctaAria', { label: cta.label, offer: provider })) : null);
    this.ctaBox.hidden = !ctaFor;

    // What the cards show: the plan's figures, else the estimate's.
    const src = plan || est;
    this.fillGpus(src, plan, est, tr, gpuName);
    this.fillTime(src, tr, plan);
    this.fillHours(src, tr);
    this.fillMemory(src, tr);
    this.fillCost(plan, tr);
    this.fillFlops(compute, tr);

    // Nothing meets every constraint: say so, and which ones to relax (the core's names).
    const relax = rec && rec.qualifies === false ? (Array.isArray(rec.relax) ? rec.relax : []).filter((c) => typeof c === 'string') : [];
    if (rec && rec.qualifies === false) {
      replace(
        this.relax,
        h('strong', null, t('noneQualifies')),
        relax.length ? [' ', t('relaxLead'), ' ', h('span', { class: 'relax-list' }, relax.map((c) => tr.enumLabel('constraint', c)).join(lang === 'zh' ? '、' : ', '))] : null,
      );
      this.relax.hidden = false;
    } else {
      this.relax.replaceChildren();
      this.relax.hidden = true;
    }
    // Why: the core's sentence, in the request's language (it names the runner-up and the
    // cheapest alternative outside the constraints).
    const reason = rec && typeof rec.reason === 'string' ? rec.reason : '';
    this.reason.textContent = namedFields(reason, lang);
    this.reason.hidden = !reason;

    const warnings = Array.isArray(response?.warnings) ? response.warnings.filter((w) => w && w.message) : [];
    // The plan's paid idle time is said here too, not only in its row: it is money.
    const planWarnings = plan && Array.isArray(plan.warnings) ? plan.warnings : [];
    for (const w of planWarnings) if (w && w.code === 'paid_idle' && w.message) warnings.push(w);
    // The fields they name by their labels, never by a JSON path (form.js namedFields).
    replace(this.warnings, warnings.map((w) => h('li', { 'data-code': w.code || null }, namedFields(w.message, lang))));
    this.warnings.hidden = warnings.length === 0;
  }

  fillGpus(src, plan, est, tr, gpuName) {
    const { t } = tr;
    const card = this.cards.gpus;
    if (!src) {
      card.value.textContent = '—';
      replace(card.sub, h('span', null, t('noEstimate')));
      return;
    }
    card.value.textContent = tr.int(src.count);
    const lines = [h('span', { class: 'gpu-name' }, gpuName(src.gpu))];
    if (plan && isNum(plan.units) && isNum(plan.gpusPerUnit) && plan.gpusPerUnit > 1) {
      lines.push(h('span', { class: 'units' }, tr.fmt('planUnits', { units: tr.int(plan.units), unitWord: tr.word('unitWord', plan.units), per: tr.int(plan.gpusPerUnit) })));
    }
    if (isNum(src.gpusUsed) && isNum(src.count) && src.gpusUsed < src.count) {
      lines.push(h('span', { class: 'used' }, tr.fmt('planUsed', { n: tr.int(src.gpusUsed) })));
    }
    // The estimate for the chosen GPU, when the plan rents another number (whole units) or GPU.
    if (plan && est && isNum(est.count) && (est.count !== plan.count || est.gpu !== plan.gpu)) {
      const n = est.gpu === plan.gpu ? tr.int(est.count) : `${tr.int(est.count)} × ${gpuName(est.gpu)}`;
      lines.push(h('span', { class: 'estimate-count' }, tr.fmt('planEstimate', { n })));
    }
    if (isNum(src.mfu)) {
      const source = src.mfuSource === 'request' ? t('mfuRequest') : tr.joined([t('mfuModel'), t('mfuCalibrated')]);
      lines.push(h('span', null, `MFU ${tr.sig(src.mfu, 3)}${tr.aside(source)}`));
    }
    replace(card.sub, lines);
  }

  fillTime(src, tr, plan) {
    const card = this.cards.wallDays;
    if (!src || !isNum(src.wallDays)) {
      card.value.textContent = '—';
      card.sub.textContent = '';
      card.range.hidden = true;
      return;
    }
    // Minutes, hours or days as the job's length asks; a run past a year also in years.
    const d = tr.duration(src.wallDays);
    replace(card.value, d.value, d.unit ? h('span', { class: 'unit' }, ` ${d.unit}`) : null);
    // The upload before it, when the plan's data is of known size (the core's transfer plan).
    const up = plan && isObject(plan.transfer) && isNum(plan.transfer.uploadHours) ? tr.duration(plan.transfer.uploadHours / 24).text : '';
    replace(card.sub, d.aside.trim() ? h('span', null, d.aside.trim()) : null, up ? h('span', { class: 'upload' }, tr.fmt('uploadFirst', { d: up })) : null);
    // The days published runs like this one took over the same interval (the core's).
    const r = src.wallDaysRange;
    const ranged = isObject(r) && isNum(r.low) && isNum(r.high) && r.high > r.low && isNum(r.coverage);
    const text = (days) => {
      const x = tr.duration(days);
      return x.unit ? `${x.value} ${x.unit}` : x.value;
    };
    card.range.textContent = ranged ? tr.fmt('daysRange', { n: tr.sig(r.coverage * 10, 2), low: text(r.low), high: text(r.high) }) : '';
    card.range.hidden = !ranged;
  }

  fillHours(src, tr) {
    const card = this.cards.gpuHours;
    if (!src || !isNum(src.gpuHours)) {
      card.value.textContent = '—';
      card.sub.textContent = '';
      return;
    }
    // The spread of published runs beside the point: "205,157 (140K–325K)", rounded outwards so
    // the point shown lies inside the range shown (with an MFU given there is no spread).
    const range = src.gpuHoursRange;
    const hasRange = range && isNum(range.low) && isNum(range.high) && range.high > range.low;
    const spread = hasRange ? tr.spread(range.low, src.gpuHours, range.high) : null;
    replace(
      card.value,
      h('span', { class: 'point' }, tr.hours(src.gpuHours)),
      spread ? h('span', { class: 'range' }, ' (', h('span', { class: 'low' }, spread.low), '–', h('span', { class: 'high' }, spread.high), ')') : null,
    );
    // What the range is: the core's stated coverage of published runs, and where it is measured.
    const coverage = hasRange && isNum(range.coverage) ? range.coverage : null;
    replace(
      card.sub,
      spread ? h('span', null, coverage ? tr.fmt('rangeCoverage', { n: tr.sig(coverage * 10, 2) }) : tr.t('range')) : null,
      spread ? [' ', h('a', { href: ACCURACY_URL, target: '_blank', rel: 'noopener' }, tr.t('howAccurate'))] : null,
    );
  }

  fillMemory(src, tr) {
    const { t } = tr;
    const card = this.cards.memory;
    replace(card.value, src && isNum(src.memoryPerGpuGiB) ? tr.sig(src.memoryPerGpuGiB, 3) : '—', h('span', { class: 'unit' }, ' GiB'));
    card.sub.textContent = src?.fits === false ? t('notFits') : src?.fits === true ? t('fits') : '';
    card.root.toggleAttribute('data-bad', src?.fits === false);
  }

  fillCost(plan, tr) {
    const { t } = tr;
    const card = this.cards.cost;
    const cost = plan && isObject(plan.cost) ? plan.cost : null;
    if (!cost) {
      card.value.textContent = '—';
      card.sub.textContent = t('noOffer');
      card.root.toggleAttribute('data-bad', true);
      return;
    }
    card.value.textContent = tr.money(cost.amount, cost.currency);
    const lines = [];
    const billing = tr.billing(cost.billing);
    if (billing) lines.push(h('span', null, billing));
    // The rest of the bill: a line per item of the core's, its basis on hover; unpriced ones said so.
    const bill = Array.isArray(cost.lines) ? cost.lines.filter((l) => isObject(l) && l.kind !== 'gpu') : [];
    if (bill.length) {
      lines.push(
        h(
          'span',
          { class: 'bill-lines' },
          bill.map((l, i) => [
            i ? ' · ' : '',
            h(
              'span',
              { class: l.priced === false ? 'bill-line unpriced' : 'bill-line', 'data-kind': l.kind, 'data-item': l.item, title: typeof l.basis === 'string' ? l.basis : null },
              `${tr.enumLabel('lineItem', l.item)} ${l.priced === false ? tr.t('notPriced') : tr.money(l.amount, cost.currency)}`,
            ),
          ]),
        ),
      );
    }
    if (isNum(plan.costPerBillionTokens)) lines.push(h('span', null, tr.fmt('planPerB', { v: tr.price(plan.costPerBillionTokens, cost.currency) })));
    replace(card.sub, lines);
    card.root.removeAttribute('data-bad');
  }

  fillFlops(compute, tr) {
    const card = this.cards.flops;
    // Total compute in scientific notation, the exponent as a superscript.
    const sci = tr.scientific(compute.flopsTotal);
    if (sci) replace(card.value, h('span', { class: 'sci' }, sci.mantissa, sci.exponent ? [' × 10', h('sup', null, sci.exponent)] : ''));
    else replace(card.value, '—');
    card.sub.textContent = ['FLOPs', compute.method].filter(Boolean).join(' · ');
  }
}
