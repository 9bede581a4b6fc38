// "How many GPUs": result.scaling drawn for the chosen GPU: wall-clock time (top) and total cost
// (below, when the points are priced) against the GPU count in whole units, the recommended count
// marked (the user's own count when the request fixes it: hardware.count), the deadline drawn
// across the time plot, and the counts beyond which adding GPUs stops paying (scaling.stopsPaying)
// shaded when within the counts plotted, else the legend says it lies beyond them; the core's rule
// as a sentence beneath. A point is a button: a click or Enter on it sizes the job by that count
// (onPick), and the focus stays on that count in the chart drawn for it. Hidden when the response
// has no scaling. Scales and positions are presentation; every plotted value is the core's.
//
// result.scaling: {gpu, offerId?, unitGpus, points: [{count, units, wallDays, gpuHours, cost?}],
//                  recommendedCount, deadlineDays?, stopsPaying?, rule}
import { h, s, replace, observeWidth, noteWithHint, roving } from './dom.js';
import { i18n } from './i18n.js';
import { makeScale } from './chart.js';

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const textWidth = (str, size = 11) => [...str].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.58), 0);

const HIT = 24; // the least width of a point's hit area, where its neighbours leave room

/**
 * The points' hit areas [left, right] along x (points at ascending xs, in a chart W wide): the
 * axis split half-way between neighbours, the splits then moved (never within 3 px of a dot) so
 * that each area is at least HIT px wide where the points leave room; each at most 20 px a side
 * of its point, or HIT px in all.
 */
export function hitAreas(xs, W) {
  const n = xs.length;
  const b = [Math.max(xs[0] - 20, 0), ...xs.slice(1).map((x, i) => (xs[i] + x) / 2), Math.min(xs[n - 1] + 20, W)];
  // How far split k (between points k - 1 and k) may move: to 3 px from either dot (if they are
  // that far apart), or to the chart's edges.
  const lo = b.map((m, k) => (k === 0 ? 0 : Math.min(xs[k - 1] + 3, m)));
  const hi = b.map((m, k) => (k === n ? W : Math.max(xs[k] - 3, m)));
  for (let i = 0; i < n; i++) if (b[i + 1] - b[i] < HIT) b[i + 1] = Math.min(b[i] + HIT, hi[i + 1]);
  for (let i = n - 1; i >= 0; i--) if (b[i + 1] - b[i] < HIT) b[i] = Math.max(b[i + 1] - HIT, lo[i]);
  return xs.map((x, i) => {
    let [l, r] = [Math.max(b[i], x - 20), Math.min(b[i + 1], x + 20)];
    if (r - l < HIT) [l, r] = r < x + 20 ? [Math.max(b[i], r - HIT), r] : [l, Math.min(b[i + 1], l + HIT)];
    return [l, r];
  });
}

/** The scaling block of a result, its points checked (positive counts and times), or null. */
export function readScaling(result) {
  const sc = result?.scaling;
  if (!isObject(sc) || !Array.isArray(sc.points)) return null;
  const points = sc.points
    .filter((p) => isObject(p) && isNum(p.count) && p.count > 0 && isNum(p.wallDays) && p.wallDays > 0)
    .sort((a, b) => a.count - b.count);
  if (points.length === 0) return null;
  return { ...sc, points };
}

export class Scaling {
  /**
   * @param {HTMLElement} container
   * @param {{onPick: (count: number) => void}} callbacks
   */
  constructor(container, { onPick }) {
    this.onPick = onPick;
    this.data = null;
    this.width = 0;
    this.heading = h('h2', { id: 'scaling-heading' });
    this.note = h('p', { class: 'chart-note', id: 'scaling-note' });
    this.svg = s('svg', { class: 'plot scaling-plot', role: 'group', 'aria-labelledby': 'scaling-heading', 'aria-describedby': 'scaling-note' });
    this.tip = h('div', { class: 'tip', 'aria-hidden': 'true', hidden: true });
    this.box = h('div', { class: 'chart-box' }, this.svg, this.tip);
    this.legend = h('ul', { class: 'chart-legend' });
    this.rule = h('p', { class: 'scaling-rule' });
    this.root = h(
      'section',
      { class: 'scaling panel', part: 'scaling', 'aria-labelledby': 'scaling-heading', hidden: true },
      this.heading,
      this.note,
      this.box,
      this.legend,
      this.rule,
    );
    container.append(this.root);
    // The box's width as the observer last reported it (dom.js observeWidth).
    this.boxWidth = 0;
    this.observer = observeWidth(this);
  }

