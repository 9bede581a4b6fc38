// Types of the wasm modules (gpusizer.js in the site root, built from wasm/bindings.cpp; the provider
// kit's gpusizer-kit.js from wasm/kit_bindings.cpp): an ES module
// factory, `import createGpusizer from './gpusizer.js'`, whose module has the core's boundary
// functions (core/include/gpusizer/api.hpp). They take and return JSON text; the types name what
// the text holds (gpusizer-contract.d.ts, generated from core/schema/). To type that import, copy
// this file beside gpusizer.js as gpusizer.d.ts, or import the types from here.
import type {
  CatalogOffer,
  GpusizerCatalog,
  GpusizerClaims,
  GpusizerErrorResponse,
  GpusizerOptionDetailResponse,
  GpusizerResponse,
} from './gpusizer-contract.js';

/** JSON text of a T: JSON.parse(text) gives a T. */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** The request vocabulary `catalog()` carries under "contract". */
export interface GpusizerContractVocabulary {
  /** Contract version: 1. */
  schemaVersion: number;
  /** The allowed values of each enumerated request field, by name (lang, mode, precision, currency...). */
  enums: { [field: string]: string[] };
  /** The values the core assumes when a field is left out, by name (preset, gpu, tokens, days...). */
  defaults: { [field: string]: string | number | boolean };
}

/** The default catalog as `catalog()` prints it: every key present, and the request vocabulary. */
export type GpusizerDefaultCatalog = GpusizerCatalog &
  Required<Pick<GpusizerCatalog, 'catalogVersion' | 'fx' | 'gpus' | 'models' | 'offers'>> & { contract: GpusizerContractVocabulary };

/** A warning of the provider kit: an unknown column, a price far from the market. */
export interface GpusizerKitWarning {
  code: string;
  message: string;
  /** JSON pointer: /rows/<row>/<column> in a price list, /offers/<i>/... in a catalog. */
  path?: string;
}

/** An error of the provider kit, as the contract writes errors; a price list's also names its row and column. */
export interface GpusizerKitError {
  code: string;
  path: string;
  message: string;
  row?: number;
  column?: string;
}

/** How each offer's lowest price per GPU-hour compares with the default catalog's offers for its GPU. */
export interface GpusizerKitMarket {
  /** The rule, in the request's language. */
  rule: string;
  low: number;
  high: number;
  minOffers: number;
  usdCny: number;
  offers: Array<{
    offer: number;
    id: string;
    gpu: string;
    currency: string;
    period: string;
    pricePerGpuHour: number;
    marketOffers: number;
    median?: number;
    ratio?: number;
    verdict: 'below' | 'within' | 'above' | 'no_reference' | string;
    path: string;
  }>;
}

/** The price list as read: its delimiter, column headers, the offer field each names (null: none), its rows. */
export interface GpusizerPriceTable {
  delimiter: string;
  columns: string[];
  names: Array<string | null>;
  rows: Array<{ row: number; cells: string[] }>;
}

/** catalogFromCsv's answer. */
export type GpusizerCatalogFromCsv =
  | { ok: true; schemaVersion: 1; catalog: { offers: CatalogOffer[] }; offerRows: number[]; warnings: GpusizerKitWarning[]; market: GpusizerKitMarket; table: GpusizerPriceTable }
  | { ok: false; schemaVersion: 1; error: GpusizerKitError; errors: GpusizerKitError[]; errorCount: number; warnings: GpusizerKitWarning[]; table?: GpusizerPriceTable };

/** checkCatalog's answer. */
export type GpusizerCheckCatalog =
  | { ok: true; schemaVersion: 1; offers: number; warnings: GpusizerKitWarning[]; market: GpusizerKitMarket }
  | { ok: false; schemaVersion: 1; error: GpusizerKitError; errors: GpusizerKitError[]; errorCount: number; warnings: GpusizerKitWarning[] };

/** The module's own functions (Embind). None throws: a bad request is a response with ok false. */
export interface GpusizerModule {
  /** estimate_json: a request (the JSON text of a GpusizerRequest) in, the response out. */
  estimate(request: string): JsonText<GpusizerResponse>;
  /**
   * option_detail_json: one option of the estimate of `request`, in full (what a summary response,
   * request response.options "summary", leaves out); unknown_offer when it has no option offerId.
   * The module keeps its last estimate: after estimate(request) this costs no second estimate.
   */
  optionDetail(request: string, offerId: string): JsonText<GpusizerOptionDetailResponse | GpusizerErrorResponse>;
  /** The default catalog: GPUs, offers, model presets, and the request vocabulary. */
  catalog(): JsonText<GpusizerDefaultCatalog>;
  /** The renters' guide's claims, each computed now, in lang ("en" or "zh"; anything else is en). */
  claims(lang: string): JsonText<GpusizerClaims>;
  /** The core's version, e.g. "0.1.0". */
  version(): string;
}

/**
 * The provider kit's module (gpusizer-kit.js, built from wasm/kit_bindings.cpp; its factory
 * createGpusizerKit): provider.html's, and the calculator page's file input loads it when a
 * provider's file is read. The calculator's module (GpusizerModule) does not carry these.
 */
export interface GpusizerKitModule {
  /**
   * The provider kit: a price list (CSV, or a spreadsheet's tab- or semicolon-separated copy, one
   * offer per row, the first row naming the columns) as a catalog, in lang ("en" or "zh").
   */
  catalogFromCsv(csv: string, lang: string): JsonText<GpusizerCatalogFromCsv>;
  /** The provider kit: a catalog (JSON text) checked as a request's catalog is read, in lang. */
  checkCatalog(catalog: string, lang: string): JsonText<GpusizerCheckCatalog>;
}

/** Options of the factory (Emscripten's): how the .wasm is found, or its bytes. */
export interface GpusizerModuleOptions {
  /** The URL of a file the module needs (gpusizer.wasm), from its name and the script's folder. */
  locateFile?: (path: string, prefix: string) => string;
  /** The .wasm bytes, instead of fetching them (Node). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  [option: string]: unknown;
}

/** Instantiates the module (each call its own instance). */
declare function createGpusizer(options?: GpusizerModuleOptions): Promise<GpusizerModule>;
export default createGpusizer;
