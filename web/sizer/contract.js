// The request vocabulary: the allowed values of each enumerated request field and the defaults
// the core applies, as the core's catalog().contract states them. The page never re-declares
// them; it reads them here, generically (a new enum in the core needs no change in this file).
//
// FALLBACK is all the page knows before the module has loaded: what the element's lang and
// currency attributes may hold, so their getters can validate at once. It must stay a subset of
// the core's contract (tests/wasm/contract.test.mjs checks that); nothing builds a form from it.
export const FALLBACK = Object.freeze({
  schemaVersion: 1,
  enums: Object.freeze({ lang: Object.freeze(['en', 'zh']), currency: Object.freeze(['CNY', 'USD']) }),
  defaults: Object.freeze({ lang: 'en' }),
});

const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * {schemaVersion, enums: {name: [string]}, defaults: {name: value}} from a catalog document (the
 * core's catalog()); FALLBACK when it has no contract. Enum lists keep only strings; defaults
 * keep strings, booleans and finite numbers.
 */
export function readContract(catalog) {
  const c = isObject(catalog) && isObject(catalog.contract) ? catalog.contract : null;
  if (!c) return FALLBACK;
  const enums = {};
  for (const [name, values] of Object.entries(isObject(c.enums) ? c.enums : {})) {
    if (Array.isArray(values)) enums[name] = values.filter((v) => typeof v === 'string');
  }
  const defaults = {};
  for (const [name, value] of Object.entries(isObject(c.defaults) ? c.defaults : {})) {
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      defaults[name] = value;
  }
  // The places goal.region takes, with their names and how many default offers lie in each.
  const regions = Array.isArray(c.regions) ? c.regions.filter((r) => isObject(r) && typeof r.id === 'string') : [];
  return { schemaVersion: c.schemaVersion, enums, defaults, regions };
}

/** value when the contract's enum `name` lists it, else the contract's default for `name`. */
export function pick(contract, name, value) {
  const list = contract.enums[name] || [];
  return list.includes(value) ? value : contract.defaults[name];
}

// Enumerated request fields the core reads but its contract does not list yet (catalog().contract
// states lang, mode, precision, currency and recompute today). The page needs their values to
// offer them, so it keeps these lists, each taken from the core's reader: model.activation
// (contract/model_reader.cpp), training.padding and the named training.loraTargets (besides PEFT
// module names such as "q_proj,v_proj"; contract/request_reader.cpp). As soon as the core lists
// one of them, the core's list is used and this one is ignored (enumValues); the defaults are
// the core's (request.hpp). tests/wasm/contract.test.mjs checks that a listed enum agrees.
export const ENUM_FALLBACK = Object.freeze({
  activation: Object.freeze(['swiglu', 'geglu', 'gelu']),
  loraTargets: Object.freeze(['all-linear', 'attention']),
  padding: Object.freeze(['longest', 'max-length']),
});
export const DEFAULT_FALLBACK = Object.freeze({ loraTargets: 'all-linear', padding: 'longest', packing: false });

/** The allowed values of enum `name`: the core's list, else ENUM_FALLBACK's, else []. */
export function enumValues(contract, name) {
  const list = contract?.enums?.[name];
  return Array.isArray(list) ? list : ENUM_FALLBACK[name] || [];
}

/** The core's default for `name`, else DEFAULT_FALLBACK's, else undefined. */
export function defaultValue(contract, name) {
  const value = contract?.defaults?.[name];
  return value !== undefined ? value : DEFAULT_FALLBACK[name];
}
