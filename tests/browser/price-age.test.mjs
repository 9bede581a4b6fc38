// Price ages: the form sends goal.asOf, today in the browser's clock, so the ages of the offers'
// prices count to today, and to a later day when the clock says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, waitShadow, settled } from './harness.mjs';

const site = useSite();
const datedOption = (r) => (r?.result?.options || []).find((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.priceDate || '') && typeof o.priceAgeDays === 'number');

test('price ages are counted to today (goal.asOf from the browser clock)', async () => {
  const page = await openWithResult(site, 'today');
  const dated = datedOption(await settled(page));
  assert.ok(dated, 'an option with a dated price');
  const expectedAge = Math.round((new Date(new Date().toDateString()) - new Date(dated.priceDate + 'T00:00:00')) / 86400000);
  assert.ok(Math.abs(dated.priceAgeDays - expectedAge) <= 1, `${dated.offerId} ${dated.priceDate}: ${dated.priceAgeDays} vs ${expectedAge}`);
  await site.close(page);
});

test('with the browser clock at 2027-03-01, price ages count to that day (goal.asOf)', async () => {
  const later = await site.newPage('clock');
  await later.clock.setFixedTime(new Date('2027-03-01T10:00:00'));
  await later.goto(site.url);
  await waitShadow(later, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'result on 2027-03-01');
  const dated = datedOption(await settled(later));
  assert.ok(dated, 'an option with a dated price');
  const age = Math.round((new Date('2027-03-01T00:00:00') - new Date(dated.priceDate + 'T00:00:00')) / 86400000);
  assert.equal(dated.priceAgeDays, age, `${dated.priceDate}: ${dated.priceAgeDays} vs ${age}`);
  await site.close(later);
});

site.assertClean();
