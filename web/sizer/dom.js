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

/**
 * One tab stop for a set of items (a chart's points), the roving tabindex of the ARIA practices:
 * the current item has tabindex 0 and the others -1; the arrow keys move the focus to the next or
 * previous item in the order given, Home and End to the first and last; the item focused last
 * stays the tab stop. The items are made anew with each drawing.
 * @param {Element[]} items in their keyboard order  @param {number} current
 */
export function roving(items, current = 0) {
  if (!items.length) return;
  let at = Math.min(Math.max(current, 0), items.length - 1);
  const set = (i) => {
    items[at].setAttribute('tabindex', '-1');
    at = i;
    items[at].setAttribute('tabindex', '0');
  };
  // On the items themselves: Chrome makes an SVG container with a focus listener a tab stop of its own.
  items.forEach((el, i) => {
    el.setAttribute('tabindex', i === at ? '0' : '-1');
    el.addEventListener('focus', () => {
      if (i !== at) set(i);
    });
    el.addEventListener('keydown', (e) => {
      const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 }[e.key];
      if (to == null) return;
      e.preventDefault();
      set(Math.min(Math.max(to, 0), items.length - 1));
      items[at].focus();
    });
  });
}
