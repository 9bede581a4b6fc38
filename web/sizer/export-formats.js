// The export formats (export.js's buttons): the comparison as CSV, the Markdown summary. A module of
// its own, imported on the first click of CSV or Markdown: the page does not download it before.
// Everything is formatted from the core's response: the numbers in the CSV are the response's
// own, nothing is recomputed.
import { formulaSafe } from './csv.js';
import { i18n } from './i18n.js';
import { jobItems } from './job.js';
import { recommendedOption } from './summary.js';
import { warningsOf } from './options-table.js';

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const str = (v) => (v == null ? '' : String(v));

const CSV_COLUMNS = [
  'offerId', 'provider', 'deployment', 'tier', 'region', 'isolation', 'gpu', 'gpusPerUnit', 'units', 'count',
  'wallDays', 'gpuHours', 'cost', 'currency', 'costPerB', 'billing', 'lineRental', 'lineSetupFee', 'linePublicIp',
  'lineSupport', 'lineStorage', 'lineBandwidth', 'lineEgress', 'bill', 'uploadHours', 'fits', 'meetsGoal', 'recommended',
  'outside', 'priceDate', 'priceAgeDays', 'confidence', 'source', 'warnings',
];
// The bill's items, each a column of its own: its amount as the core wrote it, or that the price
// list has none.
const LINE_COLUMNS = {
  lineRental: 'rental', lineSetupFee: 'setup-fee', linePublicIp: 'public-ip', lineSupport: 'support',
  lineStorage: 'storage', lineBandwidth: 'bandwidth', lineEgress: 'egress',
};

