// A tiny element builder. Text goes in as text nodes (never HTML); `style` is refused so the
// markup stays valid under a CSP without 'unsafe-inline'.

/**
 * h('td', {class: 'num', 'data-key': 'cost'}, 'text', childNode, [more, children])
 * Attribute values of false/null/undefined are skipped, true sets an empty attribute.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === false || value == null) continue;
      if (name === 'style') throw new Error('h(): inline style attributes are not allowed (CSP)');
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces all children of el. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** s('rect', {x: 1, class: 'bar'}, children…): an SVG element; presentation attributes via setAttribute. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === false || value == null) continue;
      if (name === 'style') throw new Error('s(): inline style attributes are not allowed (CSP)');
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  return append(el, children);
}

/**
 * A ResizeObserver for a chart's box: keeps view.boxWidth as last reported (so a redraw after an
 * estimate reads no layout, which would force the whole page's) and, when the width changes by
 * more than a pixel, calls view.draw() in the next frame. Null where ResizeObserver is missing.
 */
export function observeWidth(view) {
  if (typeof ResizeObserver !== 'function') return null;
  return new ResizeObserver((entries) => {
    const w = entries[entries.length - 1].contentRect.width;
    view.boxWidth = w;
    cancelAnimationFrame(view.frame);
    view.frame = requestAnimationFrame(() => {
      if (w > 0 && Math.abs(w - view.width) > 1) view.draw();
    });
  });
}

/**
 * A note followed by what to do with the mouse or keyboard, which paper leaves out (the hint
 * is a .screen-hint span, hidden in print).
 * @param {Element} el @param {string} note @param {string} hint @param {string} lang
 */
export function noteWithHint(el, note, hint, lang) {
  replace(el, note, h('span', { class: 'screen-hint' }, lang === 'zh' ? hint : ` ${hint}`));
}
