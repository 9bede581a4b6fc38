// Types of <gpu-sizer> for an embedding page's editor and TypeScript: the element (gpu-sizer.js,
// gpu-sizer-element.js, gpu-sizer-define.js), its events, CSS parts and custom properties, and the
// JSON contract it speaks (gpusizer-contract.d.ts, generated from core/schema/). Hand-written from
// web/gpu-sizer-element.js; tests/data/contract-types.test.mjs checks the exports, attributes, parts
// and custom properties against the sources and compiles tests/data/dts-usage.ts with tsc.
import type {
  GpusizerCatalog,
  GpusizerErrorCode,
  GpusizerOkResponse,
  GpusizerRequest,
  ResponseCost,
} from './gpusizer-contract.js';

export type * from './gpusizer-contract.js';

/** A language the element speaks. */
export type GpuSizerLang = 'zh' | 'en';

/** A currency the element prices in. */
export type GpuSizerCurrency = 'CNY' | 'USD';

/** A theme of the element. */
export type GpuSizerTheme = 'light' | 'dark';

/**
 * The element's attributes (observedAttributes); each has a property that reflects it. An invalid
 * value is ignored (the default applies) with one console warning.
 */
export type GpuSizerAttribute = 'lang' | 'currency' | 'preset' | 'gpu' | 'catalog-src' | 'theme' | 'min-height' | 'cta-label' | 'cta-href';

/** detail of gpusizer-result: the core's response to the form's request, and that request. */
export type GpuSizerResultDetail = GpusizerOkResponse & {
  /** The request that produced this response. */
  request: GpusizerRequest;
};

/** An error as the element reports it: the core's, or one of its own. */
export interface GpuSizerError {
  /**
   * The core's error code, or the element's own: load_failed (the wasm module did not load),
   * catalog_unavailable (catalog-src could not be fetched or read), engine_failed (the module threw
   * or answered something that is not a response).
   */
  code: GpusizerErrorCode | 'load_failed' | 'catalog_unavailable' | 'engine_failed';
  /** JSON pointer of the request field at fault ("/catalog" for catalog_unavailable); "" for none. */
  path: string;
  /** What went wrong, in the element's language. */
  message: string;
}

/** detail of gpusizer-error. */
export interface GpuSizerErrorDetail {
  ok: false;
  /** 1 for the core's errors and catalog_unavailable. */
  schemaVersion?: 1;
  error: GpuSizerError;
  /** The request that was sent; null when the module or the catalog failed to load. */
  request: GpusizerRequest | null;
}

/**
 * detail of gpusizer-quote: the plan whose call to action was clicked, every figure as the core's
 * response has it (the option of result.options).
 */
export interface GpuSizerQuoteDetail {
  /** The offer's id (its catalog id). */
  offerId: string | null;
  /** The offer's provider as the response names it. */
  provider: string | null;
  /** The GPU id. */
  gpu: string | null;
  /** Whole units (machines) rented. */
  units: number | null;
  /** GPUs rented. */
  gpus: number | null;
  /** Days the run takes on them (the option's wallDays). */
  days: number | null;
  /** The option's cost as the core sent it: amount, currency, billing lines, the trial plan... */
  costs: ResponseCost | null;
  /** The currency of costs. */
  currency: string | null;
  /** The request that produced the plan. */
  request: GpusizerRequest | null;
  /** Where the click was: beside the recommended plan, or on an offer's row. */
  source: 'plan' | 'offer';
  /** The URL the call to action opens (cta-href with the plan in its query), or null without cta-href. */
  href: string | null;
}

/** The element's events: they bubble and cross the shadow root (composed). */
export interface GpuSizerEventMap {
  /** After each estimate: the response (result.choices, frontier, advice, recommendation included). */
  'gpusizer-result': CustomEvent<GpuSizerResultDetail>;
  /** A bad input (the core's answer), or the module or catalog failing to load. */
  'gpusizer-error': CustomEvent<GpuSizerErrorDetail>;
  /**
   * A call to action was clicked (cancelable: preventDefault() keeps a cta-href link from opening,
   * for a host that handles the request itself).
   */
  'gpusizer-quote': CustomEvent<GpuSizerQuoteDetail>;
}

/**
 * The element's CSS parts, for `gpu-sizer::part(name)` (a part may carry several names: every badge
 * is `badge` plus its kind).
 */
