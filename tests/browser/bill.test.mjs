// The whole bill in the page, in both languages: the data given as its size on disk or as tokens
// with a kind of text, the core's conversion shown both ways under the data group; every option's
// bill line by line in its detail row (the core's basis, "not in the price list" where the offer
// has no price), the plan's lines and upload time in the summary; bad data named beside its field;
// buying and hosting instead, a row per machine type with the core's figures.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, shadow, settled, waitShadow } from './harness.mjs';

const site = useSite();

const note = (page) => shadow(page, ({ shadowRoot: root }) => root.querySelector('.data-note')?.textContent || '');

for (const lang of ['en', 'zh']) {
  describe(`the whole bill in ${lang}`, () => {
    let page;
    let form;
    before(async () => {
      const context = await site.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      page = await site.newPage(`bill-${lang}`, context);
      await page.goto(site.url);
      await waitShadow(page, ({ shadowRoot: root }, l) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === l, lang, 'first result');
      form = page.locator('gpu-sizer form');
    });

    test('tokens become bytes on disk once the kind of text is chosen; a size becomes tokens', async () => {
      await form.locator('#f-preset').selectOption('qwen2.5-7b');
      await form.locator('#f-tokens').fill('2T');
      await form.locator('#f-dataKind').selectOption('zh');
      let r = await settled(page);
      assert.equal(r.request.data.kind, 'zh');
      assert.equal(r.result.data.sizeSource, 'tokens');
      await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.data-note')?.textContent || '').includes('TB'), null, 'tokens as bytes');
      assert.ok((await note(page)).includes(lang === 'zh' ? '字节' : 'bytes per token'));
      // The other way: 500 GB of Chinese text, the tokens from it.
      await form.locator('input[name="dataAs"][value="size"]').check();
      await form.locator('#f-dataSize').fill('500 GB');
      await waitShadow(page, ({ shadowRoot: root }) => (root.querySelector('.data-note')?.textContent || '').includes('500'), null, 'size as tokens');
      r = await settled(page);
      assert.equal(r.request.data.size, '500 GB');
      assert.equal(r.request.training.tokens, undefined, 'the tokens come from the size');
      assert.equal(r.result.data.tokensSource, 'size');
      assert.ok(Math.abs(r.result.training.tokens - 5e11 / r.result.data.bytesPerToken.value) / r.result.training.tokens < 1e-5);
    });

    test('bad data is shown beside its field in the page’s language', async () => {
      await form.locator('#f-dataSize').fill('8T');
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.field[data-field="dataSize"]')?.hasAttribute('data-invalid'), null, 'size error');
      const size = await shadow(page, ({ shadowRoot: root }) => root.querySelector('#f-dataSize-err').textContent);
      assert.match(size, lang === 'zh' ? /个数/ : /is a count/);
      await form.locator('#f-dataSize').fill('8TB');
      await form.locator('#f-uploadMbps').fill('0');
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.field[data-field="uploadMbps"]')?.hasAttribute('data-invalid'), null, 'line error');
      await form.locator('#f-uploadMbps').fill('100');
      await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('.field[data-invalid]'), null, 'errors cleared');
    });

    test('every option’s detail lists its bill; the lines add up to its cost; unpriced ones say so', async () => {
      const r = await settled(page);
      const o = r.result.options.find((x) => x.cost && x.cost.lines.some((l) => l.priced === false));
      assert.ok(o, 'an offer whose price list leaves something out');
      const sum = o.cost.lines.reduce((s, l) => s + l.amount, 0);
      assert.ok(Math.abs(sum - o.cost.amount) < 0.006, `${sum} vs ${o.cost.amount}`);
      await shadow(page, ({ shadowRoot: root }, id) => {
        const meets = root.querySelector('#flt-meets');
        if (meets && meets.checked) meets.click();
        const more = root.querySelector('.show-all');
        if (more && !more.hidden && more.getAttribute('aria-expanded') !== 'true') more.click();
        const row = root.querySelector(`tr[data-offer-id="${id}"] button.expand`);
        if (row && row.getAttribute('aria-expanded') !== 'true') row.click();
      }, o.offerId);
      const bill = await shadow(page, ({ shadowRoot: root }, id) => [...root.querySelectorAll(`tr.detail[data-detail-for="${id}"] .bill-list li[data-item]`)].map((li) => ({
        item: li.dataset.item, priced: li.dataset.priced !== 'false', text: li.textContent,
      })), o.offerId);
      assert.deepEqual(bill.map((b) => b.item), o.cost.lines.map((l) => l.item));
      for (const [i, l] of o.cost.lines.entries()) {
        assert.equal(bill[i].priced, l.priced);
        assert.ok(bill[i].text.includes(l.basis), `${l.item}: the core's basis`);
        if (!l.priced) assert.ok(bill[i].text.includes(lang === 'zh' ? '价目表中没有' : 'not in the price list'));
      }
      // Its warning badge for what the price list leaves out, as info.
      const badge = await shadow(page, ({ shadowRoot: root }, id) => root.querySelector(`tr[data-offer-id="${id}"] .wb[data-code="not_in_price_list"]`)?.className || '', o.offerId);
      assert.match(badge, /wb-info/);
    });

    test('the summary shows the plan’s bill beside its cost, and the upload before the run', async () => {
      const r = await settled(page);
      const plan = r.result.options.find((o) => o.recommended);
      const shown = await shadow(page, ({ shadowRoot: root }) => ({
        lines: [...root.querySelectorAll('.card[data-key="cost"] .bill-line')].map((s) => s.dataset.item),
        upload: root.querySelector('.card[data-key="wallDays"] .upload')?.textContent || '',
      }));
      assert.deepEqual(shown.lines, plan.cost.lines.filter((l) => l.kind !== 'gpu').map((l) => l.item));
      if (plan.transfer) assert.ok(shown.upload.length > 0, 'the upload time');
    });

    test('buying and hosting instead: a row per machine type with the core’s figures and how they were priced', async () => {
      const r = await settled(page);
      const owning = r.result.ownership || [];
      assert.ok(owning.length > 0, 'result.ownership');
      const rows = await shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('.ownership-table tbody tr[data-gpu]')].map((tr) => ({
        gpu: tr.dataset.gpu, text: tr.textContent,
      })));
      assert.deepEqual(rows.map((x) => x.gpu), owning.map((o) => o.gpu));
      const basis = await shadow(page, ({ shadowRoot: root }) => root.querySelector('.ownership-table .own-basis')?.textContent || '');
      assert.ok(basis.includes(owning[0].hostingBasis), 'the hosting basis in the core’s words');
    });
  });
}

site.assertClean();
