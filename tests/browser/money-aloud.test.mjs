// Money said out loud, in both languages: the plan's paid idle time in the summary (not only in
// its row), a budget too small for the goal answered with the least that meets it and what the
// budget buys, and the region the machines must be in offered by the form with the core's names.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, settled, waitShadow } from './harness.mjs';

const site = useSite();

for (const lang of ['en', 'zh']) {
  describe(`money said out loud (${lang})`, () => {
    let page;
    let form;
    before(async () => {
      page = await openWithResult(site, `money-${lang}`);
      if (lang === 'zh') {
        await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
        await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.root')?.lang === 'zh', null, 'Chinese page');
      }
      form = page.locator('gpu-sizer form');
    });

    test('a 10-day deadline billed a month: the plan’s paid idle time is in the summary, in the core’s words', async () => {
      await form.locator('#f-preset').selectOption('llama-2-7b');
      await form.locator('#f-tokens').fill('2T');
      await form.locator('#f-gpu').selectOption('a100-40gb');
      await form.locator('input[name="sizeBy"][value="days"]').check();
      await form.locator('#f-days').fill('10');
      await form.locator('#f-budget').fill('');
      await waitShadow(page, ({ shadowRoot: root }) => !!root.querySelector('[part="warnings"] li[data-code="paid_idle"]'), null, 'paid idle in the summary');
      const r = await settled(page);
      const plan = r.result.options.find((o) => o.recommended);
      const idle = plan.warnings.find((w) => w.code === 'paid_idle');
      assert.ok(idle, 'the recommended option warns paid_idle');
      const shown = await shadow(page, ({ shadowRoot: root }) => root.querySelector('[part="warnings"] li[data-code="paid_idle"]').textContent);
      assert.equal(shown, idle.message);
      assert.match(shown, lang === 'zh' ? /闲置/ : /idle/);
    });

    test('a budget too small: the least that meets the goal and what the budget buys, said beside the plan', async () => {
      await form.locator('#f-currency').selectOption('CNY');
      await form.locator('#f-budget').fill(lang === 'zh' ? '50万' : '500000');
      await waitShadow(page, ({ shadowRoot: root }) => /50万|500,000/.test(root.querySelector('.reason')?.textContent || ''), null, 'the budget in the reason');
      const r = await settled(page);
      assert.ok(r.result.budgetNeeded > 500000, `budgetNeeded ${r.result.budgetNeeded} for ${JSON.stringify(r.request)}: ${r.result.recommendation.reason}`);
      assert.ok(r.result.budgetBuys && r.result.budgetBuys.cost <= 500000, 'what the budget buys');
      const reason = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.reason').textContent);
      assert.equal(reason, r.result.recommendation.reason);
      assert.match(reason, lang === 'zh' ? /至少需要/ : /the least that meets it/);
      await form.locator('#f-budget').fill('');
    });

    test('the form offers the region by the core’s names; an offer elsewhere is outside it', async () => {
      const options = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('#f-region option')].map((o) => ({ value: o.value, text: o.textContent })));
      const cn = options.find((o) => o.value === 'cn');
      assert.ok(cn, 'mainland China offered');
      assert.equal(cn.text, lang === 'zh' ? '中国大陆' : 'mainland China');
      await form.locator('#f-region').selectOption('cn');
      await waitShadow(page, ({ shadowRoot: root }) => !!root.querySelector('tbody tr[data-offer-id]'), null, 'rows');
      const r = await settled(page);
      assert.equal(r.request.goal.region, 'cn');
      assert.equal(r.result.region.id, 'cn');
      const elsewhere = r.result.options.filter((o) => (o.outside || []).includes('region'));
      assert.ok(elsewhere.length > 0, 'offers outside mainland China are outside the region');
      const plan = r.result.options.find((o) => o.recommended);
      assert.ok(!(plan.outside || []).includes('region'), 'the plan is in the region');
      await form.locator('#f-region').selectOption('');
    });
  });
}

site.assertClean();
