// Offline after the first visit: index.html registers a service worker that caches the site's
// pages, and with the network off a reload still computes a result; the embedding demo, the
// provider kit and the iframe page (with its query) open offline too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow, waitOffers, TIMEOUT } from './harness.mjs';

const site = useSite();
const result = ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0;

test('index.html registers a service worker; with the network off, a reload still computes a result (works offline)', async () => {
  const page = await openWithResult(site, 'service-worker');
  const swReady = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((r) => !!r.active),
      new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
    ]),
  );
  assert.ok(swReady, 'index.html registers a service worker');
  await site.context.setOffline(true);
  try {
    await page.reload();
    await waitShadow(page, result, null, 'offline result');
  } finally {
    await site.context.setOffline(false);
  }
  await site.close(page);
});

test('offline, the pages index.html links to and the iframe page come from the cache: the demo with its catalog, the provider kit, embed.html?lang=zh', async () => {
  // A fresh context: its first visit (index.html) installs the worker, which caches every page.
  const context = await site.newContext();
  const page = await site.newPage('sw-pages', context);
  await page.goto(site.url);
  await waitShadow(page, result, null, 'first result');
  assert.ok(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => !!r.active)));
  await context.setOffline(true);
  try {
    await page.goto(`${site.url}demo.html`);
    await waitShadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('table.options tbody tr .provider')].some((p) => p.textContent.startsWith('Example GPU Cloud')), null, 'the demo offline, with the example provider’s offers');
    await page.goto(`${site.url}embed.html?lang=zh&currency=CNY&catalog=provider-catalog.example.json`);
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.root')?.lang === 'zh' && [...root.querySelectorAll('table.options tbody tr .provider')].some((p) => p.textContent.startsWith('Example GPU Cloud')), null, 'the iframe page offline, in Chinese, with its catalog');
    await page.goto(`${site.url}provider.html?lang=en`);
    await page.waitForFunction(() => !document.getElementById('kit').hidden, null, { timeout: TIMEOUT, polling: 50 });
    await page.locator('#kit-csv').fill('provider,gpu,gpusPerUnit,currency,hour\nOffline Cloud,h100-80gb,8,USD,24\n');
    await page.locator('#kit-import-button').click();
    await waitOffers(page, (rows) => rows.length === 1 && rows[0].provider === 'Offline Cloud', 'the provider kit offline: a price list in, the preview shows it');
  } finally {
    await context.setOffline(false);
  }
  await site.close(page);
});

site.assertClean();
