// The call to action a provider configures (cta-label, cta-href): a button or link beside the
// recommended plan and each offer of the provider's catalog, its label from the message table in
// the element's language unless cta-label gives one; a click fires gpusizer-quote (bubbling,
// composed, cancelable) with the plan as the core's response has it; with cta-href it opens that
// URL with the plan in the query, unless a listener cancels the event; a cta-href that is not
// http, https or relative (javascript:, data:) is ignored with one console warning.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, waitShadow, waitOffers, shadow, settled, runAxe, TIMEOUT } from './harness.mjs';

const offer = (id, gpu, hour, month) => ({
  id, provider: { en: 'CTA Cloud', zh: '行动云' }, gpu, gpusPerUnit: 8, unitsAvailable: 64, currency: 'CNY', prices: { hour, month },
  interconnect: { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 }, priceDate: '2026-11-01',
});
const catalog = { catalogVersion: 'cta test', offers: [offer('cta-8x-h100', 'h100-80gb', 160, 85000), offer('cta-8x-a100', 'a100-80gb', 90, 50000)] };

const page = (attrs) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="/favicon.svg"><script src="/test/quotes.js"></script><script type="module" src="/gpu-sizer.js"></script></head>
<body><h1>Provider</h1><gpu-sizer ${attrs}></gpu-sizer></body></html>`;

const site = useSite({
  files: {
    '/test/cta-catalog.json': { body: JSON.stringify(catalog) },
    // Records every gpusizer-quote at the document (it bubbles out of the shadow root); cancels it when asked.
    '/test/quotes.js': {
      type: 'text/javascript',
      body: `window.__quotes = [];
