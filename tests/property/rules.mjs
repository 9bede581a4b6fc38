// The rules every response keeps (docs/hardening.md), checked by the property test on the wasm
// module; rules.hpp states the same for the native test and the fuzzer. Returns the violations.
const CODES = ['invalid_json', 'invalid_type', 'invalid_value', 'missing_field', 'unknown_preset', 'unknown_gpu',
  'unsupported_version', 'invalid_catalog', 'io_error'];

export function violations(text) {
  const out = [];
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return [`not JSON: ${e.message}`];
  }
  const walk = (x, path) => {
    if (x === null) out.push(`null at ${path}`);
    else if (typeof x === 'number') {
      if (!Number.isFinite(x)) out.push(`non-finite at ${path}`);
      else if (x < 0) out.push(`negative ${x} at ${path}`);
    } else if (Array.isArray(x)) x.forEach((v, i) => walk(v, `${path}/${i}`));
    else if (typeof x === 'object') for (const [k, v] of Object.entries(x)) walk(v, `${path}/${k}`);
  };
  walk(doc, '');
  if (typeof doc !== 'object' || doc === null || typeof doc.ok !== 'boolean') return [...out, 'no boolean ok'];
  if (doc.schemaVersion !== 1) out.push('schemaVersion is not 1');
  if (!doc.ok) {
    const e = doc.error || {};
    if (!CODES.includes(e.code)) out.push(`error code ${e.code}`);
    if (typeof e.path !== 'string' || (e.path && !e.path.startsWith('/'))) out.push(`error path ${e.path}`);
    if (typeof e.message !== 'string' || !e.message) out.push('error without a message');
    return out;
  }
  const r = doc.result;
  if ((doc.warnings || []).length > 50) out.push(`${doc.warnings.length} warnings`);
  for (const w of doc.warnings || []) if (!w.code || !w.message) out.push(`warning without code or message: ${JSON.stringify(w)}`);
  // A cost is the sum of its lines (the whole bill, cost.lines; a trial plan's billing); the
  // billing's periods and set-up fee are the bill's GPU and set-up-fee lines.
  const sums = (cost, where) => {
    const add = (lines) => lines.reduce((s, l) => s + l.amount, 0);
    const total = add(cost.lines || cost.billing || []);
    if (Math.abs(total - cost.amount) > 0.006 + 1e-9 * cost.amount) out.push(`${where}: amount ${cost.amount} != lines ${total}`);
    if (cost.lines && cost.billing) {
      const rental = add(cost.lines.filter((l) => l.kind === 'gpu' || l.item === 'setup-fee'));
      if (Math.abs(add(cost.billing) - rental) > 0.006 + 1e-9 * rental) out.push(`${where}: billing ${add(cost.billing)} != its lines ${rental}`);
    }
  };
  for (const own of r.ownership || []) sums(own.job, `ownership ${own.gpu}`);
  const usable = [];
  for (const o of r.options) {
    const where = `option ${o.offerId}`;
    if (o.cost) {
      sums(o.cost, where);
      if (o.cost.trialThenMonthly) sums(o.cost.trialThenMonthly, `${where} trial`);
      if (!o.fits) out.push(`${where}: a cost without fitting`);
    }
    if (o.fits && !(o.wallDays > 0 && o.gpuHours > 0)) out.push(`${where}: fits in ${o.wallDays} days, ${o.gpuHours} GPU-hours`);
    if (o.fits && o.meetsGoal && o.cost) usable.push(o);
  }
  const recommended = r.options.filter((o) => o.recommended);
  if (recommended.length !== (usable.length ? 1 : 0)) out.push(`${recommended.length} recommended of ${usable.length} usable`);
  if (recommended.length === 1) {
    if (!usable.includes(recommended[0])) out.push('the recommended option is not usable');
    if (r.recommendation.offerId !== recommended[0].offerId) out.push('recommendation.offerId is not the recommended option');
  }
  const ids = usable.map((o) => o.offerId);
  for (const key of ['cheapest', 'fastest']) {
    if (usable.length && !ids.includes(r.choices[key])) out.push(`choices.${key} ${r.choices[key]} is not usable`);
    if (!usable.length && key in r.choices) out.push(`choices.${key} without a usable option`);
  }
  const e = r.estimate;
  if (e && e.fits && !(e.wallDays > 0 && e.gpuHours > 0 && e.mfu > 0)) out.push(`estimate fits in ${e.wallDays} days`);
  if (e && e.fits && e.mfuSource === 'model' && !(e.iterationSeconds > 0 && e.tokensPerSecondPerGpu > 0))
    out.push(`estimate: iteration ${e.iterationSeconds} s, ${e.tokensPerSecondPerGpu} tokens/s`);
  return out;
}
