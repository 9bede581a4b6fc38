// The cost-versus-time chart of a 70B run on the market: one point per usable option, the core's
// frontier highlighted and joined in its order, labels for the recommended, cheapest and fastest
// offers, focusable named points with a tooltip, and Enter on a point finding its table row.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, seventyB } from './harness.mjs';

const site = useSite();

describe('the chart of a 70B run', () => {
  let page;
  let res70;
  let chart;
  before(async () => {
    page = await openWithResult(site, 'chart');
    res70 = (await seventyB(page))?.result || {};
    chart = await shadow(page, ({ shadowRoot: root }) => {
      const svg = root.querySelector('[part="chart"] svg.plot');
      const pts = [...(svg?.querySelectorAll('.pt') || [])];
      return {
        points: pts.length,
        frontier: pts.filter((p) => p.classList.contains('frontier')).map((p) => p.dataset.offerId),
        line: svg?.querySelector('polyline.frontier-line')?.getAttribute('points')?.split(' ').length || 0,
        labels: [...(svg?.querySelectorAll('.pt-label') || [])].map((t) => t.textContent),
        ticks: svg?.querySelectorAll('.tick').length || 0,
        named: pts.every((p) => (p.getAttribute('aria-label') || '').length > 10 && p.getAttribute('role') === 'button') && pts.filter((p) => p.getAttribute('tabindex') === '0').length === 1,
      };
    });
  });

  const usable = () => (res70.options || []).filter((o) => o.fits && o.meetsGoal && o.cost);

  test('the chart plots every usable option', () => {
    assert.ok(chart.points >= 3, `${chart.points} points`);
    assert.equal(chart.points, usable().length);
  });

  test('the frontier points are highlighted and joined by a line in the core’s order', () => {
    const frontierShown = (res70.frontier || []).filter((id) => usable().some((o) => o.offerId === id));
    assert.ok(chart.frontier.length >= 2, chart.frontier.join(', '));
    assert.deepEqual([...chart.frontier].sort(), [...frontierShown].sort());
    assert.equal(chart.line, frontierShown.length);
  });

  test('the chart labels recommended, cheapest and fastest, has axis ticks, and every point is focusable with a name', () => {
    const labelText = chart.labels.join(' | ');
    assert.match(labelText, /Recommended/);
    assert.match(labelText, /Cheapest/);
    assert.match(labelText, /Fastest/);
    assert.ok(chart.ticks >= 6, `${chart.ticks} ticks`);
    assert.ok(chart.named);
  });

  test('focusing a chart point shows the offer in a tooltip; Enter scrolls to and highlights its table row', async () => {
    const fastest = res70.choices.fastest;
    const fastPoint = page.locator(`gpu-sizer svg.plot .pt[data-offer-id="${fastest}"]`);
    await fastPoint.focus();
    const tip = await shadow(page, ({ shadowRoot: root }) => { const t = root.querySelector('.chart .tip'); return t.hidden ? '' : t.textContent; });
    await fastPoint.press('Enter');
    await page.waitForTimeout(600);
    const hl = await shadow(page, ({ shadowRoot: root }) => {
      const rows = [...root.querySelectorAll('tr[data-highlight]')];
      const wrap = root.querySelector('.table-wrap').getBoundingClientRect();
      const r = rows[0]?.getBoundingClientRect();
      return { ids: rows.map((x) => x.dataset.offerId), visible: !!r && r.top >= wrap.top - 1 && r.bottom <= wrap.bottom + 1 && r.top < innerHeight && r.bottom > 0, focus: root.activeElement?.closest('tr')?.dataset.offerId };
    });
    assert.ok(tip.length > 0, 'the tooltip is empty');
    assert.deepEqual(hl.ids, [fastest], JSON.stringify(hl));
    assert.ok(hl.visible, JSON.stringify(hl));
    assert.equal(hl.focus, fastest);
  });
});

site.assertClean();