  connect() {
    this.observer?.observe(this.box);
  }

  disconnect() {
    this.observer?.disconnect();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  update(response, ctx) {
    const result = response?.result || {};
    const sc = readScaling(result);
    this.setStale(false);
    this.root.hidden = !sc;
    if (!sc) {
      this.data = null;
      this.svg.replaceChildren();
      return;
    }
    const currency = sc.points.find((p) => isObject(p.cost))?.cost?.currency || result.currency;
    // The offer the costs are priced on (the recommended one, as the core chose it).
    const offer = Array.isArray(result.options) ? result.options.find((o) => o && o.offerId === sc.offerId) : null;
    // The request fixes the GPU count (sized by count, not by a deadline): the marked count is the
    // user's, in whole units of the offer.
    const asked = response?.request?.hardware?.count;
    const fixed = asked != null && String(asked).trim() !== '' ? Number(asked) : null;
    this.data = { sc, ctx, currency, offer, fixed };
    this.draw();
  }

  draw() {
    if (!this.data) return;
    const { sc, ctx, currency, offer, fixed } = this.data;
    const tr = i18n(ctx.lang);
    const { t } = tr;
    this.heading.textContent = t('scalingHeading');
    const anyCost = sc.points.some((p) => p.cost != null);
    const on = anyCost && sc.offerId ? ` ${tr.fmt('scalingOffer', { offer: offer?.provider ? `${offer.provider} (${sc.offerId})` : String(sc.offerId) })}` : '';
    noteWithHint(this.note, `${tr.fmt('scalingNote', { gpu: ctx.gpuName(sc.gpu) })}${on}`, t('scalingHint'), ctx.lang);
    this.rule.textContent = typeof sc.rule === 'string' ? sc.rule : '';
    this.rule.hidden = !this.rule.textContent;
    this.hideTip();

    const pts = sc.points;
    const costOf = (p) => (isObject(p.cost) && isNum(p.cost.amount) ? p.cost.amount : isNum(p.cost) ? p.cost : null);
    const priced = pts.filter((p) => costOf(p) != null && costOf(p) > 0);
    // Read from the layout only before the observer has said (the first draw).
    const W = Math.max(this.boxWidth || this.width || this.box.clientWidth || 640, 260);
    this.width = W;
    const narrow = W < 520;
    const m = { l: narrow ? 54 : 66, r: narrow ? 10 : 18, t: 22, b: 36 };
    const plotH = narrow ? 130 : 150;
    const gap = 30;
    const H = m.t + plotH + (priced.length ? gap + plotH : 0) + m.b;
    this.svg.setAttribute('width', W);
    this.svg.setAttribute('height', H);
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);

    // The time axis in the unit the durations are read in (as the cost/time chart).
    const deadline = isNum(sc.deadlineDays) && sc.deadlineDays > 0 ? sc.deadlineDays : null;
    const longest = Math.max(...pts.map((p) => p.wallDays), deadline ?? 0);
    const [perDay, axisKey] = longest < 2 / 24 ? [1440, 'axisMinutes'] : longest < 2 ? [24, 'axisHours'] : [1, 'axisDays'];
    const counts = pts.map((p) => p.count);
    const xs = makeScale(counts, m.l, W - m.r, narrow ? 4 : 6);
    const top = { y0: m.t, y1: m.t + plotH };
    const ys = makeScale([...pts.map((p) => p.wallDays * perDay), ...(deadline ? [deadline * perDay] : [])], top.y1, top.y0, 4);
    const bottom = priced.length ? { y0: top.y1 + gap, y1: top.y1 + gap + plotH } : null;
    const yc = bottom ? makeScale(priced.map(costOf), bottom.y1, bottom.y0, 4) : null;

    const grid = s('g', { class: 'grid', 'aria-hidden': 'true' });
    const axes = s('g', { class: 'axes', 'aria-hidden': 'true' });
    const band = (b, scale, fmt, title) => {
      for (const v of scale.ticks) {
        const y = scale.map(v).toFixed(1);
        grid.append(
          s('line', { x1: m.l, x2: W - m.r, y1: y, y2: y }),
          s('text', { class: 'tick', x: m.l - 6, y, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, fmt(v)),
        );
      }
      axes.append(
        s('line', { x1: m.l, x2: m.l, y1: b.y0, y2: b.y1 }),
        s('line', { x1: m.l, x2: W - m.r, y1: b.y1, y2: b.y1 }),
        s('text', { class: 'axis-title', x: m.l - 6, y: b.y0 - 8, 'text-anchor': 'start' }, title),
      );
    };
    band(top, ys, (v) => tr.sig(v, 3), `${t(axisKey)}${ys.log ? ` (${t('logScale')})` : ''}`);
    if (bottom) band(bottom, yc, (v) => tr.moneyCompact(v, currency), `${t('axisCostTotal')} (${currency}${yc.log ? `, ${t('logScale')}` : ''})`);
    const yEnd = bottom ? bottom.y1 : top.y1;
    let lastX = -Infinity;
    for (const v of xs.ticks) {
      const x = xs.map(v);
      grid.append(s('line', { class: 'v', x1: x.toFixed(1), x2: x.toFixed(1), y1: m.t, y2: yEnd }));
      const label = tr.int(v);
      if (x - lastX < textWidth(label) + 10) continue;
      lastX = x;
      grid.append(s('text', { class: 'tick', x: x.toFixed(1), y: yEnd + 14, 'text-anchor': 'middle' }, label));
    }
    axes.append(s('text', { class: 'axis-title', x: W - m.r, y: H - 4, 'text-anchor': 'end' }, `${t('axisGpus')}${xs.log ? ` (${t('logScale')})` : ''}`));

    // Marks: beyond stopsPaying shaded, the deadline across the time plot, the recommended count.
    const marks = s('g', { class: 'marks', 'aria-hidden': 'true' });
    const last = pts[pts.length - 1].count;
    const stops = isNum(sc.stopsPaying) ? sc.stopsPaying : null;
    if (stops != null && stops <= last) {
      const x = xs.map(stops);
      const right = x + 8 + textWidth(t('scalingStops')) <= W - m.r;
      marks.append(
        s('rect', { class: 'stops-band', x: x.toFixed(1), y: m.t, width: Math.max(W - m.r - x, 0).toFixed(1), height: (yEnd - m.t).toFixed(1) }),
        s('line', { class: 'stops-line', x1: x.toFixed(1), x2: x.toFixed(1), y1: m.t, y2: yEnd }),
        s('text', { class: 'mark-label', x: (right ? x + 4 : x - 4).toFixed(1), y: (yEnd - 6).toFixed(1), 'text-anchor': right ? 'start' : 'end' }, t('scalingStops')),
      );
    }
    if (deadline) {
      const y = ys.map(deadline * perDay).toFixed(1);
      marks.append(
        s('line', { class: 'deadline-line', x1: m.l, x2: W - m.r, y1: y, y2: y }),
        // At the left, where the time line runs far above the deadline (few GPUs take long).
        s('text', { class: 'mark-label', x: (m.l + 4).toFixed(1), y: (Number(y) + 13).toFixed(1), 'text-anchor': 'start' }, `${t('scalingDeadline')} ${tr.duration(deadline).text}`),
      );
    }
    const recName = t(fixed != null ? 'scalingChosen' : 'recommended');
    if (isNum(sc.recommendedCount)) {
      const x = xs.map(sc.recommendedCount);
      const right = x + 8 + textWidth(recName) <= W - m.r;
      marks.append(
        s('line', { class: 'rec-line', x1: x.toFixed(1), x2: x.toFixed(1), y1: m.t, y2: yEnd }),
        s('text', { class: 'mark-label rec-label', x: (right ? x + 4 : x - 4).toFixed(1), y: (m.t + 10).toFixed(1), 'text-anchor': right ? 'start' : 'end' }, recName),
      );
    }

    // The two lines, then one button per count holding its points.
    const line = (list, y) => list.map((p) => `${xs.map(p.count).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    const lines = s(
      'g',
      { class: 'lines', 'aria-hidden': 'true' },
      pts.length > 1 ? s('polyline', { class: 'time-line', points: line(pts, (p) => ys.map(p.wallDays * perDay)) }) : null,
      bottom && priced.length > 1 ? s('polyline', { class: 'cost-line', points: line(priced, (p) => yc.map(costOf(p))) }) : null,
    );
    const points = s('g', { class: 'points' });
    const hits = hitAreas(pts.map((p) => xs.map(p.count)), W);
    // The point that had the focus (a click or Enter on it re-sizes the job and redraws).
    const active = this.svg.getRootNode().activeElement;
    const focused = active && this.svg.contains(active) ? Number(active.dataset.count) : null;
    for (const [i, p] of pts.entries()) {
      const x = xs.map(p.count);
      const yT = ys.map(p.wallDays * perDay);
      const cost = costOf(p);
      const yC = bottom && cost != null && cost > 0 ? yc.map(cost) : null;
      const rec = p.count === sc.recommendedCount;
      const desc = [
        tr.fmt('scalingPoint', {
          n: tr.int(p.count), units: tr.int(p.units), time: tr.duration(p.wallDays).text,
          gpuWord: tr.word('gpuWord', p.count), unitWord: tr.word('unitWord', p.units),
        }),
        cost != null ? tr.money(cost, currency) : null,
        isNum(p.gpuHours) ? `${tr.hours(p.gpuHours)} ${t('gpuHours')}` : null,
        rec ? recName : null,
      ].filter(Boolean);
      const g = s(
        'g',
        {
          class: ['sp', rec && 'rec', isNum(sc.stopsPaying) && p.count > sc.stopsPaying && 'beyond'].filter(Boolean).join(' '),
          tabindex: '-1',
          role: 'button',
          'aria-label': `${desc.join(', ')} — ${tr.fmt('scalingSet', { n: tr.int(p.count) })}`,
          'data-count': String(p.count),
        },
        s('rect', { class: 'hit', x: hits[i][0].toFixed(1), y: m.t, width: (hits[i][1] - hits[i][0]).toFixed(1), height: (yEnd - m.t).toFixed(1) }),
        s('circle', { class: 'dot time', cx: x.toFixed(1), cy: yT.toFixed(1), r: rec ? 5.5 : 4 }),
        yC != null ? s('circle', { class: 'dot cost', cx: x.toFixed(1), cy: yC.toFixed(1), r: rec ? 5.5 : 4 }) : null,
      );
      const show = () => this.showTip(desc, x, yT, W);
      g.addEventListener('pointerenter', show);
      g.addEventListener('focus', show);
      g.addEventListener('pointerleave', () => this.hideTip());
      g.addEventListener('blur', () => this.hideTip());
      g.addEventListener('click', () => this.onPick(p.count));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.onPick(p.count);
        }
      });
      points.append(g);
    }
    replace(this.svg, grid, marks, axes, lines, points);
    // One tab stop, the arrow keys along the counts (dom.js roving): the count focused, else the
    // recommended one; after a redraw with the focus in it, the same count, else the nearest one.
    const items = [...points.children];
    const near = (g, n) => Math.abs(Math.log(Number(g.dataset.count) / n));
    const closest = (n) => items.reduce((a, g) => (near(g, n) < near(a, n) ? g : a));
    const stop = items.length ? (Number.isFinite(focused) ? closest(focused) : items.find((g) => g.classList.contains('rec')) || items[0]) : null;
    roving(items, items.indexOf(stop));
    if (Number.isFinite(focused) && stop) stop.focus({ preventScroll: true });

    const recCount = isNum(sc.recommendedCount) ? `${recName}: ${tr.int(sc.recommendedCount)}` : null;
    replace(
      this.legend,
      h('li', null, h('span', { class: 'key key-time', 'aria-hidden': 'true' }), t('wallDays')),
      bottom ? h('li', null, h('span', { class: 'key key-cost', 'aria-hidden': 'true' }), t('axisCostTotal')) : null,
      recCount ? h('li', null, h('span', { class: 'key key-rec', 'aria-hidden': 'true' }),
        // A count asked for that is not whole units was sized in whole units.
        Number.isFinite(fixed) && fixed !== sc.recommendedCount ? `${recCount} ${tr.fmt('scalingWholeUnits', { asked: tr.int(fixed) })}` : recCount) : null,
      deadline ? h('li', null, h('span', { class: 'key key-deadline', 'aria-hidden': 'true' }), `${t('scalingDeadline')}: ${tr.duration(deadline).text}`) : null,
      // Sized by the count, the request has no deadline to draw.
      !deadline && fixed != null ? h('li', null, t('scalingNoDeadline')) : null,
      stops != null && stops <= last ? h('li', null, h('span', { class: 'key key-stops', 'aria-hidden': 'true' }), `${t('scalingStops')}: > ${tr.int(stops)}`) : null,
      // Beyond the counts plotted: no mark to show, so said in words.
      stops != null && stops > last ? h('li', null, tr.fmt('scalingStopsBeyond', { n: tr.int(stops), last: tr.int(last) })) : null,
    );
  }

  showTip(desc, x, y, W) {
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
