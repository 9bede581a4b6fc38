// The "Layout" card: the parallel layout the core's planner chose for result.estimate, its
// throughput and MFU, the time of one iteration as a stacked bar, and where the whole run's
// wall-clock time goes (estimate.runHours: iterations, checkpoints and evaluation, restarts,
// per-step overhead, start-up; the total is the core's wallDays). Every number is the core's;
// the bar's segment widths are drawn proportional to the core's seconds (presentation only).
import { h, s, replace } from './dom.js';
import { i18n } from './i18n.js';

// breakdown key (without "Seconds") in drawing order; the CSS colours them by class.
export const SEGMENTS = [
  'matmul', 'attention', 'memoryBound', 'recompute',
  'tpComm', 'ppComm', 'bubble', 'dpComm', 'moeComm',
  'optimizer', 'overhead',
];
const PAR_MAIN = ['tp', 'pp', 'dp', 'ep'];
// estimate.runHours keys, in the order the core's time step lists them.
export const RUN_PARTS = ['steady', 'belowBenchmark', 'checkpointEval', 'failures', 'startup'];
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

export class Layout {
  constructor(container) {
    this.heading = h('h2', { id: 'layout-heading' });
    this.chips = h('p', { class: 'par-chips' });
    this.more = h('p', { class: 'par-more' });
    this.facts = h('dl', { class: 'facts' });
    this.barLabel = h('figcaption', { class: 'bar-label' });
    this.bar = s('svg', { class: 'bar', viewBox: '0 0 1000 20', preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' });
    this.legend = h('ul', { class: 'legend' });
    this.runHeading = h('h3', { class: 'run-heading', id: 'run-heading' });
    this.runList = h('dl', { class: 'run-hours' });
    this.run = h('div', { class: 'run', 'aria-labelledby': 'run-heading', role: 'group', hidden: true }, this.runHeading, this.runList);
    this.root = h(
      'section',
      { class: 'layout panel', part: 'layout', 'aria-labelledby': 'layout-heading', hidden: true },
      this.heading,
      this.chips,
      this.more,
      this.facts,
      h('figure', { class: 'breakdown' }, this.barLabel, this.bar, this.legend),
      this.run,
    );
    container.append(this.root);
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
  }

  update(response, { lang }) {
    const tr = i18n(lang);
    const { t } = tr;
    const est = response?.result?.estimate;
    this.setStale(false);
    const key = `${lang}|${JSON.stringify(est ?? null)}`;
    if (key === this.key) return; // the same estimate: nothing to redraw
    this.key = key;
    if (!est || typeof est !== 'object') {
      this.root.hidden = true;
      return;
    }
    this.root.hidden = false;
    this.heading.textContent = t('layoutHeading');
    const par = est.parallelism && typeof est.parallelism === 'object' ? est.parallelism : {};

    replace(
      this.chips,
      PAR_MAIN.filter((k) => isNum(par[k])).map((k) =>
        h('span', { class: 'chip', 'data-par': k }, h('span', { class: 'k' }, k), ' ', h('b', null, tr.int(par[k]))),
      ),
    );
    const more = [];
    if (isNum(par.microBatch)) more.push(`${t('microBatch')} ${tr.int(par.microBatch)}`);
    const gb = isNum(est.globalBatch) ? est.globalBatch : par.globalBatch;
    if (isNum(gb)) more.push(`${t('globalBatch')} ${tr.int(gb)}`);
    if (isNum(par.interleave) && par.interleave > 1) more.push(`${t('interleave')} ${tr.int(par.interleave)}`);
    if (par.recompute) more.push(`${t('recompute')} ${tr.enumLabel('recompute', par.recompute)}`);
    if (par.sequenceParallel === true) more.push(t('sequenceParallel'));
    if (isNum(par.zero) && par.zero > 0) more.push(`ZeRO-${par.zero}`);
    this.more.textContent = more.join(' · ');

    const facts = [];
    if (isNum(est.tokensPerSecondPerGpu)) facts.push([t('throughput'), `${tr.int(est.tokensPerSecondPerGpu)} ${t('tokPerGpu')}`]);
    if (isNum(est.mfu)) {
      const parts = [];
      if (isNum(est.steadyMfu)) parts.push(h('span', null, `${tr.sig(est.steadyMfu, 3)} ${t('mfuSteady')}`), ' → ');
      parts.push(h('b', null, tr.sig(est.mfu, 3)), ` ${t('mfuWhole')}`);
      if (isNum(est.overheadFactor)) parts.push(h('span', { class: 'dim' }, ` (× ${tr.sig(est.overheadFactor, 4)} ${t('overheadFactor')})`));
      facts.push(['MFU', parts]);
    }
    if (isNum(est.hfu) && est.hfu !== est.steadyMfu) facts.push([t('hfu'), tr.sig(est.hfu, 3)]);
    if (isNum(est.iterationSeconds)) facts.push([t('iteration'), `${tr.sig(est.iterationSeconds, 3)} ${t('secondsUnit')}`]);
    const search = est.search;
    if (search && isNum(search.configsEvaluated)) {
      facts.push([t('searched'), tr.fmt('searchedOf', { a: tr.int(search.configsEvaluated), b: tr.int(search.configsFeasible) })]);
    }
    replace(this.facts, facts.map(([k, v]) => h('div', null, h('dt', null, k), h('dd', null, v))));

    this.drawBreakdown(est.breakdown, tr);
    this.drawRun(est, tr);
  }

  /** Where the whole run's wall-clock time goes (only when the core's run model made the estimate). */
  drawRun(est, tr) {
    const { t } = tr;
    const hours = est.runHours && typeof est.runHours === 'object' ? est.runHours : null;
    const parts = hours ? RUN_PARTS.filter((k) => isNum(hours[k])) : [];
    this.run.hidden = parts.length === 0;
    this.runHeading.textContent = t('runHeading');
    const row = (key, text, cls) => h('div', { 'data-run': key, class: cls }, h('dt', null, t(`run.${key}`)), h('dd', null, text));
    replace(
      this.runList,
      parts.map((k) => row(k, tr.duration(hours[k] / 24).text)),
      parts.length && isNum(est.wallDays) ? row('total', tr.duration(est.wallDays).text, 'total') : null,
    );
  }

  drawBreakdown(breakdown, tr) {
    const { t } = tr;
    const parts = SEGMENTS.map((key) => ({ key, v: breakdown ? breakdown[`${key}Seconds`] : undefined })).filter((p) => isNum(p.v) && p.v > 0);
    const scale = parts.reduce((a, p) => a + p.v, 0); // drawing scale only: widths proportional to the core's seconds
    this.barLabel.textContent = t('breakdownLabel');
    this.bar.closest('figure').hidden = parts.length === 0;
    let x = 0;
    replace(
      this.bar,
      parts.map((p) => {
        const w = (p.v / scale) * 1000;
        const rect = s('rect', { class: `seg seg-${p.key}`, x: x.toFixed(2), y: 0, width: Math.max(w, 0).toFixed(2), height: 20 }, s('title', null, `${t(`bd.${p.key}`)} ${tr.sig(p.v, 3)} ${t('secondsUnit')}`));
        x += w;
        return rect;
      }),
    );
    replace(
      this.legend,
      parts.map((p) =>
        h('li', { 'data-seg': p.key }, h('span', { class: `sw seg-${p.key}`, 'aria-hidden': 'true' }), `${t(`bd.${p.key}`)} `, h('span', { class: 'dim' }, `${tr.sig(p.v, 3)} ${t('secondsUnit')}`)),
      ),
    );
  }
}
