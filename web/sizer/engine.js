// Loads the wasm core once and calls it (estimate, catalog, claims, version, and the provider
// kit's catalogFromCsv and checkCatalog). Nothing else lives here;
// the claims run in a worker of their own (claims-worker.js).
// gpusizer.js sits in the site root, one folder above this module; resolving it from
// import.meta.url keeps the element working when a page embeds it from another folder.

const MODULE_URL = new URL('../gpusizer.js', import.meta.url).href;

let loading = null;
let bundledFactory = null;

/**
 * Uses this module factory instead of importing gpusizer.js: the one-file offline page
 * (scripts/build-offline.mjs) bundles the build with the wasm inlined and hands it over here,
 * before any element loads the module.
 */
export function useModuleFactory(createGpusizer) {
  bundledFactory = typeof createGpusizer === 'function' ? createGpusizer : null;
}

/** Resolves to the instantiated module (shared by every <gpu-sizer> on the page). */
export function load() {
  if (!loading) {
    const factory = bundledFactory;
    loading = (
      factory
        ? Promise.resolve().then(() => factory())
        : import(MODULE_URL).then(({ default: createGpusizer }) =>
            createGpusizer({ locateFile: (file) => new URL(file, MODULE_URL).href }),
          )
    )
      .catch((err) => {
        loading = null; // allow a retry
        throw err;
      });
  }
  return loading;
}

/** The default catalog, parsed ({catalogVersion, fx, gpus, models, offers}). */
export async function catalog() {
  const m = await load();
  return JSON.parse(m.catalog());
}

/** One estimate: request object in, parsed response out. */
export async function estimate(request) {
  const m = await load();
  return JSON.parse(m.estimate(JSON.stringify(request)));
}

/**
 * A price list (CSV or a spreadsheet's tab-separated copy, one offer per row) as a catalog, by the
 * core: {ok: true, catalog, offerRows, warnings, market, table} or {ok: false, error, errors,
 * errorCount, warnings, table} (errors at /rows/<row>/<column>). lang: "en" | "zh".
 */
export async function catalogFromCsv(text, lang) {
  const m = await load();
  return JSON.parse(m.catalogFromCsv(String(text), String(lang)));
}

/**
 * A catalog (JSON text) checked as a request's catalog is read: {ok: true, offers, warnings,
 * market} or {ok: false, error, errors, errorCount, warnings}. lang: "en" | "zh".
 */
export async function checkCatalog(text, lang) {
  const m = await load();
  return JSON.parse(m.checkCatalog(String(text), String(lang)));
}

export async function version() {
  const m = await load();
  return m.version();
}

let worker = null; // the claims worker, once started (null again if it cannot start)
let workerCalls = 0;

/** The claims from the worker (claims-worker.js), or null when a module worker cannot run here. */
function claimsInWorker(lang) {
  if (bundledFactory || typeof Worker !== 'function') return null; // the offline bundle has no worker file
  try {
    if (!worker) worker = new Worker(new URL('./claims-worker.js', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const id = ++workerCalls;
  const w = worker;
  return new Promise((resolve, reject) => {
    const done = (e) => {
      if (e.data?.id !== id) return;
      w.removeEventListener('message', done);
      w.removeEventListener('error', failed);
      if (typeof e.data.text === 'string') resolve(e.data.text);
      else reject(new Error(e.data.error || 'claims failed'));
    };
    const failed = (e) => {
      w.removeEventListener('message', done);
      w.removeEventListener('error', failed);
      e.preventDefault?.();
      if (worker === w) worker = null;
      w.terminate();
      reject(new Error('claims worker failed'));
    };
    w.addEventListener('message', done);
    w.addEventListener('error', failed);
    w.postMessage({ id, lang: String(lang) });
  });
}

/**
 * The renters' guide's claims, each computed now by the core, in lang ("en" | "zh"):
 * {claims: [{id, claim, claimed, claimedText, computed, unit, request, verdict, explanation}]}.
 * A dozen whole estimates: computed in a module worker (its own copy of the module) so the page
 * stays responsive; in the page itself where no worker can run.
 */
export async function claims(lang) {
  const inWorker = claimsInWorker(lang);
  if (inWorker) {
    try {
      return JSON.parse(await inWorker);
    } catch {
      /* the worker could not load the module: compute in the page */
    }
  }
  const m = await load();
  return JSON.parse(m.claims(String(lang)));
}
