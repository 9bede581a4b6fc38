// Only what the page uses: the calculator page loads its own wasm module (without the provider
// kit) and its reader's language's strings (sizer/i18n-<lang>.js); the other language loads when
// it is switched to, the kit's module (gpusizer-kit.wasm) when a provider's file is read, and the
// provider page loads the kit's module for its own work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, waitShadow, settled, TIMEOUT } from './harness.mjs';

const site = useSite();

/** A fresh context whose requests (the page's and its workers', not the service worker's) are recorded by path. */
async function recorded(label) {
  const context = await site.newContext();
  const paths = [];
  // (not the service worker's precache of the whole site, after the first result)
  context.on('request', (r) => {
    if (!r.serviceWorker()) paths.push(new URL(r.url()).pathname);
  });
  const page = await site.newPage(label, context);
  return { context, page, paths };
}

test('the calculator page: its module and its language only; the other language on the switch, the kit on a provider’s file', async () => {
  const { context, page, paths } = await recorded('calculator');
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
  await settled(page);
  assert.ok(paths.includes('/gpusizer.wasm'), 'the calculator’s module');
  assert.ok(paths.includes('/sizer/i18n-en.js'), 'the English strings');
  assert.ok(!paths.some((p) => p.startsWith('/gpusizer-kit')), `no kit: ${paths.filter((p) => p.includes('kit')).join(', ')}`);
  assert.ok(!paths.includes('/sizer/i18n-zh.js'), 'no Chinese strings for an English reader');

  await page.locator('gpu-sizer .lang-switch label[lang="zh"]').click();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent === '训练 token 数', null, 'Chinese labels');
  assert.ok(paths.includes('/sizer/i18n-zh.js'), 'the Chinese strings, on the switch');
  await settled(page);
  await page.locator('gpu-sizer .lang-switch label[lang="en"]').click();
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('label[for="f-tokens"]').textContent === 'Training tokens', null, 'English again');

  await page.waitForFunction(() => !document.getElementById('catalog-file').hidden, null, { timeout: TIMEOUT });
  const csv = 'provider,gpu,gpusPerUnit,currency,hour\r\nDisk Cloud,a100-80gb,8,CNY,1000\r\n';
  await page.locator('#catalog-file-input').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.waitForFunction(() => /prices\.csv: 1 offer/.test(document.querySelector('#catalog-file [role="status"]').textContent), null, { timeout: TIMEOUT });
  assert.ok(paths.includes('/gpusizer-kit.wasm'), 'the kit’s module, once a provider’s file is read');
  await context.close();
});

test('the provider page loads the kit’s module and imports a price list with it', async () => {
  const { context, page, paths } = await recorded('provider');
  await page.goto(`${site.url}provider.html`);
  await page.waitForFunction(() => !document.getElementById('kit').hidden, null, { timeout: TIMEOUT });
  await page.locator('#kit-csv').fill('provider,gpu,gpusPerUnit,currency,hour\nKit Cloud,h100-80gb,8,USD,20\n');
  await page.locator('#kit-import-button').click();
  await page.waitForFunction(() => /kit-cloud/.test(document.getElementById('kit-json').textContent), null, { timeout: TIMEOUT });
  assert.ok(paths.includes('/gpusizer-kit.wasm'));
  await context.close();
});

site.assertClean();
