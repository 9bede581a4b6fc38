// The trial week, used: a throughput measured in an hourly trial, typed into "Measured in my
// trial", goes to the core as efficiency.measuredTokensPerSecondPerGpu (measured on the chosen
// GPU), and the plan is re-made with it: half the modelled throughput roughly doubles the days on
// a fixed GPU count, and the steps say the measured figure was used. In both languages.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled } from './harness.mjs';

const site = useSite();

for (const lang of ['en', 'zh']) {
  describe(`a measured trial re-plans (${lang})`, () => {
    let page;
    let before1;
    let after;
    before(async () => {
      page = await openWithResult(site, `trial-${lang}`);
      await page.evaluate((l) => document.querySelector('gpu-sizer').setAttribute('lang', l), lang);
      await waitShadow(page, ({ shadowRoot: root }, l) => root.querySelector('.root').lang === l, lang, `language ${lang}`);
      const controls = page.locator('gpu-sizer form');
      await controls.locator('#f-preset').selectOption('llama-2-7b');
      await controls.locator('#f-tokens').fill('100B');
      await controls.locator('#f-gpu').selectOption('a100-80gb');
      await controls.locator('input[name="sizeBy"][value="count"]').check();
      await controls.locator('#f-count').fill('8');
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-count').value === '8', null, 'count typed');
      before1 = await settled(page);
      const modelled = before1.result.estimate.tokensPerSecondPerGpu;
      assert.ok(modelled > 0, 'the core models a throughput');
      await controls.locator('#f-measuredTps').fill(String(Math.round(modelled / 2)));
      for (let i = 0; i < 60; i++) {
        after = await settled(page, 200);
        if (after?.request?.efficiency?.measuredTokensPerSecondPerGpu) break;
      }
    });

    test('the field goes to the core as efficiency.measuredTokensPerSecondPerGpu, and the result says it was measured', () => {
      assert.ok(after.ok, JSON.stringify(after.error));
      assert.equal(Number(after.request.efficiency.measuredTokensPerSecondPerGpu), Math.round(before1.result.estimate.tokensPerSecondPerGpu / 2));
      assert.equal(after.result.estimate.mfuSource, 'measured');
      assert.ok(after.result.measured, 'result.measured');
    });

    test('half the throughput: the steady hours about double (the whole run’s overheads are still added)', () => {
      const ratio = after.result.estimate.runHours.steady / before1.result.estimate.runHours.steady;
      assert.ok(ratio > 1.7 && ratio < 2.3, `ratio ${ratio}`);
    });

    test('the steps name the measured throughput', async () => {
      const figure = await shadow(page, ({ shadowRoot: root }) => root.querySelector('[part~="steps"]')?.textContent || '');
      const tps = after.result.measured.tokensPerSecondPerGpu;
      assert.ok(figure.replace(/[,\s]/g, '').includes(String(tps).replace(/[,\s]/g, '').slice(0, 3)), figure.slice(0, 300));
    });

    test('a measured figure and an MFU together: the core\'s error next to the trial field', async () => {
      await page.locator('gpu-sizer form #f-mfu').fill('0.4');
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-measuredTps').getAttribute('aria-invalid') === 'true', null, 'error on the trial field');
      await page.locator('gpu-sizer form #f-mfu').fill('');
      await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('#f-measuredTps').hasAttribute('aria-invalid'), null, 'error cleared');
    });
  });
}