export interface GpuSizerParts {
  /** The form. */
  form: true;
  /** One labelled field of the form. */
  field: true;
  /** The error message under a field. */
  'field-error': true;
  /** The language switch. */
  'lang-switch': true;
  /** The form's shape disclosure (a <details> that takes a dropped config.json). */
  architecture: true;
  /** The headline: FLOPs, GPUs, time, GPU-hours with their spread, memory, the recommended offer. */
  summary: true;
  /** The warnings. */
  warnings: true;
  /** The export buttons: CSV, JSON, Markdown, Print. */
  export: true;
  /** The parallel layout, iteration-time bar and the whole run's time of the chosen GPU. */
  layout: true;
  /** The rule of thumb and the notes. */
  advice: true;
  /** The cost-versus-time SVG: points, frontier, labels, tooltip. */
  chart: true;
  /** Time and cost against the GPU count (when the response has result.scaling). */
  scaling: true;
  /** The options section around the table. */
  options: true;
  /** The data group's line: the tokens as bytes on disk (or a size as tokens), what is stored. */
  'data-note': true;
  /** Buying and hosting the machines instead of renting them (when the response has result.ownership). */
  ownership: true;
  /** Every call-to-action button or link (cta-label, cta-href). */
  cta: true;
  /** The price table shown without WebAssembly, with why. */
  fallback: true;
  /** The table's scrolling wrapper. */
  'table-wrap': true;
  /** The table of every offer. */
  table: true;
  /** Every badge in the table. */
  badge: true;
  /** The recommended offer's badge. */
  'badge-recommended': true;
  /** The cheapest offer's badge (outlined in the accent colour). */
  'badge-cheapest': true;
  /** The fastest offer's badge (outlined in the accent colour). */
  'badge-fastest': true;
  /** A warning or outside-the-constraints badge of a row. */
  'warning-badge': true;
  /** The explanation steps. */
  steps: true;
  /** The catalog version, exchange rate and module version line. */
  meta: true;
}
export type GpuSizerPart = keyof GpuSizerParts;

/**
 * The custom properties the element's styles read (set them on <gpu-sizer> or an ancestor), with
 * their defaults. Usable as a style object: `Object.assign(el.style, ...)` does not set custom
 * properties, `el.style.setProperty(name, value)` does.
 */
export interface GpuSizerCustomProperties {
  /** Accent colour: buttons, links, the recommended row, the frontier. Default #1d4ed8. */
  '--gpu-sizer-accent'?: string;
  /** Text on the accent colour. Default #fff. */
  '--gpu-sizer-accent-text'?: string;
  /** A light tint of the accent (highlighted rows). Default #eef3fe. */
  '--gpu-sizer-accent-tint'?: string;
  /** Font family. Default system-ui and the platform's UI fonts (PingFang SC among them). */
  '--gpu-sizer-font'?: string;
  /** Base font size. Default 0.9375rem. */
  '--gpu-sizer-font-size'?: string;
  /** Text colour. Default #1b2430. */
  '--gpu-sizer-text'?: string;
  /** Secondary text. Default #59636f. */
  '--gpu-sizer-muted'?: string;
  /** Background. Default #fff. */
  '--gpu-sizer-bg'?: string;
  /** Panels and table stripes. Default #f5f7fa. */
  '--gpu-sizer-surface'?: string;
  /** Borders. Default #dde2e8. */
  '--gpu-sizer-border'?: string;
  /** Input borders. Default #b8c0ca. */
  '--gpu-sizer-input-border'?: string;
  /** Corner radius. Default 8px. */
  '--gpu-sizer-radius'?: string;
  /** Errors. Default #b42318. */
  '--gpu-sizer-danger'?: string;
  /** Good news (fits, agrees). Default #067647. */
  '--gpu-sizer-ok'?: string;
  /** Warnings. Default #a34506. */
  '--gpu-sizer-warn'?: string;
  /** Warning background. Default #fff8ed. */
  '--gpu-sizer-warn-bg'?: string;
  /** Chart points off the frontier. Default #9aa5b1. */
  '--gpu-sizer-point'?: string;
  /** Chart grid lines. Default #e8ecf0. */
  '--gpu-sizer-grid'?: string;
}
export type GpuSizerCustomProperty = keyof GpuSizerCustomProperties;

