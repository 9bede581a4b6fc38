// How an embedding page uses the declarations of web/: compiled with `tsc --noEmit --strict` by
// tests/data/contract-types.test.mjs. Each @ts-expect-error is a mistake the types must catch (tsc
// fails when one is not an error).
import { GpuSizerElement, define } from '../../web/gpu-sizer.js';
import type {
  GpuSizerCustomProperty,
  GpuSizerErrorDetail,
  GpuSizerPart,
  GpuSizerResultDetail,
  GpusizerCatalog,
  GpusizerRequest,
  GpusizerResponse,
  GpusizerResult,
  ResponseOption,
} from '../../web/gpu-sizer.js';
import { useInlineStyles } from '../../web/gpu-sizer-element.js';
import { define as defineOnly } from '../../web/gpu-sizer-define.js';
import createGpusizer from '../../web/gpusizer-module.js';
import type { GpusizerModule } from '../../web/gpusizer-module.js';

// ---- the element ----
const ctor: CustomElementConstructor = define('my-sizer');
defineOnly();
useInlineStyles(null);

const el = document.createElement('gpu-sizer'); // HTMLElementTagNameMap: a GpuSizerElement
const sameClass: GpuSizerElement = el;
const found: GpuSizerElement | null = document.querySelector('gpu-sizer');
el.lang = 'zh-CN';
const lang: 'zh' | 'en' = el.lang;
el.currency = 'usd';
el.currency = null;
const currency: 'CNY' | 'USD' = el.currency;
el.preset = 'llama-2-7b';
el.gpu = 'h100-80gb';
el.catalogSrc = '/prices/catalog.json';
const src: string = el.catalogSrc;
const attributes: readonly string[] = GpuSizerElement.observedAttributes;

const catalog: GpusizerCatalog = {
  fx: { usdCny: 7.1, date: '2026-11-20' },
  offers: [{ id: 'acme-8x-h100', provider: { en: 'Acme', zh: '极致' }, gpu: 'h100-80gb', gpusPerUnit: 8, currency: 'CNY',
    prices: { hour: 160, month: 85000 }, interconnect: { intraUnit: 'nvlink', interUnit: 'infiniband', interUnitGBpsPerGpu: 50 } }],
};
el.catalog = catalog;
el.catalog = null;

const request: GpusizerRequest = {
  schemaVersion: 1,
  lang: 'zh',
  model: { preset: 'qwen2.5-7b', seqLen: '8K' },
  training: { mode: 'lora', examples: '52K', tokensPerExample: 350, loraTargets: ['q_proj', 'v_proj'], loraRank: 64 },
  hardware: { gpu: 'rtx-4090', count: 1, parallelism: { tp: 1, recompute: 'selective' } },
  goal: { days: '30', budget: '5万', currency: 'CNY', sensitiveData: true, asOf: '2026-11-29' },
  efficiency: { measuredTokensPerSecondPerGpu: '3000', measuredGpu: 'rtx-4090' },
};
el.request = request;
el.request = { model: { hfConfig: { model_type: 'llama', hidden_size: 4096, num_hidden_layers: 32, rope_theta: 5e5 } },
  training: { tokens: '1T' } };
const current: GpusizerRequest | null = el.request;

// @ts-expect-error a language the element does not speak is no GpuSizerLang
const wrongLang: 'zh' | 'en' = 'fr';
// @ts-expect-error training is required
el.request = { model: { preset: 'llama-2-7b' } };
// @ts-expect-error an unknown mode
el.request = { model: { preset: 'llama-2-7b' }, training: { tokens: '1T', mode: 'sft' } };
// @ts-expect-error a misspelt field (the core would warn unknown_field)
el.request = { model: { preset: 'llama-2-7b', param: '7B' }, training: { tokens: '1T' } };
// @ts-expect-error a currency the core does not price in
el.request = { model: { preset: 'llama-2-7b' }, training: { tokens: '1T' }, goal: { currency: 'EUR' } };

// ---- events ----
el.addEventListener('gpusizer-result', (event) => {
  const detail: GpuSizerResultDetail = event.detail;
  const sent: GpusizerRequest = detail.request;
  const result: GpusizerResult = detail.result;
  const recommended: ResponseOption | undefined = result.options.find((o) => o.recommended);
  const amount: number | undefined = recommended?.cost?.amount;
  const trial: string | undefined = recommended?.cost?.trialThenMonthly?.trialOfferId;
  const code: string | undefined = result.advice.notes[0]?.code;
  const hours: number | undefined = result.estimate?.runHours?.steady;
  const days: number = result.assumedDays;
  // @ts-expect-error no such field in a response
  const nothing = result.options[0].costPerToken;
  void [sent, amount, trial, code, hours, days, nothing];
});
el.addEventListener('gpusizer-error', (event) => {
  const detail: GpuSizerErrorDetail = event.detail;
  if (detail.error.code === 'catalog_unavailable' || detail.error.code === 'unknown_gpu') void detail.error.path;
  // @ts-expect-error not an error code
  if (detail.error.code === 'no_such_code') void 0;
});
document.addEventListener('gpusizer-result', (event) => void event.detail.result.currency);
window.addEventListener('gpusizer-error', (event) => void event.detail.error.message);
document.body.addEventListener('gpusizer-error', (event) => void event.detail.request);

// ---- styling ----
const part: GpuSizerPart = 'badge-recommended';
const property: GpuSizerCustomProperty = '--gpu-sizer-accent';
el.style.setProperty(property, '#0a7');
// @ts-expect-error not a part of the element
const noPart: GpuSizerPart = 'header';

// ---- the wasm module ----
async function direct(): Promise<void> {
  const m: GpusizerModule = await createGpusizer({ locateFile: (file) => `/gpusizer/${file}` });
  const response: GpusizerResponse = JSON.parse(m.estimate(JSON.stringify(request)));
  if (response.ok) {
    const gpus: number | undefined = response.result.estimate?.count;
    void gpus;
  } else {
    const where: string = response.error.path;
    void where;
    // @ts-expect-error an error response has no result
    void response.result;
  }
  const defaults = JSON.parse(m.catalog()) as ReturnType<typeof m.catalog> extends string & { readonly __jsonOf?: infer T } ? T : never;
  const tokens = defaults.contract.defaults.tokens;
  const offers: number = defaults.offers.length;
  const claims = JSON.parse(m.claims('zh')) as { claims: { verdict: string }[] };
  const version: string = m.version();
  void [tokens, offers, claims, version];
}

void [ctor, sameClass, found, lang, currency, src, attributes, current, wrongLang, part, noPart, direct];
