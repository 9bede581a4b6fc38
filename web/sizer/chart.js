// The cost-versus-time chart: one point per usable option (fits and meets the goal) at the core's
// wallDays (x) and cost.amount (y); the core's result.frontier highlighted and joined in its order;
// the recommended, cheapest and fastest options labelled. Scales, ticks and pixel positions are
// presentation; every plotted value is read from the response.
import { h, s, replace, observeWidth, noteWithHint, roving } from './dom.js';
import { i18n } from './i18n.js';

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const LOG_SPAN = 20; // a log axis when the values span more than 20×

function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
}

/** A scale over the values onto [a, b]: {map, ticks, log}. */
export function makeScale(values, a, b, target = 5) {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const log = lo > 0 && hi / lo > LOG_SPAN;
  let d0, d1, ticks, f;
  if (log) {
    const pad = Math.max(0.05, (Math.log10(hi) - Math.log10(lo)) * 0.06);
    d0 = Math.log10(lo) - pad;
    d1 = Math.log10(hi) + pad;
    const decades = d1 - d0;
    const mults = decades <= 2.2 ? [1, 2, 5] : decades <= 4 ? [1, 3] : [1];
    ticks = [];
    for (let k = Math.floor(d0); k <= Math.ceil(d1); k++) {
      for (const m of mults) {
        const v = m * 10 ** k;
        const l = Math.log10(v);
        if (l >= d0 && l <= d1) ticks.push(v);
      }
    }
    f = (v) => a + ((Math.log10(v) - d0) / (d1 - d0)) * (b - a);
  } else {
    if (hi === lo) {
      const pad = Math.abs(lo) * 0.1 || 1;
      lo -= pad;
      hi += pad;
    }
    const pad = (hi - lo) * 0.08;
    d0 = lo - pad;
    d1 = hi + pad;
    if (lo >= 0 && d0 < 0) d0 = 0;
    const step = niceStep((d1 - d0) / target);
    ticks = [];
    for (let v = Math.ceil(d0 / step) * step; v <= d1 + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
    f = (v) => a + ((v - d0) / (d1 - d0)) * (b - a);
  }
  return { map: f, ticks, log };
}

// Rough text width for label placement (CJK glyphs are about twice as wide as Latin ones).
const textWidth = (str, size = 11) => [...str].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.58), 0);

// Label placement geometry: boxes {x, y, w, h}, segments [x1, y1, x2, y2].
const nearest = (px, py, b) => [Math.min(Math.max(px, b.x), b.x + b.w), Math.min(Math.max(py, b.y), b.y + b.h)];
const boxDist = (px, py, b) => {
  const [x, y] = nearest(px, py, b);
  return Math.hypot(x - px, y - py);
};
const segDist = (px, py, ax, ay, bx, by) => {
  const l2 = (bx - ax) ** 2 + (by - ay) ** 2;
  const k = l2 ? Math.min(Math.max(((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / l2, 0), 1) : 0;
  return Math.hypot(px - ax - k * (bx - ax), py - ay - k * (by - ay));
};
const crosses = ([ax, ay, bx, by], [cx, cy, dx, dy]) => {
  const side = (px, py, qx, qy, rx, ry) => Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
  return side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) < 0 && side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) < 0;
};
// A leader from the edge of point {x, y, r} to (x2, y2).
const fromEdge = ({ x, y, r }, [x2, y2]) => {
  const k = (r + 1.5) / Math.hypot(x2 - x, y2 - y);
  return [x + (x2 - x) * k, y + (y2 - y) * k, x2, y2];
};
// Whether a segment meets a box (its ends inside, or it crosses an edge).
const segBox = (x1, y1, x2, y2, b) => {
  const inside = (x, y) => x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h;
  if (inside(x1, y1) || inside(x2, y2)) return true;
  const [l, t, r, btm] = [b.x, b.y, b.x + b.w, b.y + b.h];
  return [[l, t, r, t], [r, t, r, btm], [l, btm, r, btm], [l, t, l, btm]].some((e) => crosses([x1, y1, x2, y2], e));
};

