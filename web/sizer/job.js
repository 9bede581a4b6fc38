// The job as the core understood it: the model (its name, else its size), tokens, the dataset on
// disk and its kind of text, mode, precision, GPU and count asked for, the deadline and budget,
// the total compute. "Label: value"
// items, for the Markdown summary (export.js) and the printed page's job line (summary.js);
// every figure read from the response (response.request: the request that produced it).
import { i18n } from './i18n.js';

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const str = (v) => (v == null ? '' : String(v));

/**
 * @param {object} response  an ok:true response
 * @param {{lang: string, gpuName: (id: string) => string}} ctx
 * @param {(v: unknown) => string} text  how a value from the request is written (Markdown escapes)
 * @returns {string[]}
 */
export function jobItems(response, { lang, gpuName }, text = str) {
  const tr = i18n(lang);
  const { t } = tr;
  const result = isObject(response?.result) ? response.result : {};
  const request = isObject(response?.request) ? response.request : {};
  const model = isObject(result.model) ? result.model : {};
  const training = isObject(result.training) ? result.training : {};
  const goal = isObject(request.goal) ? request.goal : {};
  const hardware = isObject(request.hardware) ? request.hardware : {};
  const sep = tr.colon;
  const items = [];
  const named = model.name || model.preset;
  const modelName = named ? text(named) : isNum(model.params) ? tr.compact(model.params) : '';
  const size = isNum(model.params) && named ? `${t('params')} ${tr.compact(model.params)}` : '';
  items.push(`${t('md.model')}${sep}${modelName}${size ? (lang === 'zh' ? `（${size}）` : ` (${size})`) : ''}`);
  if (isNum(result.compute?.tokensTotal)) items.push(`${t('tokens')}${sep}${tr.compact(result.compute.tokensTotal)}`);
  const data = isObject(result.data) ? result.data : {};
  if (isNum(data.sizeBytes)) {
    const kind = data.kind ? tr.aside(tr.enumLabel('dataKind', str(data.kind))) : '';
    items.push(`${t('dataSize')}${sep}${tr.bytes(data.sizeBytes)}${kind}`);
  }
  if (training.mode) items.push(`${t('mode')}${sep}${tr.enumLabel('mode', str(training.mode))}`);
  if (training.precision) items.push(`${t('precision')}${sep}${text(training.precision)}`);
  if (hardware.gpu) items.push(`${t('gpu')}${sep}${text(gpuName(hardware.gpu))}`);
  if (hardware.count != null) items.push(`${t('count')}${sep}${text(hardware.count)}`);
  if (goal.days != null) items.push(`${t('days')}${sep}${text(goal.days)}`);
  if (goal.budget != null) items.push(`${t('budget')}${sep}${text(goal.budget)} ${text(goal.currency || '')}`.trim());
  const sci = tr.scientific(result.compute?.flopsTotal);
  if (sci) items.push(`${t('flops')}${sep}${sci.mantissa}e${sci.exponent} FLOPs (${text(result.compute.method || '')})`);
  return items;
}
