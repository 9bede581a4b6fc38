// The page's timing hooks: the element's User Timing measures ("gpusizer:estimate",
// "gpusizer:render") and an update after typing key by key. The figures are printed as
// diagnostics, never asserted (a timed test fails on a loaded machine, not on a slow page):
// scripts/bench-page.mjs is the benchmark.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow, workedExample } from './harness.mjs';

const site = useSite();

describe('speed', () => {
  let page;
  before(async () => {
    page = await openWithResult(site, 'performance');
    // The first visit's service worker precaches the site in the background: let it finish
    // first, as it had in the page's long life when these ran in one script.
    await page.evaluate(() => Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 5000))]));
    await page.waitForTimeout(500);
    await workedExample(page);
  });

  test('the element leaves its User Timing measures', async (t) => {
    const timing = await page.evaluate(async (base) => {
      const engine = await import(new URL('sizer/engine.js', base).href);
      const request = {
        schemaVersion: 1, lang: 'en', model: { params: '7B' }, training: { tokens: '2T' },
        hardware: { gpu: 'a100-80gb' }, goal: { days: 5 }, efficiency: { mfu: 0.5769 },
      };
      const times = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        await engine.estimate(request);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const m = (name) => performance.getEntriesByName(name).pop()?.duration;
      return { median: times[15], p90: times[27], max: times[29], estimate: m('gpusizer:estimate'), render: m('gpusizer:render') };
    }, site.url);
    t.diagnostic(`estimate in the page (performance.now, 30 runs): median ${timing.median.toFixed(1)} ms, p90 ${timing.p90.toFixed(1)} ms, max ${timing.max.toFixed(1)} ms`);
    t.diagnostic(`element's last update: estimate ${timing.estimate?.toFixed(1)} ms + render ${timing.render?.toFixed(1)} ms`);
    assert.equal(typeof timing.estimate, 'number', 'the gpusizer:estimate measure');
    assert.equal(typeof timing.render, 'number', 'the gpusizer:render measure');
  });

  test('typing key by key ends in one updated result', async (t) => {
    const controls = page.locator('gpu-sizer form');
    // One round unmeasured: the measure is of a page in use, not of its first compiles of the
    // rendering code (in the one-script test this ran after many updates of the same page).
    await controls.locator('#f-tokens').fill('');
    await controls.locator('#f-tokens').pressSequentially('1.5T', { delay: 60 });
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('6.3'), null, 'warm-up: 1.5T');
    await controls.locator('#f-tokens').fill('2T');
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"]')?.textContent || '').includes('1,081'), null, 'warm-up: back to 2T');
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    await controls.locator('#f-tokens').fill('');
    await controls.locator('#f-tokens').pressSequentially('1.5T', { delay: 60 });
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="flops"] .value')?.textContent || '').includes('6.3'), null, 'update after typing 1.5T');
    const longTasks = await page.evaluate(() => window.__long);
    t.diagnostic(`typing "1.5T" key by key (60 ms apart) to updated result: ${Date.now() - t0} ms; long tasks (>50 ms): ${longTasks.length ? longTasks.map((d) => d.toFixed(0) + ' ms').join(', ') : 'none'}`);
    assert.ok(Array.isArray(longTasks));
    await controls.locator('#f-tokens').fill('2T');
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"]')?.textContent || '').includes('1,081'), null, 'back to 2T');
  });
});

site.assertClean();
