// Offline after the first visit: index.html registers a service worker, and with the network off
// a reload still computes a result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow } from './harness.mjs';

const site = useSite();

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
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'offline result');
  } finally {
    await site.context.setOffline(false);
  }
  await site.close(page);
});

site.assertClean();