/** One CSV field: numbers as the core wrote them; text quoted, and never read as a formula. */
function csvField(v) {
  if (v == null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  // A cell starting like a formula (a provider's name is the provider's to choose) is text.
  const text = formulaSafe(String(v));
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The comparison as CSV text (with the byte-order mark): a header row in the page's language,
 * then one row per result.options entry in the core's order.
 * @param {object} response  an ok:true response
 * @param {{lang: string, gpuName: (id: string) => string}} ctx
 */
export function toCsv(response, { lang, gpuName }) {
  const tr = i18n(lang);
  const { t } = tr;
  const result = response?.result || {};
  const options = Array.isArray(result.options) ? result.options.filter(isObject) : [];
  const yes = (b) => (b === true ? t('yes') : b === false ? t('no') : '');
  const lines = [CSV_COLUMNS.map((c) => csvField(t(`csv.${c}`))).join(',')];
  for (const o of options) {
    const cost = isObject(o.cost) ? o.cost : {};
    const bill = Array.isArray(cost.lines) ? cost.lines.filter(isObject) : [];
    const row = {
      offerId: str(o.offerId),
      provider: str(o.provider),
      deployment: o.deployment != null ? tr.enumLabel('deployment', str(o.deployment)) : '',
      tier: o.tier != null ? tr.enumLabel('tier', str(o.tier)) : '',
      region: str(o.region),
      isolation: o.isolation != null ? tr.enumLabel('isolation', str(o.isolation)) : '',
      gpu: gpuName(o.gpu),
      gpusPerUnit: o.gpusPerUnit,
      units: o.units,
      count: o.count,
      wallDays: o.wallDays,
      gpuHours: o.gpuHours,
      cost: cost.amount,
      currency: str(cost.currency),
      costPerB: o.costPerBillionTokens,
      billing: tr.billing(cost.billing),
      bill: bill.map((l) => `${tr.enumLabel('lineItem', str(l.item))}${tr.colon}${l.priced === false ? t('notPriced') : tr.money(l.amount, cost.currency)} (${str(l.basis)})`).join('; '),
      uploadHours: isObject(o.transfer) ? o.transfer.uploadHours : undefined,
      fits: yes(o.fits),
      meetsGoal: yes(o.meetsGoal),
      recommended: yes(o.recommended === true),
      outside: (Array.isArray(o.outside) ? o.outside : []).map((c) => tr.enumLabel('outside', str(c))).join('; '),
      priceDate: str(o.priceDate),
      priceAgeDays: o.priceAgeDays,
      confidence: o.confidence != null ? tr.enumLabel('confidence', str(o.confidence)) : '',
      source: str(o.source),
      warnings: warningsOf(o).map((w) => str(w.message)).join('; '),
    };
    for (const [column, item] of Object.entries(LINE_COLUMNS)) {
      const l = bill.find((x) => x.item === item);
      row[column] = l ? (l.priced === false ? t('notPriced') : l.amount) : undefined;
    }
    lines.push(CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Text safe inside Markdown (a catalog's names are the provider's to choose). */
const md = (v) => str(v).replace(/[\r\n]+/g, ' ').replace(/([\\`*_[\]<>#|!~])/g, '\\$1');

/**
 * The Markdown summary in the page's language: # title, ## job, recommended plan, alternatives,
 * assumptions, warnings, price dates.
 * @param {object} response  an ok:true response (response.request: the request that produced it)
 * @param {{lang: string, gpuName: (id: string) => string, version?: string, date?: string}} ctx
 */
export function toMarkdown(response, { lang, gpuName, version = '', date = '' }) {
  const tr = i18n(lang);
  const { t } = tr;
  const result = response?.result || {};
  const options = Array.isArray(result.options) ? result.options.filter(isObject) : [];
  const byId = (id) => (id == null ? null : options.find((o) => o.offerId === id) || null);
  const rec = isObject(result.recommendation) ? result.recommendation : null;
  const plan = recommendedOption(result);
  const est = isObject(result.estimate) ? result.estimate : null;
  const sep = tr.colon;
  const list = (items) => (items.length ? items.map((x) => `- ${x}`) : [`- ${t('md.none')}`]);
  const planLine = (o) => {
    const cost = isObject(o.cost) ? o.cost : null;
    return [
      `**${md(o.provider || o.offerId)}** (${md(o.offerId)})`,
      `${tr.int(o.count)} × ${md(gpuName(o.gpu))}`,
      tr.duration(o.wallDays).text,
      cost ? tr.money(cost.amount, cost.currency) : t('noCost'),
    ].join(' · ');
  };
  const out = [`# ${t('md.title')}`, ''];
  out.push(tr.fmt('md.made', { v: version || '—', date: date || '—' }), '');

  out.push(`## ${t('md.job')}`, '', ...list(jobItems(response, { lang, gpuName }, md)), '');

  // The plan, and why.
  out.push(`## ${t('md.plan')}`, '');
  if (rec && rec.qualifies === false) {
    const relax = (Array.isArray(rec.relax) ? rec.relax : []).map((c) => tr.enumLabel('constraint', str(c)));
    out.push(`**${t('noneQualifies')}**${relax.length ? ` ${t('relaxLead')} ${relax.join(lang === 'zh' ? '、' : ', ')}` : ''}`, '');
  }
  if (plan) {
    const cost = isObject(plan.cost) ? plan.cost : null;
    const facts = [planLine(plan)];
    if (isNum(plan.units) && isNum(plan.gpusPerUnit)) facts.push(`${t('col.gpus')}${sep}${tr.int(plan.count)} (${tr.fmt('planUnits', { units: tr.int(plan.units), unitWord: tr.word('unitWord', plan.units), per: tr.int(plan.gpusPerUnit) })})`);
    if (isNum(plan.gpuHours)) facts.push(`${t('gpuHours')}${sep}${tr.hours(plan.gpuHours)}`);
    if (cost) facts.push(`${t('col.billing')}${sep}${tr.billing(cost.billing)}`);
    if (isObject(plan.transfer) && isNum(plan.transfer.uploadHours)) {
      const tp = plan.transfer;
      facts.push(`${t('transferItem')}${sep}${tr.fmt('transferText', { mbps: tr.sig(tp.mbps, 4), up: tr.duration(tp.uploadHours / 24).text, down: tr.duration((tp.downloadHours || 0) / 24).text })}`);
    }
    if (isNum(plan.costPerBillionTokens) && cost) facts.push(`${t('col.costPerB')}${sep}${tr.price(plan.costPerBillionTokens, cost.currency)}`);
    if (isNum(plan.memoryPerGpuGiB)) facts.push(`${t('memory')}${sep}${tr.sig(plan.memoryPerGpuGiB, 3)} GiB`);
    out.push(...list(facts), '');
  } else out.push(t('noOffer'), '');
  if (rec && rec.reason) out.push(`> ${md(rec.reason)}`, '');

  // The plan's whole bill, line by line, with the core's basis.
  const bill = plan && isObject(plan.cost) && Array.isArray(plan.cost.lines) ? plan.cost.lines.filter(isObject) : [];
  if (bill.length) {
    const cur = plan.cost.currency;
    out.push(`## ${t('md.bill')}`, '', `| ${t('md.item')} | ${t('col.cost')} | ${t('md.basis')} |`, '|---|---:|---|');
    for (const l of bill) out.push(`| ${md(tr.enumLabel('lineItem', str(l.item)))} | ${l.priced === false ? md(t('notPriced')) : tr.money(l.amount, cur)} | ${md(l.basis)} |`);
    out.push(`| **${md(t('col.cost'))}** | **${tr.money(plan.cost.amount, cur)}** | |`, '');
  }

  // Alternatives: the runner-up, the cheapest outside the constraints, the cheapest and the fastest within them.
  const alts = [];
  const seen = new Set(plan ? [plan.offerId] : []);
  const alt = (label, o, extra = '') => {
    if (!o || seen.has(o.offerId)) return;
    seen.add(o.offerId);
    alts.push(`${label}${sep}${planLine(o)}${extra}`);
  };
  alt(t('md.runnerUp'), byId(rec?.runnerUp));
  const outside = rec?.alternative;
  if (isObject(outside)) {
    const why = (Array.isArray(outside.outside) ? outside.outside : []).map((c) => tr.enumLabel('outside', str(c)));
    alt(t('md.alternative'), byId(outside.offerId), why.length ? ` (${why.join(lang === 'zh' ? '、' : ', ')})` : '');
  }
  alt(t('cheapest'), byId(result.choicesWithin?.cheapest));
  alt(t('fastest'), byId(result.choicesWithin?.fastest));
  out.push(`## ${t('md.alternatives')}`, '', ...list(alts), '');

  // Buying and hosting the machines instead (result.ownership).
  const owning = Array.isArray(result.ownership) ? result.ownership.filter(isObject) : [];
  if (owning.length) {
    const cur = result.currency;
    out.push(`## ${t('md.ownership')}`, '', md(t('ownershipNote')), '');
    out.push(`| ${t('own.gpu')} | ${t('own.purchase')} | ${t('own.monthly')} | ${t('own.rental')} | ${t('own.breakEven')} | ${t('own.job')} |`, '|---|---:|---:|---:|---|---:|');
    for (const o of owning) {
      const p = isObject(o.purchase) ? o.purchase : {};
      const job = isObject(o.job) ? o.job : {};
      const when = (m) => (isNum(m) ? tr.fmt('own.months', { n: tr.int(m) }) : t('own.never'));
      out.push([
        `${tr.int(o.gpusPerMachine)} × ${md(gpuName(o.gpu))} (${md(tr.word('own.machines', o.machines).replace('{n}', tr.int(o.machines)))})`,
        `${tr.money(p.price, cur)} (${md(p.date)}, ${md(p.source)})`,
        `${tr.money(o.hostingPerMonth, cur)} + ${tr.money(o.powerPerMonth, cur)}`,
        isObject(o.rental) ? `${tr.money(o.rental.perMonth, cur)} (${md(o.rental.offerId)})` : '—',
        `${when(o.breakEvenMonths)} / ${when(o.cashBreakEvenMonths)}`,
        `${tr.money(job.amount, cur)} / ${tr.money(job.rentalAmount, cur)}`,
      ].reduce((row, cell) => `${row} ${cell} |`, '|'));
    }
    out.push('');
  }

  // Assumptions the figures rest on.
  const assumptions = [];
  const mfuSrc = plan || est;
  if (mfuSrc && isNum(mfuSrc.mfu)) {
    assumptions.push(`MFU ${tr.sig(mfuSrc.mfu, 3)}${tr.aside(mfuSrc.mfuSource === 'request' ? t('mfuRequest') : tr.joined([t('mfuModel'), t('mfuCalibrated')]))}`);
  }
  if (isNum(result.assumedDays)) assumptions.push(tr.fmt('md.assumedDays', { n: tr.sig(result.assumedDays, 4) }));
  if (isNum(result.usdCny)) assumptions.push(`${t('fx')} ${result.usdCny}${result.fxDate ? ` (${md(result.fxDate)})` : ''}`);
  if (response?.catalogVersion) assumptions.push(`${t('catalog')} ${md(response.catalogVersion)}`);
  const rot = result.advice?.ruleOfThumb;
  if (isObject(rot) && rot.message) assumptions.push(`${t('ruleOfThumb')}${sep}${md(rot.message)}`);
  out.push(`## ${t('md.assumptions')}`, '', ...list(assumptions), '');

  // Warnings: the response's, the plan's and the advice's notes.
  const warnings = [];
  for (const w of Array.isArray(response?.warnings) ? response.warnings : []) if (w && w.message) warnings.push(md(w.message));
  if (plan) {
    for (const w of warningsOf(plan)) {
      const code = str(w.code);
      const label = tr.t(`warn.${code}`) !== `warn.${code}` ? tr.t(`warn.${code}`) : t('warnGeneric');
      warnings.push(`${label}${sep}${md(w.message)}`);
    }
  }
  for (const n of Array.isArray(result.advice?.notes) ? result.advice.notes : []) if (n && n.message) warnings.push(md(n.message));
  out.push(`## ${t('md.warnings')}`, '', ...list(warnings), '');

  // Price dates of the offers named above.
  const named = [plan, ...[...seen].map(byId)].filter(Boolean).filter((o, i, a) => a.indexOf(o) === i);
  out.push(`## ${t('md.prices')}`, '');
  if (named.length) {
    out.push(`| ${t('md.offer')} | ${t('col.priceDate')} | ${t('source')} |`, '|---|---|---|');
    for (const o of named) {
      const age = isNum(o.priceAgeDays) ? ` (${tr.fmt('md.age', { n: tr.int(o.priceAgeDays) })})` : '';
      out.push(`| ${md(o.provider || o.offerId)} (${md(o.offerId)}) | ${md(o.priceDate || '—')}${age} | ${md(o.source || '—')} |`);
    }
  } else out.push(`- ${t('md.none')}`);
  out.push('');
  return out.join('\n');
}
