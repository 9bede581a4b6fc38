// The host page's section "The renters' guide's claims, checked": every claim the core checks
// (engine.claims(lang), computed in a worker after the calculator's first answer) with the claimed
// figure, the computed one, the verdict and the explanation, in the page's language; "Open in the
// form" puts the claim's request into the calculator (element.request = claim.request). The page
// itself follows the element's language: one language at a time.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow, settled, runAxe } from './harness.mjs';

const site = useSite();

const section = (page) => page.evaluate(() => {
  const s = document.getElementById('claims');
  return {
    hidden: s.hidden,
    lang: s.lang,
    heading: s.querySelector('h2').textContent,
    status: s.querySelector('.claims-status').textContent,
    claims: [...s.querySelectorAll('.claim')].map((li) => ({
      id: li.dataset.claim,
      verdict: li.dataset.verdict,
      text: li.querySelector('.claim-text').textContent,
      claimed: li.querySelector('[data-figure="claimed"] dd').textContent,
      computed: li.querySelector('[data-figure="computed"] dd').textContent,
      verdictText: li.querySelector('.verdict').textContent,
      explanation: li.querySelector('.claim-explanation').textContent,
      button: li.querySelector('.claim-open')?.textContent,
    })),
  };
});

async function claimsShown(page, lang) {
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    const s = await section(page);
    if (!s.hidden && s.lang === lang && s.claims.length > 0) return s;
    await page.waitForTimeout(100);
  }
  assert.fail(`claims in ${lang} not shown`);
}

describe('the guide’s claims on the host page', () => {
  let page;
  let en;
  before(async () => {
    page = await openWithResult(site, 'claims');
    en = await claimsShown(page, 'en');
  });

  test('every claim the core checks is listed with the claim, the claimed figure, the computed one, the verdict and the explanation', async (t) => {
    const core = await page.evaluate(async (base) => (await import(new URL('sizer/engine.js', base).href)).claims('en'), site.url);
    t.diagnostic(en.claims.map((c) => `${c.id}: ${c.claimed} → ${c.computed} [${c.verdictText}]`).join('\n'));
    assert.equal(en.heading, 'The renters’ guide’s claims, checked');
    assert.deepEqual(en.claims.map((c) => c.id), core.claims.map((c) => c.id));
    assert.ok(en.claims.length >= 10);
    for (const [i, c] of en.claims.entries()) {
      const k = core.claims[i];
      assert.equal(c.text, k.claim);
      assert.equal(c.verdict, k.verdict);
      assert.equal(c.explanation, k.explanation);
      assert.ok(c.claimed === k.claimedText || c.claimed === `${k.claimedText} ${k.unit}`, `${c.claimed} / ${k.claimedText}`);
      assert.ok(c.computed.endsWith(k.unit), `${c.computed} / ${k.unit}`);
      assert.match(c.computed, /\d/);
      assert.ok(['Agrees', 'Too high', 'Too low', 'Not computed'].includes(c.verdictText), c.verdictText);
      assert.equal(c.button, 'Open in the form');
    }
    const gpus = en.claims.find((c) => c.id === 'gpus-for-5-days');
    assert.equal(gpus.computed, '1,081 GPUs');
    assert.equal(gpus.verdictText, 'Too low');
  });

  test('the section passes axe-core (no serious or critical violation)', async (t) => {
    await runAxe(t, page, 'claims section');
  });

  test('the claims are computed in a worker (the page does not freeze for a dozen estimates)', async () => {
    const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.ok(urls.some((u) => u.endsWith('/sizer/claims-worker.js')), 'claims-worker.js was loaded');
  });

  test('“Open in the form” puts the claim’s request into the calculator: 7B on 2T tokens on 8 A100-80GB', async (t) => {
    const claim = en.claims.find((c) => c.id === 'eight-a100-7b-2t');
    await page.locator('#claims .claim[data-claim="eight-a100-7b-2t"] .claim-open').click();
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-count').value === '8' && root.querySelector('#f-params').value === '7B', null, 'the claim in the form');
    let r;
    for (let i = 0; i < 40; i++) {
      r = await settled(page, 200);
      if (r?.request?.hardware?.count === 8 && r.request.model.params === '7B') break;
    }
    t.diagnostic(`claim computed ${claim.computed}; the form's answer: ${r.result.estimate.wallDays} days`);
    assert.equal(r.request.training.tokens, '2T');
    assert.equal(r.request.hardware.gpu, 'a100-80gb');
    assert.equal(Math.round(r.result.estimate.wallDays), Number(claim.computed.replace(/[^\d.]/g, '')));
  });

  test('in Chinese: the page’s own text, the claims and their verdicts in Chinese; the English half of the page hidden', async (t) => {
    await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
    const zh = await claimsShown(page, 'zh');
    t.diagnostic(zh.claims.slice(0, 2).map((c) => `${c.text} | ${c.claimed} → ${c.computed} | ${c.verdictText} | ${c.explanation}`).join('\n'));
    assert.equal(zh.heading, '租卡指南中的说法，逐条核对');
    assert.ok(zh.claims.every((c) => /[\u4e00-\u9fff]/.test(c.text) && /[\u4e00-\u9fff]/.test(c.explanation)));
    assert.ok(zh.claims.every((c) => ['相符', '说高了', '说低了', '无法计算'].includes(c.verdictText)));
    assert.ok(zh.claims.every((c) => c.button === '在表单中打开'));
    const pageText = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      header: document.querySelector('.site-header').innerText,
      footer: document.querySelector('.site-footer').innerText,
      share: document.getElementById('share-copy').textContent,
    }));
    assert.equal(pageText.lang, 'zh-CN');
    assert.equal(pageText.share, '复制链接');
    assert.ok(!/Estimate how many|Copy link/.test(pageText.header), pageText.header);
    assert.ok(!/Everything is computed|Embedding demo/.test(pageText.footer), pageText.footer);
    assert.match(pageText.footer, /嵌入示例/);
  });

  test('and back in English: the English half only', async () => {
    await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
    await claimsShown(page, 'en');
    const text = await page.evaluate(() => ({ lang: document.documentElement.lang, header: document.querySelector('.site-header').innerText }));
    assert.equal(text.lang, 'en');
    assert.match(text.header, /Estimate how many GPUs/);
    assert.ok(!/[\u4e00-\u9fff]/.test(text.header), text.header);
  });
});

site.assertClean();
