// The explanation: result.steps as an ordered list (titles and texts come from the core,
// already in the request's language).
import { h, replace } from './dom.js';
import { i18n } from './i18n.js';
import { namedFields } from './form.js';

export class Steps {
  constructor(container) {
    this.heading = h('h2', { id: 'steps-heading' });
    this.list = h('ol', { class: 'steps-list' });
    this.root = h('section', { class: 'steps', part: 'steps', 'aria-labelledby': 'steps-heading' }, this.heading, this.list);
    container.append(this.root);
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  update(response, { lang }) {
    this.heading.textContent = i18n(lang).t('stepsHeading');
    this.setStale(false);
    const steps = Array.isArray(response?.result?.steps) ? response.result.steps.filter((s) => s && typeof s === 'object') : [];
    // The same steps as last time (another offer filter, the same job): nothing to redraw.
    const key = JSON.stringify(steps);
    if (key === this.key) return;
    this.key = key;
    replace(
      this.list,
      steps.map((s) =>
        h(
          'li',
          { 'data-step': s.id == null ? null : String(s.id) },
          h('h3', null, String(s.title ?? s.id ?? '')),
          h('p', null, namedFields(s.text ?? '', lang)),
        ),
      ),
    );
  }
}
