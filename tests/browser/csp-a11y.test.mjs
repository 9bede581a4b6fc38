// The strict Content-Security-Policy the site is served with, and axe-core (no serious or
// critical violation) on the page in English and Chinese, at 1280 and 360 px (the offers as
// cards there), with a 70B run's row expanded, on the embedding demo and with the copy-link
// fallback shown. Every file's last test also fails on any
// CSP violation in its pages (harness.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow, settled, workedExample, seventyB, runAxe } from './harness.mjs';

const site = useSite();

test('the page is served with the strict CSP header', async () => {
  const page = await site.newPage('csp');
  const response = await page.goto(site.url);
  assert.ok((response.headers()['content-security-policy'] || '').includes("script-src 'self' 'wasm-unsafe-eval'"), response.headers()['content-security-policy']);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  await site.close(page);
});

test('axe-core: index, English and 中文', async (t) => {
  const page = await openWithResult(site, 'axe-index');
  await workedExample(page);
  // Typed input is marked as still typing until it settles: axe reads the settled page.
  await settled(page);
  await waitShadow(page, ({ shadowRoot: root }) => !root.querySelector('[data-stale]'), null, 'settled, nothing stale');
  await runAxe(t, page, 'index, English');
  await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
  await waitShadow(page, ({ shadowRoot: root }) => /[\u4e00-\u9fff]/.test(root.querySelector('.steps-list h3')?.textContent || ''), null, 'Chinese steps');
  await runAxe(t, page, 'index, 中文');
  await site.close(page);
});

test('axe-core: index, 70B with a row expanded', async (t) => {
  const page = await openWithResult(site, 'axe-70b');
  const r70 = await seventyB(page);
  await page.locator(`gpu-sizer table.options tbody tr[data-offer-id="${r70.result.choices.cheapest}"] button.expand`).click();
  await runAxe(t, page, 'index, 70B with a row expanded');
  await site.close(page);
});

for (const lang of ['en', 'zh']) {
  test(`axe-core: index at 360 px (offers as cards, a detail row open, a warning badge focused), ${lang}`, async (t) => {
    const context = await site.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US', viewport: { width: 360, height: 800 } });
    const page = await site.newPage(`axe-360-${lang}`, context);
    await page.goto(site.url);
    await waitShadow(page, ({ shadowRoot: root }, l) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === l, lang, 'first result');
    await settled(page);
    await page.locator('gpu-sizer table.options tbody tr[data-offer-id] button.expand').first().click();
    const badge = page.locator('gpu-sizer td.warn .wb').first();
    if (await badge.count()) await badge.focus();
    await runAxe(t, page, `index at 360 px, ${lang}`);
    await site.close(page);
  });
}

test('axe-core: embed', async (t) => {
  const page = await openWithResult(site, 'axe-embed', site.url + 'demo.html');
  await runAxe(t, page, 'embed');
  await site.close(page);
});

test('axe-core: index with the copy-link fallback', async (t) => {
  const page = await site.newPage('axe-copy-fallback');
  await page.addInitScript(() => { Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true }); });
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  await settled(page);
  await page.locator('#share-copy').click();
  await page.waitForFunction(() => !document.getElementById('share-url').hidden, null, { timeout: 15000 });
  await runAxe(t, page, 'index with the copy-link fallback');
  await site.close(page);
});

site.assertClean();