/**
 * <gpu-sizer>: the GPU training-cost calculator. Attributes are the source of truth; each property
 * writes its attribute as given (null or undefined removes it) and reads back the value in use (the
 * attribute when valid, else the fallback). Removed from the page it stops its timers and observers,
 * aborts a catalog load and drops an estimate in flight; put back, it picks up where it was.
 */
export declare class GpuSizerElement extends HTMLElement {
  static readonly observedAttributes: GpuSizerAttribute[];

  /**
   * Language: "zh" or "en" (the lang attribute, any value naming one, e.g. "zh-CN"); default the
   * browser's language when it is one of those, else en. The element's language switch sets it.
   */
  get lang(): GpuSizerLang;
  set lang(value: string | null | undefined);

  /** The effective language (the older name of lang). */
  get language(): GpuSizerLang;

  /** Currency (any case): CNY or USD; default CNY for zh, USD for en. The user may pick another in the form. */
  get currency(): GpuSizerCurrency;
  set currency(value: string | null | undefined);

  /**
   * A model preset id of the catalog (e.g. "llama-2-7b"); default the core's, llama-2-7b. Before the
   * catalog has loaded: the attribute when it is a well-formed id, else null.
   */
  get preset(): string | null;
  set preset(value: string | null | undefined);

  /** A GPU id of the catalog (e.g. "a100-80gb"); default the core's, a100-80gb. As preset before loading. */
  get gpu(): string | null;
  set gpu(value: string | null | undefined);

  /** Theme: "light" or "dark" (the theme attribute, any case); default light. */
  get theme(): GpuSizerTheme;
  set theme(value: string | null | undefined);

  /**
   * The height the element keeps until its first result, a CSS length (the min-height attribute:
   * 2400, 2400px, 150rem, 300vh...; at most 10000); default 2400px.
   */
  get minHeight(): string;
  set minHeight(value: string | number | null | undefined);

  /** The call to action's text (the cta-label attribute, 1 to 80 characters); default "Request this configuration" in the element's language. */
  get ctaLabel(): string;
  set ctaLabel(value: string | null | undefined);

  /**
   * Where the call to action leads (the cta-href attribute when it is an http, https or relative
   * URL), with the plan in its query (offer, units, gpus, days, cost, currency); "" when none.
   */
  get ctaHref(): string;
  set ctaHref(value: string | null | undefined);

  /** Same-origin URL of a provider catalog (the catalog-src attribute); "" when there is none. */
  get catalogSrc(): string;
  set catalogSrc(value: string | null | undefined);

  /**
   * The provider catalog in use (set here or loaded from catalog-src), else null. Set: used at once;
   * null clears it (catalog-src, if present, applies again). Whichever of catalog and catalog-src
   * was set last wins.
   */
  get catalog(): GpusizerCatalog | null;
  set catalog(value: GpusizerCatalog | null);

  /**
   * The request the form sends to the core (null until the catalog has loaded). Set: fills the form
   * from a request and estimates; values are checked with fallbacks, never thrown at, and
   * request.catalog and goal.asOf are ignored (prices come only from catalog and catalog-src).
   */
  get request(): GpusizerRequest | null;
  set request(value: GpusizerRequest | null);

  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: GpuSizerAttribute, oldValue: string | null, value: string | null): void;

  addEventListener<K extends keyof GpuSizerEventMap>(
    type: K,
    listener: (this: GpuSizerElement, event: GpuSizerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: GpuSizerElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof GpuSizerEventMap>(
    type: K,
    listener: (this: GpuSizerElement, event: GpuSizerEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: GpuSizerElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/**
 * Registers the element under `tag` (default gpu-sizer) in `registry` (default customElements),
 * once; returns the registered class. gpu-sizer.js calls it on import.
 */
export declare function define(tag?: string, registry?: CustomElementRegistry): CustomElementConstructor;

declare global {
  interface HTMLElementTagNameMap {
    'gpu-sizer': GpuSizerElement;
  }
  // The events bubble and are composed: any element, the document and the window can listen.
  interface HTMLElementEventMap extends GpuSizerEventMap {}
  interface DocumentEventMap extends GpuSizerEventMap {}
  interface WindowEventMap extends GpuSizerEventMap {}
}
