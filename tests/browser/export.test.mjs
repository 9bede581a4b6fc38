// Taking it to the budget meeting: the comparison as CSV (UTF-8 with a byte-order mark, headers in
// the page's language, one row per offer, the core's numbers as they are), the request and the
// response as JSON, a Markdown summary in the page's language (job, recommended plan with its
// reason, alternatives, assumptions, warnings, price dates), and a print stylesheet that puts the
// summary, the plan, the charts and the top offers on paper without the form.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useSite, openWithResult, shadow, settled, waitShadow } from './harness.mjs';

const site = useSite();

/** Clicks an export button and returns the downloaded file's name and bytes. */
async function download(page, kind) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator(`gpu-sizer .export [data-export="${kind}"]`).click()]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/** RFC 4180: fields in double quotes may hold commas, quotes ("") and line breaks. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

for (const lang of ['en', 'zh']) {
  describe(`exports in ${lang}`, () => {
    let page;
    let response;
    before(async () => {
      const context = await site.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US', acceptDownloads: true });
      page = await site.newPage(`export-${lang}`, context);
      await page.goto(site.url);
      await waitShadow(page, ({ shadowRoot: root }, l) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0 && root.querySelector('.root').lang === l, lang, 'first result');
      response = await settled(page);
    });

    test('CSV: a byte-order mark, headers in the page’s language, one row per offer with the core’s numbers', async (t) => {
      const { name, bytes } = await download(page, 'csv');
      assert.match(name, /^gpusizer-offers-\d{4}-\d{2}-\d{2}\.csv$/);
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
      const rows = parseCsv(text);
      const [head, ...body] = rows;
      t.diagnostic(`${name}: ${body.length} rows; ${head.join(' | ')}`);
      if (lang === 'zh') {
        assert.ok(head.includes('服务商') && head.includes('总费用') && head.includes('报价日期'), head.join(','));
        assert.ok(head.every((h) => !/^[a-z]+[A-Z]/.test(h)), 'no field names as headers');
      } else {
        assert.ok(head.includes('Provider') && head.includes('Total cost') && head.includes('Price date'), head.join(','));
      }
      const options = response.result.options;
      assert.equal(body.length, options.length, 'one row per offer');
      assert.ok(body.every((r) => r.length === head.length), 'every row has every column');
      const col = (name2) => head.indexOf(name2);
      const [idCol, costCol, daysCol] = lang === 'zh' ? [col('方案 ID'), col('总费用'), col('时间（天）')] : [col('Offer ID'), col('Total cost'), col('Time (days)')];
      // The bill's lines, a column each: the core's amount, or that the price list has none.
      const [rentalCol, storageCol, egressCol] = lang === 'zh' ? [col('GPU 租用'), col('存储'), col('出网流量')] : [col('GPU rental'), col('Storage'), col('Egress')];
      assert.ok(rentalCol >= 0 && storageCol >= 0 && egressCol >= 0, head.join(','));
      const notPriced = lang === 'zh' ? '价目表中没有' : 'not in the price list';
      for (const [i, o] of options.entries()) {
        assert.equal(body[i][idCol], o.offerId);
        assert.equal(body[i][costCol], o.cost ? String(o.cost.amount) : '');
        assert.equal(body[i][daysCol], String(o.wallDays));
        const line = (item) => o.cost?.lines?.find((l) => l.item === item);
        for (const [item, c] of [['rental', rentalCol], ['storage', storageCol], ['egress', egressCol]]) {
          const l = line(item);
          assert.equal(body[i][c], !l ? '' : l.priced === false ? notPriced : String(l.amount), `${o.offerId} ${item}`);
        }
      }
    });

    test('JSON: the request and the response, as the core answered', async () => {
      const { name, bytes } = await download(page, 'json');
      assert.match(name, /\.json$/);
      const doc = JSON.parse(bytes.toString('utf8'));
      assert.deepEqual(doc.request, response.request);
      const { request, ...answer } = response;
      assert.deepEqual(doc.response, answer);
    });

    test('Markdown: the job, the plan with its reason, alternatives, assumptions, warnings and price dates, in the page’s language', async (t) => {
      const { name, bytes } = await download(page, 'md');
      assert.match(name, /\.md$/);
      const md = bytes.toString('utf8');
      t.diagnostic(md.split('\n').slice(0, 40).join('\n'));
      const sections = [...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      const owning = (response.result.ownership || []).length > 0;
      assert.deepEqual(sections, lang === 'zh'
        ? ['任务', '推荐方案', '全部费用', '其他方案', ...(owning ? ['自购与托管'] : []), '假设', '提示', '报价日期']
        : ['Job', 'Recommended plan', 'Whole bill', 'Alternatives', ...(owning ? ['Buy and host instead'] : []), 'Assumptions', 'Warnings', 'Price dates']);
      assert.match(md, /^# /);
      const rec = response.result.recommendation;
      assert.ok(md.includes(rec.offerId.replace(/[-_]/g, (c) => (c === '_' ? '\\_' : c))), 'names the recommended offer');
      assert.ok(md.includes('> '), 'quotes the reason');
      if (lang === 'zh') assert.match(md, /推荐：/);
      const plan = response.result.options.find((o) => o.offerId === rec.offerId);
      assert.ok(md.includes(plan.priceDate), 'the plan’s price date');
      // The whole bill: a table row per line of the core's, with its basis.
      for (const l of plan.cost.lines) assert.ok(md.includes(l.basis.slice(0, 12)), `the ${l.item} line's basis`);
    });

    test('print: the form, filters and buttons are off the paper; the summary, the plan’s reason, the charts and the top offers are on it', async () => {
      await page.emulateMedia({ media: 'print' });
      const shown = await shadow(page, ({ shadowRoot: root }) => {
        const visible = (sel) => {
          const el = root.querySelector(sel);
          return !!el && el.checkVisibility() && el.getBoundingClientRect().height > 0;
        };
        return {
          form: visible('form'), filters: visible('.filters'), export: visible('.export'),
          summary: visible('[part="summary"]'), reason: visible('.reason'), chart: visible('[part="chart"]'),
          table: visible('table.options'), rows: [...root.querySelectorAll('tbody tr[data-offer-id]')].filter((r) => r.checkVisibility()).length,
        };
      });
      const host = await page.evaluate(() => ({ claims: getComputedStyle(document.getElementById('claims')).display, share: getComputedStyle(document.getElementById('share')).display }));
      await page.emulateMedia({ media: 'screen' });
      assert.deepEqual(shown, { form: false, filters: false, export: false, summary: true, reason: true, chart: true, table: true, rows: 10 });
      assert.equal(host.share, 'none');
      assert.equal(host.claims, 'none');
    });
  });
}

site.assertClean();
