// Invalid attributes never break the element: each is ignored (the default applies, the property
// says which value is in use) with one console warning naming the attribute, in the element's
// language; the same value again, or a new estimate, warns no more; a valid value clears it. The
// iframe page's parameters likewise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow, settled, TIMEOUT } from './harness.mjs';

const BAD = {
  lang: 'xx-YY',
  currency: 'EUR',
  theme: 'purple;}',
  preset: '<b>',
  gpu: 'no-such-gpu',
  'min-height': '-5px',
  'cta-label': '   ',
  'cta-href': 'javascript:alert(1)',
};
const esc = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attrs = Object.entries(BAD).map(([k, v]) => `${k}="${esc(v)}"`).join(' ');

const site = useSite({
  files: {
    '/test/plain.html': {
      type: 'text/html',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>plain</title><link rel="icon" href="/favicon.svg"><script type="module" src="/gpu-sizer.js"></script></head><body><gpu-sizer></gpu-sizer></body></html>',
    },
    '/test/bad-attributes.html': {
      type: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bad</title><link rel="icon" href="/favicon.svg">
<script type="module" src="/gpu-sizer.js"></script></head><body><gpu-sizer ${attrs}></gpu-sizer></body></html>`,
    },
  },
});

test('every invalid attribute: ignored with one warning, the element computes with the defaults', async () => {
  const page = await site.newPage('bad-attributes');
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`${site.url}test/bad-attributes.html`);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.results') && !root.querySelector('.results').hidden, null, 'a result');
  await settled(page);
  const props = await page.evaluate(() => {
    const el = document.querySelector('gpu-sizer');
    return { lang: el.lang, currency: el.currency, theme: el.theme, preset: el.preset, gpu: el.gpu, minHeight: el.minHeight, ctaLabel: el.ctaLabel, ctaHref: el.ctaHref };
  });
  assert.deepEqual(props, { lang: 'en', currency: 'USD', theme: 'light', preset: 'llama-2-7b', gpu: 'a100-80gb', minHeight: '2400px', ctaLabel: 'Request this configuration', ctaHref: '' });
  for (const name of Object.keys(BAD)) {
    const mine = warnings.filter((w) => w.startsWith(`<gpu-sizer>: ${name}="`));
    assert.equal(mine.length, 1, `${name}: ${JSON.stringify(warnings)}`);
    assert.match(mine[0], / is ignored, .*; the default applies\.$/);
  }
  assert.equal(warnings.length, Object.keys(BAD).length, warnings.join('\n'));
  // A new estimate, and the same value written again: no more warnings.
  await page.locator('gpu-sizer #f-tokens').fill('1T');
  await page.evaluate(() => document.querySelector('gpu-sizer').setAttribute('currency', 'EUR'));
  await settled(page);
  assert.equal(warnings.length, Object.keys(BAD).length, warnings.join('\n'));
  // Another bad value: one more; then a valid one (used), and a bad one again warns again.
  await page.evaluate(() => document.querySelector('gpu-sizer').setAttribute('currency', 'GBP'));
  await page.evaluate(() => document.querySelector('gpu-sizer').setAttribute('currency', 'cny'));
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-currency').value === 'CNY', null, 'currency cny applied');
  await page.evaluate(() => document.querySelector('gpu-sizer').setAttribute('currency', 'GBP'));
  assert.deepEqual(warnings.slice(Object.keys(BAD).length).map((w) => w.split(' is ')[0]), ['<gpu-sizer>: currency="GBP"', '<gpu-sizer>: currency="GBP"']);
  // In Chinese, the warning is the message table's Chinese.
  await page.evaluate(() => document.querySelector('gpu-sizer').setAttribute('lang', 'zh'));
  await page.evaluate(() => document.querySelector('gpu-sizer').setAttribute('theme', 'sepia'));
  await page.waitForFunction(() => true);
  await page.waitForTimeout(100);
  assert.match(warnings.at(-1), /^<gpu-sizer>：已忽略 theme="sepia"，应为 light, dark 之一；使用默认值。$/);
  await site.close(page);
});

test('theme="dark": the dark palette; a --gpu-sizer-* property set by the page still wins', async () => {
  const page = await openWithResult(site, 'theme-dark', `${site.url}test/plain.html`);
  const colours = await page.evaluate(async () => {
    const el = document.querySelector('gpu-sizer');
    el.setAttribute('theme', 'DARK');
    const dark = getComputedStyle(el).backgroundColor;
    el.style.setProperty('--gpu-sizer-bg', 'rgb(1, 2, 3)');
    const custom = getComputedStyle(el).backgroundColor;
    el.removeAttribute('theme');
    el.style.removeProperty('--gpu-sizer-bg');
    return { dark, custom, light: getComputedStyle(el).backgroundColor, theme: el.theme };
  });
  assert.deepEqual(colours, { dark: 'rgb(15, 23, 42)', custom: 'rgb(1, 2, 3)', light: 'rgb(255, 255, 255)', theme: 'light' });
  await site.close(page);
});

test('embed.html: each bad parameter ignored with one warning', async () => {
  const page = await site.newPage('frame-bad-params');
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`${site.url}embed.html?lang=xx&currency=EUR&theme=purple&gpu=%3Cb%3E&catalog=https%3A%2F%2Fevil.example%2Fc.json`);
  await page.waitForFunction(() => document.querySelector('gpu-sizer')?.shadowRoot?.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, { timeout: TIMEOUT, polling: 50 });
  const params = warnings.filter((w) => w.startsWith('embed.html:')).map((w) => /parameter (\w+)=/.exec(w)?.[1]);
  assert.deepEqual(params.sort(), ['catalog', 'currency', 'gpu', 'lang', 'theme']);
  assert.ok(warnings.every((w) => !w.startsWith('<gpu-sizer>')), 'nothing bad reached the element');
  await site.close(page);
});

site.assertClean();
