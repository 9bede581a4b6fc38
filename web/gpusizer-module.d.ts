// Types of the wasm module (gpusizer.js in the site root, built from wasm/bindings.cpp): an ES module
// factory, `import createGpusizer from './gpusizer.js'`, whose module has the core's four boundary
// functions (core/include/gpusizer/api.hpp). They take and return JSON text; the types name what
// the text holds (gpusizer-contract.d.ts, generated from core/schema/). To type that import, copy
// this file beside gpusizer.js as gpusizer.d.ts, or import the types from here.
import type { GpusizerCatalog, GpusizerClaims, GpusizerResponse } from './gpusizer-contract.js';

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

/** The module's own functions (Embind). None throws: a bad request is a response with ok false. */
export interface GpusizerModule {
  /** estimate_json: a request (the JSON text of a GpusizerRequest) in, the response out. */
  estimate(request: string): JsonText<GpusizerResponse>;
  /** The default catalog: GPUs, offers, model presets, and the request vocabulary. */
  catalog(): JsonText<GpusizerDefaultCatalog>;
  /** The renters' guide's claims, each computed now, in lang ("en" or "zh"; anything else is en). */
  claims(lang: string): JsonText<GpusizerClaims>;
  /** The core's version, e.g. "0.1.0". */
  version(): string;
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
