// The element's language: the browser's by default, the switch inside the element (which sets
// the lang attribute), Chinese labels, steps and badges, the result kept across the switch.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, workedExample } from './harness.mjs';

const site = useSite();

describe('the language switch', () => {
  let page;
  before(async () => {
    page = await openWithResult(site, 'language');
  });

  test('default language follows navigator.language (en)', async () => {
    assert.equal(await page.evaluate(() => document.querySelector('gpu-sizer').shadowRoot.querySelector('.root').lang), 'en');
  });

  test('switching to Chinese shows Chinese labels, steps and badge; the result is kept and the lang attribute reflects the switch', async (t) => {
    await workedExample(page);
    await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
    await waitShadow(page, ({ shadowRoot: root }) => /[\u4e00-\u9fff]/.test(root.querySelector('.steps-list h3')?.textContent || ''), null, 'Chinese steps');
    const zh = await shadow(page, ({ shadowRoot: root }) => ({
      tokensLabel: root.querySelector('label[for="f-tokens"]').textContent,
      caption: root.querySelector('.caption-title').textContent,
      step: root.querySelector('.steps-list li[data-step="flops"]')?.textContent || '',
      badge: root.querySelector('tr[data-recommended] .badge')?.textContent,
      gpus: root.querySelector('.card[data-key="gpus"]').textContent,
      lang: root.querySelector('.root').lang,
    }));
    t.diagnostic(`${zh.tokensLabel} / ${zh.caption} / ${zh.step.slice(0, 60)}`);
    assert.equal(zh.tokensLabel, '训练 token 数');
    assert.equal(zh.caption, '租用方案对比');
    assert.match(zh.step, /[\u4e00-\u9fff]/);
    assert.equal(zh.badge, '推荐');
    assert.ok(zh.gpus.includes('1,081'), zh.gpus);
    assert.equal(await page.getAttribute('gpu-sizer', 'lang'), 'zh');
    assert.equal(zh.lang, 'zh');
  });

  test('and back to English', async () => {
    await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent === 'Training tokens', null, 'back to English');
    assert.equal(await page.getAttribute('gpu-sizer', 'lang'), 'en');
  });
});

test('with a Chinese browser the page opens in Chinese and computes', async () => {
  const context = await site.newContext({ locale: 'zh-CN' });
  const page = await site.newPage('language-zh', context);
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === 'zh', null, 'Chinese first result');
  assert.equal(await shadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent), '训练 token 数');
  await site.close(page);
});

site.assertClean();
