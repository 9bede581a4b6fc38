// The call to action (the element's cta-label and cta-href): a link to cta-href with the plan in its
// query when that is set, else a button; either way its click fires gpusizer-quote (the controller's
// quote()). The plan's figures are the core's (the option as the response has it).
import { h } from './dom.js';

/**
 * @param {{label: string, link: (o: object) => string | null, quote: (o: object, source: string, e: Event) => void}} cta
 * @param {object} o  an option of result.options
 * @param {'plan' | 'offer'} source  next to the recommended plan, or on an offer's row
 * @param {string} ariaLabel  the control's accessible name (the label with the offer's name)
 */
export function ctaControl(cta, o, source, ariaLabel) {
  const href = cta.link(o);
  const attrs = { class: `cta cta-${source}`, part: 'cta', 'data-offer-id': String(o.offerId ?? ''), 'aria-label': ariaLabel || null };
  const el = href ? h('a', { ...attrs, href }, cta.label) : h('button', { ...attrs, type: 'button' }, cta.label);
  el.addEventListener('click', (e) => cta.quote(o, source, e));
  return el;
}