export class Chart {
  /**
   * @param {HTMLElement} container
   * @param {{onSelect: (offerId: string) => void}} callbacks
   */
  constructor(container, { onSelect }) {
    this.onSelect = onSelect;
    this.data = null;
    this.width = 0;
    this.heading = h('h2', { id: 'chart-heading' });
    this.note = h('p', { class: 'chart-note', id: 'chart-note' });
    this.svg = s('svg', { class: 'plot', role: 'group', 'aria-labelledby': 'chart-heading', 'aria-describedby': 'chart-note' });
    this.tip = h('div', { class: 'tip', 'aria-hidden': 'true', hidden: true });
    this.empty = h('p', { class: 'chart-empty', hidden: true });
    this.box = h('div', { class: 'chart-box' }, this.svg, this.tip);
    this.legend = h('ul', { class: 'chart-legend' });
    this.root = h(
      'section',
      { class: 'chart panel', part: 'chart', 'aria-labelledby': 'chart-heading', hidden: true },
      this.heading,
      this.note,
      this.empty,
      this.box,
      this.legend,
    );
    container.append(this.root);
    // Redraws at the new width; observing only while the element is in a document (connect()).
    // The box's width as the observer last reported it (dom.js observeWidth).
    this.boxWidth = 0;
    this.observer = observeWidth(this);
  }

  connect() {
    this.observer?.observe(this.box);
  }