document.addEventListener('gpusizer-quote', (e) => {
  window.__quotes.push({ detail: e.detail, bubbles: e.bubbles, composed: e.composed, cancelable: e.cancelable, target: e.target.localName });
  if (window.__cancelQuotes) e.preventDefault();
});`,
    },
    '/test/cta.html': { type: 'text/html', body: page('lang="en" gpu="h100-80gb" catalog-src="/test/cta-catalog.json" cta-href="/test/contact.html?from=calculator"') },
    '/test/contact.html': { type: 'text/html', body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>contact</title><link rel="icon" href="/favicon.svg"></head><body><h1>Contact</h1></body></html>' },
  },
});

/** The call-to-action controls: [{tag, text, href, offer, source, label}]. */
const ctas = (p) => shadow(p, ({ shadowRoot: root }) => [...root.querySelectorAll('.cta')].map((c) => ({
  tag: c.localName, text: c.textContent, href: c.getAttribute('href'), offer: c.dataset.offerId,
  source: c.classList.contains('cta-plan') ? 'plan' : 'offer', label: c.getAttribute('aria-label'), part: c.getAttribute('part'),
})));

async function openCta(label, url = `${site.url}test/cta.html`) {
  const p = await site.newPage(label);
  const warnings = [];
  p.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await p.goto(url);
  await waitOffers(p, (rows) => rows.length === 2, `${label}: the provider’s two offers`);
  await settled(p);
  return { p, warnings };
}

describe('a provider’s page with cta-href', () => {
  let p;
  let warnings;
  before(async () => {
    ({ p, warnings } = await openCta('cta'));
  });

  test('a call to action beside the recommended plan and each provider offer, labelled from the message table', async () => {
    const all = await ctas(p);
    const rows = all.filter((c) => c.source === 'offer');
    const plan = all.filter((c) => c.source === 'plan');
    assert.deepEqual(rows.map((c) => c.offer).sort(), ['cta-8x-a100', 'cta-8x-h100']);
    assert.equal(plan.length, 1);
    const recommended = await shadow(p, ({ shadowRoot: root }) => root.querySelector('tr[data-recommended]')?.dataset.offerId);
    assert.equal(plan[0].offer, recommended);
    for (const c of all) {
      assert.equal(c.tag, 'a', 'a link: cta-href is set');
      assert.equal(c.text, 'Request this configuration');
      assert.equal(c.part, 'cta');
    }
    assert.match(rows[0].label, /^Request this configuration: CTA Cloud \(cta-8x-/);
    assert.equal(await p.evaluate(() => document.querySelector('gpu-sizer').ctaLabel), 'Request this configuration');
    assert.equal(await p.evaluate(() => document.querySelector('gpu-sizer').ctaHref), '/test/contact.html?from=calculator');
    assert.deepEqual(warnings, []);
  });

  test('each link is cta-href with that plan in its query: offer, units, gpus, days, cost, currency (the core’s figures)', async () => {
    const last = await p.evaluate(() => window.__lastResult);
    for (const c of (await ctas(p)).filter((x) => x.source === 'offer')) {
      const o = last.result.options.find((x) => x.offerId === c.offer);
      const url = new URL(c.href);
      assert.equal(url.origin + url.pathname, `${site.origin}/test/contact.html`);
      assert.deepEqual(Object.fromEntries(url.searchParams), {
        from: 'calculator', offer: o.offerId, units: String(o.units), gpus: String(o.count), days: String(o.wallDays),
        cost: String(o.cost.amount), currency: o.cost.currency,
      });
    }
  });

  test('a click fires gpusizer-quote (bubbling, composed, cancelable) with the plan and the request; cancelled, nothing opens', async () => {
    await p.evaluate(() => {
      window.__quotes = [];
      window.__cancelQuotes = true;
    });
    const before = p.url();
    await p.locator('gpu-sizer .offer-cta .cta[data-offer-id="cta-8x-a100"]').click();
    await p.waitForFunction(() => window.__quotes.length === 1, null, { timeout: TIMEOUT });
    const [q] = await p.evaluate(() => window.__quotes);
    const last = await p.evaluate(() => window.__lastResult);
    const o = last.result.options.find((x) => x.offerId === 'cta-8x-a100');
    assert.deepEqual([q.bubbles, q.composed, q.cancelable, q.target], [true, true, true, 'gpu-sizer']);
    assert.deepEqual(q.detail, {
      offerId: 'cta-8x-a100', provider: o.provider, gpu: 'a100-80gb', units: o.units, gpus: o.count, days: o.wallDays,
      costs: o.cost, currency: o.cost.currency, request: last.request, source: 'offer',
      href: (await ctas(p)).find((c) => c.source === 'offer' && c.offer === 'cta-8x-a100').href,
    });
    assert.match(q.detail.href, /\/test\/contact\.html\?from=calculator&offer=cta-8x-a100&/);
    assert.equal(q.detail.request.catalog.catalogVersion, 'cta test');
    await p.waitForTimeout(300);
    assert.equal(p.url(), before, 'a cancelled quote opens nothing');
  });

  test('the plan’s link, not cancelled, opens cta-href with the plan in the query', async () => {
    await p.evaluate(() => {
      window.__cancelQuotes = false;
    });
    const last = await p.evaluate(() => window.__lastResult);
    const o = last.result.options.find((x) => x.offerId === last.result.recommendation.offerId);
    await Promise.all([p.waitForURL(/\/test\/contact\.html\?/, { timeout: TIMEOUT }), p.locator('gpu-sizer .plan-cta .cta').click()]);
    const q = Object.fromEntries(new URL(p.url()).searchParams);
    assert.deepEqual(q, { from: 'calculator', offer: o.offerId, units: String(o.units), gpus: String(o.count), days: String(o.wallDays), cost: String(o.cost.amount), currency: o.cost.currency });
    await site.close(p);
  });
});

test('cta-label and cta-href changed on the fly: a hostile label stays text, javascript:/data: links are ignored with one warning each, no attribute no button', async () => {
  const { p, warnings } = await openCta('cta-attributes');
  const set = (name, value) => p.evaluate(([n, v]) => {
    const el = document.querySelector('gpu-sizer');
    if (v === null) el.removeAttribute(n);
    else el.setAttribute(n, v);
  }, [name, value]);
  const evil = '<img src=x onerror="window.__pwned=1">Quote';
  await set('cta-label', evil);
  await waitShadow(p, ({ shadowRoot: root }, t) => [...root.querySelectorAll('.cta')].every((c) => c.textContent === t), evil, 'the label as text');
  assert.equal(await shadow(p, ({ shadowRoot: root }) => root.querySelectorAll('img').length), 0);

  for (const bad of ['javascript:window.__pwned=1', ' JaVaScRiPt:window.__pwned=1', 'java\tscript:window.__pwned=1', 'data:text/html,<b>x</b>']) {
    await set('cta-href', bad);
    await waitShadow(p, ({ shadowRoot: root }) => [...root.querySelectorAll('.cta')].every((c) => c.localName === 'button' && !c.hasAttribute('href')), null, `${JSON.stringify(bad)}: buttons, no link`);
    assert.equal(await p.evaluate(() => document.querySelector('gpu-sizer').ctaHref), '');
  }
  // The button still quotes: the event, no navigation.
  await p.evaluate(() => {
    window.__quotes = [];
  });
  const before = p.url();
  await p.locator('gpu-sizer .plan-cta .cta').click();
  await p.waitForFunction(() => window.__quotes.length === 1, null, { timeout: TIMEOUT });
  assert.equal(p.url(), before);
  assert.equal(await p.evaluate(() => window.__pwned), undefined);
  const hrefWarnings = warnings.filter((w) => w.includes('cta-href'));
  assert.equal(hrefWarnings.length, 4, hrefWarnings.join('\n'));
  assert.match(hrefWarnings[0], /^<gpu-sizer>: cta-href="javascript:window.__pwned=1" is ignored, it must be an http, https or relative URL; the default applies\.$/);

  // An absolute https link is used as given.
  await set('cta-href', 'https://sales.example/quote');
  await waitShadow(p, ({ shadowRoot: root }) => root.querySelector('.plan-cta a.cta')?.getAttribute('href')?.startsWith('https://sales.example/quote?offer='), null, 'an https link');
  // Too long a label: the default, with a warning.
  await set('cta-label', 'x'.repeat(81));
  await waitShadow(p, ({ shadowRoot: root }) => root.querySelector('.plan-cta .cta')?.textContent === 'Request this configuration', null, 'the default label');
  assert.equal(warnings.filter((w) => w.includes('cta-label')).length, 1);
  // In Chinese the default label is the Chinese one.
  await set('lang', 'zh');
  await waitShadow(p, ({ shadowRoot: root }) => root.querySelector('.plan-cta .cta')?.textContent === '申请此配置', null, 'the Chinese default label');
  // Neither attribute: no call to action at all.
  await set('cta-label', null);
  await set('cta-href', null);
  await waitShadow(p, ({ shadowRoot: root }) => root.querySelectorAll('.cta').length === 0, null, 'no call to action');
  await site.close(p);
});

test('without a provider catalog, every offer gets the call to action; axe-core finds nothing serious', async (t) => {
  site.files['/test/cta-default.html'] = { type: 'text/html', body: page('lang="en" cta-label="Ask us"') };
  const p = await site.newPage('cta-default');
  await p.goto(`${site.url}test/cta-default.html`);
  const rows = await waitOffers(p, (r) => r.length > 10, 'the default offers');
  const all = await ctas(p);
  assert.equal(all.filter((c) => c.source === 'offer').length, rows.length);
  assert.ok(all.every((c) => c.tag === 'button' && c.text === 'Ask us'));
  await runAxe(t, p, 'the call to action');
  await site.close(p);
});

site.assertClean();
