// Every warning where the eye is: each offer row shows its warnings (result.options[].warnings) as
// badges, a short label per code from the message table in the page's language, each a focusable
// button described by (aria-describedby) the core's message; pointing at a badge or focusing it
// from the keyboard shows that message beside it (Escape hides it); the detail row lists them all
// with their reasons; offers outside the constraints asked (options[].outside) carry a badge of
// their own. In English and Chinese.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, seventyB, settled, showAllOffers, waitShadow } from './harness.mjs';

const site = useSite();

/** Every row's badges: code, label, the text of the element that describes it, focusable. */
const badges = (page) => shadow(page, ({ shadowRoot: root }) => [...root.querySelectorAll('tbody tr[data-offer-id]')].map((r) => ({
  id: r.dataset.offerId,
  outside: r.hasAttribute('data-outside'),
  badges: [...r.querySelectorAll('td.warn .wb')].map((b) => ({
    code: b.dataset.code,
    tag: b.tagName,
    label: b.textContent.replace(/^[✕⚠ℹ⊘]/, '').trim(),
    described: root.getElementById(b.getAttribute('aria-describedby') || '')?.textContent || '',
  })),
})));

const tip = (page) => shadow(page, ({ shadowRoot: root }) => {
  const t = root.querySelector('.wtip');
  return t.hidden ? null : t.textContent;
});

describe('warnings of a 70B run on the market', () => {
  let page;
  let result;
  let rows;
  before(async () => {
    page = await openWithResult(site, 'warnings');
    result = (await seventyB(page)).result;
    await showAllOffers(page);
    rows = await badges(page);
  });

  const option = (id) => result.options.find((o) => o.offerId === id);

  test('every row shows each of its warnings as a badge, in the core’s order, described by the core’s message', (t) => {
    assert.equal(rows.length, result.options.length);
    let n = 0;
    for (const row of rows) {
      const o = option(row.id);
      const warn = row.badges.filter((b) => b.code !== 'outside');
      assert.deepEqual(warn.map((b) => b.code), o.warnings.map((w) => w.code), row.id);
      assert.deepEqual(warn.map((b) => b.described), o.warnings.map((w) => w.message), row.id);
      assert.ok(row.badges.every((b) => b.tag === 'BUTTON' && b.label.length > 0));
      n += warn.length;
    }
    t.diagnostic(`${n} warning badges on ${rows.length} rows`);
    assert.ok(n > 20);
  });

  test('each code has its own short label from the message table (no code shown raw)', () => {
    const labels = new Map();
    for (const b of rows.flatMap((r) => r.badges)) labels.set(b.code, b.label);
    for (const [code, label] of labels) {
      assert.ok(!label.includes('_') && label !== code, `${code}: ${label}`);
      assert.ok(label.length <= 24, `${code}: “${label}” is not short`);
    }
    assert.equal(labels.get('stale_price'), 'Old price');
    assert.equal(labels.get('does_not_fit'), 'Does not fit');
  });

  test('offers outside the constraints asked are marked with a badge naming what they break', () => {
    const outside = result.options.filter((o) => (o.outside || []).length > 0);
    assert.ok(outside.length > 0);
    for (const o of outside) {
      const row = rows.find((r) => r.id === o.offerId);
      assert.ok(row.outside, o.offerId);
      const b = row.badges.find((x) => x.code === 'outside');
      assert.equal(b?.label, 'Outside your ask');
      assert.match(b.described, /^Breaks: /);
    }
    assert.ok(rows.filter((r) => r.outside).length === outside.length);
  });

  test('pointing at a badge shows the core’s message beside it; moving away hides it', async () => {
    const o = result.options.find((x) => x.warnings.length > 0);
    const badge = page.locator(`gpu-sizer tr[data-offer-id="${o.offerId}"] .wb[data-code="${o.warnings[0].code}"]`).first();
    await badge.scrollIntoViewIfNeeded();
    await badge.hover();
    assert.equal(await tip(page), o.warnings[0].message);
    const geometry = await shadow(page, ({ shadowRoot: root }, id) => {
      const t = root.querySelector('.wtip').getBoundingClientRect();
      const b = root.querySelector(`tr[data-offer-id="${id}"] .wb`).getBoundingClientRect();
      return { below: t.top >= b.bottom - 1, near: Math.abs(t.top - b.bottom) < 40, inside: t.right <= document.documentElement.clientWidth };
    }, o.offerId);
    assert.deepEqual(geometry, { below: true, near: true, inside: true });
    await page.mouse.move(5, 5);
    assert.equal(await tip(page), null);
  });

  test('from the keyboard: Tab reaches a badge, its message shows; Escape hides it', async () => {
    const o = result.options.find((x) => x.warnings.length > 0);
    const toggle = page.locator(`gpu-sizer tr[data-offer-id="${o.offerId}"] button.expand`);
    await toggle.focus();
    // From the row's toggle, Tab goes through the row's own controls to its first badge.
    for (let i = 0; i < 4; i++) {
      const onBadge = await shadow(page, ({ shadowRoot: root }) => root.activeElement?.classList.contains('wb'));
      if (onBadge) break;
      await page.keyboard.press('Tab');
    }
    const focused = await shadow(page, ({ shadowRoot: root }) => ({ code: root.activeElement?.dataset.code, row: root.activeElement?.closest('tr')?.dataset.offerId }));
    assert.equal(focused.row, o.offerId);
    const expect = focused.code === 'outside' ? /^Breaks: / : new RegExp(o.warnings.find((w) => w.code === focused.code).message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    assert.match(await tip(page) || '', expect);
    await page.keyboard.press('Escape');
    assert.equal(await tip(page), null);
  });

  test('a badge’s click opens the detail row, which lists every warning with its reason', async () => {
    const o = result.options.find((x) => x.warnings.length > 1);
    await page.locator(`gpu-sizer tr[data-offer-id="${o.offerId}"] .wb`).first().click();
    const listed = await shadow(page, ({ shadowRoot: root }, id) => {
      const detail = root.querySelector(`tr.detail[data-detail-for="${id}"]`);
      return { open: !detail.hidden, items: [...detail.querySelectorAll('[data-item="warnings"] li')].map((li) => ({ code: li.dataset.code, text: li.textContent })) };
    }, o.offerId);
    assert.ok(listed.open);
    const warn = listed.items.filter((i) => i.code !== 'outside');
    assert.deepEqual(warn.map((i) => i.code), o.warnings.map((w) => w.code));
    for (const [i, w] of o.warnings.entries()) assert.ok(warn[i].text.includes(w.message), warn[i].text);
  });
});

test('in Chinese: the badges’ labels are Chinese, their reasons the core’s Chinese messages', async () => {
  const context = await site.newContext({ locale: 'zh-CN' });
  const page = await site.newPage('warnings-zh', context);
  await page.goto(site.url);
  await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === 'zh', null, 'Chinese first result');
  const r = await settled(page);
  await showAllOffers(page);
  const rows = await badges(page);
  const all = rows.flatMap((row) => row.badges);
  assert.ok(all.length > 10);
  for (const b of all) {
    assert.match(b.label, /[\u4e00-\u9fff]/, `${b.code}: ${b.label}`);
    assert.match(b.described, /[\u4e00-\u9fff]/, `${b.code}: ${b.described}`);
  }
  const first = r.result.options.find((o) => o.warnings.length > 0);
  assert.deepEqual(rows.find((x) => x.id === first.offerId).badges.filter((b) => b.code !== 'outside').map((b) => b.described), first.warnings.map((w) => w.message));
  await site.close(page);
});

site.assertClean();
