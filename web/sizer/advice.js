// The advice panel: result.advice, the rule of thumb for the model's size set against the plan,
// and the notes a renter needs (trial week, break-even, sensitive data, stale prices). The
// messages come from the core in the request's language.
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';
import { namedFields } from './form.js';

export class Advice {
  constructor(container) {
    this.heading = h('h2', { id: 'advice-heading' });
    this.rule = h('div', { class: 'rule' });
    this.notes = h('ul', { class: 'notes' });
    this.root = h(
      'section',
      { class: 'advice panel', part: 'advice', 'aria-labelledby': 'advice-heading', hidden: true },
      this.heading,
      this.rule,
      this.notes,
    );
    container.append(this.root);
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  update(response, { lang }) {
    const { t } = i18n(lang);
    const advice = response?.result?.advice;
    this.setStale(false);
    const key = `${lang}|${JSON.stringify(advice ?? null)}`;
    if (key === this.key) return; // the same advice: nothing to redraw
    this.key = key;
    const rot = advice && advice.ruleOfThumb && typeof advice.ruleOfThumb === 'object' ? advice.ruleOfThumb : null;
    const notes = Array.isArray(advice?.notes) ? advice.notes.filter((n) => n && n.message) : [];
    this.root.hidden = !rot && notes.length === 0;
    this.heading.textContent = t('adviceHeading');

    if (rot) {
      const agrees = rot.agrees === true;
      this.rule.setAttribute('data-agrees', String(agrees));
      replace(
        this.rule,
        h(
          'p',
          { class: 'rule-head' },
          h('span', { class: 'rule-label' }, t('ruleOfThumb')),
          rot.tier ? h('span', { class: 'tier' }, String(rot.tier)) : null,
          rot.suggestion ? h('strong', { class: 'suggestion' }, String(rot.suggestion)) : null,
          typeof rot.agrees === 'boolean'
            ? h('span', { class: 'mark' }, h('span', { 'aria-hidden': 'true' }, agrees ? '✓ ' : '≠ '), agrees ? t('agrees') : t('disagrees'))
            : null,
        ),
        rot.message ? h('p', { class: 'rule-msg' }, namedFields(rot.message, lang)) : null,
      );
      this.rule.hidden = false;
    } else {
      this.rule.replaceChildren();
      this.rule.hidden = true;
    }

    replace(this.notes, notes.map((n) => h('li', { 'data-code': n.code == null ? null : String(n.code) }, namedFields(n.message, lang))));
    this.notes.hidden = notes.length === 0;
  }
}
