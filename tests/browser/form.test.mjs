// The job form: a typed parameter count means a custom model, the core's error shown next to the
// field its path names (and the gpusizer-error event), sizing by GPU count instead of a deadline,
// the exchange-rate field and "Sensitive data", no deadline (the core's 30-day assumption) and a
// budget alone (the fastest plan within it).
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, workedExample, seventyB } from './harness.mjs';

const site = useSite();

describe('the worked example typed in', () => {
  let page;
  let controls;
  let typed;
  before(async () => {
    page = await openWithResult(site, 'form');
    controls = page.locator('gpu-sizer form');
    typed = await workedExample(page);
  });

  test('typing a parameter count switches the preset to custom', () => {
    assert.equal(typed.presetAfterParams, 'custom');
  });

  test('a bad token count ("abc") shows the core’s error next to the tokens field, with aria-invalid and aria-describedby; only that field is invalid and the old result is marked out of date', async () => {
    await controls.locator('#f-tokens').fill('abc');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-tokens').getAttribute('aria-invalid') === 'true', null, 'tokens aria-invalid');
    const err = await shadow(page, ({ shadowRoot: root }) => {
      const input = root.querySelector('#f-tokens');
      const field = input.closest('.field');
      const msg = field.querySelector('.error');
      return {
        message: msg.textContent,
        describedBy: input.getAttribute('aria-describedby') || '',
        msgId: msg.id,
        sameField: field.dataset.field,
        others: [...root.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id),
        stale: root.querySelector('.summary').hasAttribute('data-stale'),
      };
    });
    assert.equal(err.sameField, 'tokens');
    assert.ok(err.message.length > 0);
    assert.ok(err.describedBy.includes(err.msgId), `${err.describedBy} / ${err.msgId}`);
    assert.equal(err.others.length, 1, err.others.join());
    assert.ok(err.stale);
  });

  test('a gpusizer-error event carries the error path and the request that produced it (detail.request)', async () => {
    const errEvent = (await page.evaluate(() => window.__events)).filter((e) => e.type === 'gpusizer-error').pop();
    assert.equal(errEvent?.path, '/training/tokens');
    assert.equal(errEvent?.tokens, 'abc');
  });

  test('correcting the field clears the error', async () => {
    await controls.locator('#f-tokens').fill('2T');
    await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('#f-tokens').hasAttribute('aria-invalid'), null, 'error cleared');
  });

  test('sizing by GPU count: 64 GPUs asked, 64 shown, the deadline field hidden; and back to the deadline', async () => {
    await page.locator('gpu-sizer .size-by label', { hasText: 'GPUs' }).click();
    await controls.locator('#f-count').fill('64');
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.card[data-key="gpus"] .value')?.textContent === '64' && root.querySelector('[data-field="days"]').hidden, null, 'count mode');
    await page.locator('gpu-sizer .size-by label', { hasText: 'Days' }).click();
    await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.card[data-key="gpus"]')?.textContent || '').includes('1,081'), null, 'back to the deadline');
  });
});

describe('goals of a 70B run', () => {
  let page;
  let controls;
  before(async () => {
    page = await openWithResult(site, 'form-70b');
    controls = page.locator('gpu-sizer form');
    await seventyB(page);
  });

  test('the exchange-rate field shows the catalog’s dated rate as its placeholder', async () => {
    assert.match(await controls.locator('#f-usdCny').getAttribute('placeholder') || '', /^default \d+(\.\d+)? \(\d{4}-\d{2}-\d{2}\)$/);
  });

  test('a typed exchange rate is sent as goal.usdCny; “Sensitive data” sends goal.sensitiveData and the advice shows the note', async () => {
    await controls.locator('#f-sensitiveData').check();
    await controls.locator('#f-usdCny').fill('7.5');
    await waitShadow(page, ({ shadowRoot: root }) => !!root.querySelector('.advice .notes li[data-code="sensitive_data"]'), null, 'sensitive-data note');
    const rs = await settled(page);
    const meta = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.meta[part="meta"]').textContent);
    assert.equal(rs?.result?.usdCny, 7.5);
    assert.ok(meta.includes('7.5'), meta);
    assert.ok((rs?.result?.advice?.notes || []).some((n) => n.code === 'sensitive_data'));
    await controls.locator('#f-sensitiveData').uncheck();
    await controls.locator('#f-usdCny').fill('');
    await settled(page);
  });

  test('with neither deadline, count nor budget, the core’s 30-day assumption shows as a warning', async () => {
    await controls.locator('#f-days').fill('');
    await waitShadow(page, ({ shadowRoot: root }) => !!root.querySelector('.warnings li[data-code="default_deadline"]'), null, 'default deadline warning');
  });

  test('with a budget and no deadline the recommended row is the core\'s recommendation, on the chosen GPU', async (t) => {
    await controls.locator('#f-budget').fill('3000000');
    await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('.warnings li[data-code="default_deadline"]'), null, 'budget run');
    const rb = await settled(page);
    const recB = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('table.options tbody tr[data-recommended]')].map((r) => r.dataset.offerId));
    t.diagnostic(`budget 3,000,000 USD, no deadline: recommended ${recB.join()}; choices ${JSON.stringify(rb?.result?.choices)}`);
    assert.equal(recB.length, 1);
    assert.equal(recB[0], rb?.result?.recommendation?.offerId);
    const row = rb.result.options.find((o) => o.offerId === recB[0]);
    assert.equal(row.gpu, rb.request.hardware.gpu);
    assert.ok(row.cost.amount <= 3000000);
  });
});

site.assertClean();