  /** Releases the observer and a pending redraw (the element left the document). */
  disconnect() {
    this.observer?.disconnect();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  /**
   * @param {object} response  the parsed ok:true response
   * @param {{lang: string, gpuName: (id: string) => string}} ctx
   */
  update(response, ctx) {
    const result = response?.result || {};
    const options = Array.isArray(result.options) ? result.options : [];
    const usable = options.filter(
      (o) => o && o.fits === true && o.meetsGoal === true && isNum(o.wallDays) && o.wallDays > 0 && isNum(o.cost?.amount) && o.cost.amount > 0,
    );
    const frontier = Array.isArray(result.frontier) ? result.frontier.map(String) : [];
    // Cheapest and fastest of the offers within the requirements, as the comparison's badges.
    const choices = result.choicesWithin && typeof result.choicesWithin === 'object' ? result.choicesWithin : {};
    this.setStale(false);
    this.root.hidden = false;
    // The same points as last time (a change elsewhere in the form): nothing to redraw.
    const key = JSON.stringify([ctx.lang, frontier, choices, usable.map((o) => [o.offerId, o.provider, o.gpu, o.count, o.wallDays, o.cost.amount, o.cost.currency, o.recommended])]);
    if (key === this.key && this.data) {
      this.data.ctx = ctx;
      return;
    }
    this.key = key;
    this.data = { usable, frontier, choices, ctx, currency: usable[0]?.cost?.currency || result.currency };
    this.draw();
  }

  marks(o) {
    const { t } = i18n(this.data.ctx.lang);
    const { choices } = this.data;
    const out = [];
    if (o.recommended === true) out.push(t('recommended'));
    if (choices.cheapest === o.offerId) out.push(t('cheapest'));
    if (choices.fastest === o.offerId) out.push(t('fastest'));
    return out;
  }

  draw() {
    if (!this.data) return;
    const { usable, frontier, ctx, currency } = this.data;
    const tr = i18n(ctx.lang);
    const { t } = tr;
    this.heading.textContent = t('chartHeading');
    noteWithHint(this.note, t('chartNote'), t('chartHint'), ctx.lang);
    this.hideTip();
    this.empty.textContent = t('chartEmpty');
    this.empty.hidden = usable.length > 0;
    this.box.hidden = usable.length === 0;
    this.legend.hidden = usable.length === 0;
    if (usable.length === 0) {
      this.svg.replaceChildren();
      return;
    }

    // Read from the layout only before the observer has said (the first draw).
    const W = Math.max(this.boxWidth || this.width || this.box.clientWidth || 640, 260);
    this.width = W;
    const narrow = W < 520;
    const H = narrow ? 250 : 300;
    const m = { l: narrow ? 54 : 66, r: narrow ? 10 : 18, t: 24, b: 38 };
    // The time axis in the unit the durations are read in: minutes or hours for short jobs.
    const longest = Math.max(...usable.map((o) => o.wallDays));
    const [perDay, axisKey] = longest < 2 / 24 ? [1440, 'axisMinutes'] : longest < 2 ? [24, 'axisHours'] : [1, 'axisDays'];
    const xOf = (o) => o.wallDays * perDay;
    const xs = makeScale(usable.map(xOf), m.l, W - m.r, narrow ? 4 : 6);
    const ys = makeScale(usable.map((o) => o.cost.amount), H - m.b, m.t, 5);
    this.svg.setAttribute('width', W);
    this.svg.setAttribute('height', H);
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);

    const grid = s('g', { class: 'grid', 'aria-hidden': 'true' });
    for (const v of ys.ticks) {
      const y = ys.map(v).toFixed(1);
      grid.append(
        s('line', { x1: m.l, x2: W - m.r, y1: y, y2: y }),
        s('text', { class: 'tick', x: m.l - 6, y, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tr.moneyCompact(v, currency)),
      );
    }
    let lastX = -Infinity;
    for (const v of xs.ticks) {
      const x = xs.map(v);
      grid.append(s('line', { class: 'v', x1: x.toFixed(1), x2: x.toFixed(1), y1: m.t, y2: H - m.b }));
      const label = tr.sig(v, 3);
      if (x - lastX < textWidth(label) + 10) continue; // skip crowded labels
      lastX = x;
      grid.append(s('text', { class: 'tick', x: x.toFixed(1), y: H - m.b + 14, 'text-anchor': 'middle' }, label));
    }
    const axes = s(
      'g',
      { class: 'axes', 'aria-hidden': 'true' },
      s('line', { x1: m.l, x2: m.l, y1: m.t, y2: H - m.b }),
      s('line', { x1: m.l, x2: W - m.r, y1: H - m.b, y2: H - m.b }),
      s('text', { class: 'axis-title', x: m.l - 6, y: 12, 'text-anchor': 'start' }, `${t('axisCost')} (${currency}${ys.log ? `, ${t('logScale')}` : ''})`),
      s('text', { class: 'axis-title', x: W - m.r, y: H - 6, 'text-anchor': 'end' }, `${t(axisKey)}${xs.log ? ` (${t('logScale')})` : ''}`),
    );

    const rank = new Map(frontier.map((id, i) => [id, i]));
    const pos = (o) => [xs.map(xOf(o)), ys.map(o.cost.amount)];
    const line = frontier
      .map((id) => usable.find((o) => o.offerId === id))
      .filter(Boolean)
      .map((o) => pos(o).map((v) => v.toFixed(1)).join(','));
    const frontierLine = line.length > 1 ? s('polyline', { class: 'frontier-line', points: line.join(' '), 'aria-hidden': 'true' }) : null;

    // Points: ordinary ones first, the frontier on top (drawing order); the keyboard goes left to
    // right through all of them (one tab stop, arrow keys inside: dom.js roving).
    const sorted = usable
      .map((o, i) => ({ o, i, f: rank.has(o.offerId) }))
      .sort((a, b) => a.f - b.f || a.o.wallDays - b.o.wallDays || a.i - b.i);
    const points = s('g', { class: 'points' });
    const at = new Map(); // point → its [x, y]
    const labels = s('g', { class: 'labels', 'aria-hidden': 'true' });
    const placed = [];
    for (const { o, f } of sorted) {
      const [x, y] = pos(o);
      const marks = this.marks(o);
      const desc = [
        `${o.provider || o.offerId} (${o.offerId})`,
        `${tr.int(o.count)} × ${ctx.gpuName(o.gpu)}`,
        tr.duration(o.wallDays).text,
        tr.money(o.cost.amount, o.cost.currency),
        f ? t('frontier') : null,
        ...marks,
      ].filter(Boolean);
      const cls = ['pt', f && 'frontier', o.recommended === true && 'rec', marks.length > 0 && 'marked'].filter(Boolean).join(' ');
      const g = s(
        'g',
        { class: cls, tabindex: '-1', role: 'button', 'aria-label': desc.join(', '), 'data-offer-id': String(o.offerId) },
        s('circle', { class: 'hit', cx: x.toFixed(1), cy: y.toFixed(1), r: 10 }),
        s('circle', { class: 'dot', cx: x.toFixed(1), cy: y.toFixed(1), r: f ? 5.5 : 4 }),
      );
      const show = () => this.showTip(o, desc, x, y, W);
      g.addEventListener('pointerenter', show);
      g.addEventListener('focus', () => {
        this.current = String(o.offerId); // the tab stop of the next drawing
        show();
      });
      g.addEventListener('pointerleave', () => this.hideTip());
      g.addEventListener('blur', () => this.hideTip());
      g.addEventListener('click', () => this.onSelect(String(o.offerId)));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.onSelect(String(o.offerId));
        }
      });
      at.set(g, [x, y]);
      points.append(g);
      if (marks.length) placed.push({ x, y, r: f ? 5.5 : 4, rec: o.recommended === true, text: marks.join(' · ') });
    }
    const order = [...points.children].sort((a, b) => at.get(a)[0] - at.get(b)[0] || at.get(a)[1] - at.get(b)[1]);
    // The tab stop: the point focused last when it is still drawn, else the recommended one.
    const last = order.findIndex((g) => g.dataset.offerId === this.current);
    roving(order, last >= 0 ? last : Math.max(0, order.findIndex((g) => g.classList.contains('rec'))));
    this.placeLabels(placed, usable.map((o) => [...pos(o), rank.has(o.offerId)]), labels, W, H, m);
    replace(this.svg, grid, axes, frontierLine, points, labels);

    replace(
      this.legend,
      h('li', null, h('span', { class: 'key key-frontier', 'aria-hidden': 'true' }), t('frontier')),
      h('li', null, h('span', { class: 'key key-other', 'aria-hidden': 'true' }), `${tr.int(usable.length)} ${t('usableOptions')}`),
    );
  }

  /**
   * Each label at the free spot nearest its point, the recommended one first: covering no other
   * point or label, not nearer another point than its own, and joined to its point by a leader
   * line when not right beside it (one that passes no other point and crosses no other label or
   * leader).
   */
  placeLabels(items, dots, layer, W, H, m) {
    const boxes = [];
    const leaders = [];
    items.sort((a, b) => b.rec - a.rec || a.y - b.y);
    for (const it of items) {
      const w = textWidth(it.text);
      // The other points near enough to count: every penalty below is for a point within 15 px
      // of a candidate box or leader, and those all lie within this window around the point
      // (boxes up to 72 px beside it and 68 px above or below; leaders between the two). The
      // chart's other points cannot change a score, and weighing them was most of the work.
      const others = dots.filter(
        ([x, y]) => Math.hypot(x - it.x, y - it.y) > 0.5 && Math.abs(x - it.x) < w + 72 + 15 && y > it.y - 68 - 15 && y < it.y + 59 + 12 + 15,
      );
      // Candidate boxes (x, y: top left; 12 px high, the text's baseline 9 px down) around the
      // point, up to 72 px to either side and 68 px above or below it; one over the point's x only
      // above or below it, clear of the dot.
      const cands = [];
      for (const dy of [-16, -6, 7, -29, 20, -42, 33, -55, 46, -68, 59]) {
        for (const x of [it.x + 9, it.x - 9 - w, it.x - w / 2, ...Array.from({ length: Math.ceil((w + 144) / 6) }, (_, i) => it.x - w - 72 + 6 * i)]) {
          const anchor = x + w <= it.x - 9 ? 'end' : x >= it.x + 9 ? 'start' : 'middle';
          if (anchor !== 'middle' || Math.abs(dy) >= 16) cands.push({ x, y: it.y + dy, anchor });
        }
      }
      let best = null;
      for (const c of cands) {
        const b = { x: c.x, y: c.y, w, h: 12 };
        if (b.x < m.l + 2 || b.x + w > W - m.r || b.y < m.t || b.y + b.h > H - m.b - 2) continue;
        if (boxes.some((o) => b.x < o.x + o.w + 2 && b.x + w + 2 > o.x && b.y < o.y + o.h + 1 && b.y + b.h + 1 > o.y)) continue;
        const own = boxDist(it.x, it.y, b);
        const lead = own > it.r + 6;
        let score = own;
        for (const [x, y, f] of others) {
          const d = boxDist(x, y, b);
          if (d < 7) score += f ? 100 : 60; // the label covers another point (less bad: one off the frontier)
          else if (d < (lead ? 9 : Math.max(own + 3, 9))) score += 50; // or reads as another point's
        }
        if (leaders.some((l) => segBox(...l, b))) score += 100; // or lies on a leader
        if (best && score >= best.score) continue;
        // The leader: to the label's nearest point or, above or below the point, an end of its edge.
        let leader = null;
        if (lead) {
          const [nx, ny] = nearest(it.x, it.y, b);
          let least = Infinity;
          for (const end of ny === it.y ? [[nx, ny]] : [[nx, ny], [b.x + 4, ny], [b.x + w - 4, ny]]) {
            const l = fromEdge(it, end);
            let ls = Math.hypot(end[0] - it.x, end[1] - it.y) - own;
            for (const [x, y, f] of others) {
              const e = segDist(x, y, ...l);
              if (e < 6) ls += f ? 150 : 100; // it runs through another point (or close by: less bad)
              else if (e < 9) ls += 20;
            }
            if (boxes.some((o) => segBox(...l, o)) || leaders.some((o) => crosses(l, o))) ls += 100; // or crosses a label or leader
            if (ls < least) [least, leader] = [ls, l];
          }
          score += least;
        }
        if (!best || score < best.score) best = { ...c, b, leader, score };
      }
      if (!best) {
        // No spot at all inside the plot: beside the point.
        const right = it.x + 9 + w <= W - m.r;
        const x = right ? it.x + 9 : it.x - 9 - w;
        best = { x, y: it.y - 16, anchor: right ? 'start' : 'end', b: { x, y: it.y - 16, w, h: 12 }, leader: null };
      }
      const { b, leader } = best;
      boxes.push(b);
      if (leader) {
        leaders.push(leader);
        const [x1, y1, x2, y2] = leader.map((v) => v.toFixed(1));
        layer.append(s('line', { class: 'pt-leader', stroke: 'currentColor', 'stroke-width': 1, x1, y1, x2, y2 }));
      }
      const tx = best.anchor === 'start' ? b.x : best.anchor === 'end' ? b.x + w : b.x + w / 2;
      layer.append(s('text', { class: 'pt-label', x: tx.toFixed(1), y: (b.y + 9).toFixed(1), 'text-anchor': best.anchor }, it.text));
    }
  }

  showTip(o, desc, x, y, W) {
    replace(this.tip, h('strong', null, desc[0]), desc.slice(1).map((d) => h('span', null, d)));
    this.tip.hidden = false;
    const left = x > W / 2;
    this.tip.toggleAttribute('data-left', left);
    this.tip.style.left = `${Math.round(left ? x - 12 : x + 12)}px`;
    this.tip.style.top = `${Math.round(y)}px`;
  }

  hideTip() {
    this.tip.hidden = true;
  }
}
