// The host page's section "The renters' guide's claims, checked" (index.html #claims): each claim
// of the guide with the figure it claims, the figure the core computes now, the core's verdict and
// explanation, and a button that opens the claim's request in the calculator
// (element.request = claim.request). Every sentence is the core's (engine.claims(lang), in the
// page's language) or the message table's (sizer/i18n.js); numbers are the core's, formatted.
import * as engine from './sizer/engine.js';
import { i18n } from './sizer/i18n.js';
import { h, replace } from './sizer/dom.js';

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);

export class ClaimsSection {
  /**
   * @param {HTMLElement} section  the page's #claims section (heading, note, status, list inside)
   * @param {HTMLElement} sizer    the <gpu-sizer> a claim's request is opened in
   */
  constructor(section, sizer) {
    this.section = section;
    this.sizer = sizer;
    this.heading = section.querySelector('#claims-heading');
    this.note = section.querySelector('.claims-note');
    this.status = section.querySelector('.claims-status');
    this.list = section.querySelector('.claims-list');
    this.lang = null;
    this.cache = new Map(); // lang → the core's answer (claims are the same until the page reloads)
    this.seq = 0;
  }

  /** Shows the claims in lang (computed once per language, after the calculator's first answer). */
  async update(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    const seq = ++this.seq;
    const { t } = i18n(lang);
    this.section.hidden = false;
    let answer = this.cache.get(lang);
    if (!answer) {
      this.status.textContent = t('claimsLoading');
      if (!this.list.firstChild) {
        this.heading.textContent = t('claimsHeading');
        this.note.textContent = t('claimsNote');
      }
      this.section.setAttribute('aria-busy', 'true');
      try {
        answer = await engine.claims(lang);
        if (!isObject(answer) || !Array.isArray(answer.claims)) throw new Error('invalid answer');
        this.cache.set(lang, answer);
      } catch {
        if (seq !== this.seq) return;
        this.section.removeAttribute('aria-busy');
        this.status.textContent = t('claimsFailed');
        replace(this.list);
        return;
      }
    }
    if (seq !== this.seq) return; // the language changed meanwhile
    this.section.removeAttribute('aria-busy');
    this.status.textContent = '';
    // The whole section changes language at once, when the claims in that language are in.
    this.section.lang = lang;
    this.heading.textContent = t('claimsHeading');
    this.note.textContent = t('claimsNote');
    this.render(answer.claims.filter(isObject), lang);
  }

  render(claims, lang) {
    const tr = i18n(lang);
    const { t } = tr;
    replace(
      this.list,
      claims.map((c) => {
        const id = String(c.id ?? '');
        const verdict = String(c.verdict ?? '');
        const unit = c.unit ? ` ${String(c.unit)}` : '';
        // The guide's wording may hold the unit already ("about 1,000×", "千元以内").
        const claimed = String(c.claimedText ?? '');
        const claimedUnit = c.unit && !claimed.includes(String(c.unit)) ? unit : '';
        const open = h('button', { type: 'button', class: 'claim-open' }, t('claimOpen'));
        open.addEventListener('click', () => this.open(c));
        return h(
          'li',
          { class: 'claim', 'data-claim': id, 'data-verdict': verdict },
          h('p', { class: 'claim-text' }, String(c.claim ?? '')),
          h(
            'dl',
            { class: 'claim-figures' },
            h('div', { 'data-figure': 'claimed' }, h('dt', null, t('claim.claimed')), h('dd', null, `${claimed}${claimedUnit}`)),
            h('div', { 'data-figure': 'computed' }, h('dt', null, t('claim.computed')), h('dd', null, this.figure(c.computed, tr), unit)),
            h('div', { 'data-figure': 'verdict' }, h('dt', null, t('claim.verdict')), h('dd', null, h('span', { class: 'verdict' }, tr.enumLabel('verdict', verdict)))),
          ),
          h('p', { class: 'claim-explanation' }, String(c.explanation ?? '')),
          isObject(c.request) ? open : null,
        );
      }),
    );
  }

  /** A computed figure: scientific from a million up (8.4 × 10²²), whole numbers as such, else three digits. */
  figure(v, tr) {
    if (!isNum(v)) return '—';
    if (Math.abs(v) >= 1e6) {
      const sci = tr.scientific(v);
      return h('span', { class: 'sci' }, sci.mantissa, sci.exponent ? [' × 10', h('sup', null, sci.exponent)] : '');
    }
    return Number.isInteger(v) ? tr.int(v) : tr.sig(v, 3);
  }

  /** Puts the claim's request into the calculator and brings it into view. */
  open(claim) {
    this.sizer.request = claim.request;
    this.sizer.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }
}
