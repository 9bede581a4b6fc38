// Calls the wasm core (estimate, catalog, claims, version): in a worker of its own
// (engine-worker.js) where one can run, else in the page (load()); and the provider kit's
// catalogFromCsv and checkCatalog, from the kit's own module (gpusizer-kit.js, loaded in the page
// the first time a provider's file is read: the calculator's module does not carry the kit).
// Nothing else lives here; the claims run in another worker (claims-worker.js), so a dozen of
// their estimates never hold up the calculator's.
// gpusizer.js sits in the site root, one folder above this module; resolving it from
// import.meta.url keeps the element working when a page embeds it from another folder.

const MODULE_URL = new URL('../gpusizer.js', import.meta.url).href;
const WASM_URL = new URL('../gpusizer.wasm', import.meta.url).href;
// Named by a template, not a literal: scripts/site-size.mjs counts what a page loads by the file
// names its scripts spell out, and the kit is loaded on a user's action only.
const KIT = 'gpusizer-kit';
const KIT_URL = new URL(`../${KIT}.js`, import.meta.url).href;

let loading = null;
let bundledFactory = null;

/**
 * Uses this module factory instead of importing gpusizer.js (and gpusizer-kit.js): the one-file
 * offline page (scripts/build-offline.mjs) bundles a build with the wasm inlined and both the
 * calculator's and the kit's functions, and hands it over here, before any element loads it.
 */
export function useModuleFactory(createGpusizer) {
  bundledFactory = typeof createGpusizer === 'function' ? createGpusizer : null;
}

/** Whether the module is the offline file's bundled one (useModuleFactory). */
export const bundled = () => !!bundledFactory;

/** Whether this browser runs WebAssembly (it may be switched off, or missing). */
export const hasWasm = () => typeof WebAssembly === 'object' && WebAssembly !== null && typeof WebAssembly.instantiate === 'function';

/**
 * The wasm's bytes, fetched here as soon as anything asks for the core: the page starts this
 * before its own modules have arrived, and before the worker has fetched its script and the
 * Embind glue (the browser ranks a worker's script requests below the page's own), after which
 * the worker would only begin to ask for the wasm. The bytes go to the worker, which compiles
 * them itself: a module compiled here and posted to it ran the first estimate slower there
 * (bench-page, four comparisons in turns). Resolves to an ArrayBuffer, or null when the fetch
 * fails (the glue then fetches the wasm itself, and reports what fails).
 */
function fetchWasm() {
  return fetch(WASM_URL, { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .catch(() => null);
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

// ---- the core's own worker: estimate, catalog and version off the page's main thread ----
// An estimate sizes and prices every offer (a tenth of a second or more of wasm): in the page it
// would freeze typing. A module worker (engine-worker.js) runs it; where none can run (the
// one-file offline page, a worker-src that refuses it, a worker that cannot load the module) the
// module is loaded here instead and the calls run in the page.
let core = null; // {worker, pending: Map(id → {resolve, reject})} once started
let coreCalls = 0;
let inPage = false; // the worker could not run: every call runs in the page from now on

class WorkerUnavailable extends Error {}

function startWorker() {
  if (core) return core;
  const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  const pending = new Map();
  const fail = (err) => {
    inPage = true;
    if (core && core.worker === worker) core = null;
    worker.terminate();
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  worker.addEventListener('message', (e) => {
    const { id, text, error } = e.data || {};
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (typeof text === 'string') return call.resolve(text);
    // The worker could not load the module: the page tries itself (and reports what it finds),
    // this call too (it is no longer pending, so fail() would leave it unanswered).
    const err = new WorkerUnavailable(error || 'worker failed');
    call.reject(err);
    fail(err);
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault?.();
    fail(new WorkerUnavailable('worker failed'));
  });
  core = { worker, pending };
  // The worker waits for this first message: the wasm's bytes (handed over, not copied), or
  // null (it fetches them itself).
  fetchWasm().then((bytes) => worker.postMessage({ op: 'wasm', bytes }, bytes ? [bytes] : []));
  return core;
}

/** The core's answer (text) to op, from the worker when one runs, else from the module in the page. */
async function call(op, text = '') {
  if (!bundledFactory && !inPage && typeof Worker === 'function') {
    try {
      const c = startWorker();
      const id = ++coreCalls;
      return await new Promise((resolve, reject) => {
        c.pending.set(id, { resolve, reject });
        c.worker.postMessage({ id, op, text });
      });
    } catch (err) {
      if (!(err instanceof WorkerUnavailable) && !(err && err.name === 'SecurityError')) throw err;
      inPage = true;
    }
  }
  const m = await load();
  if (op === 'estimate') return m.estimate(text);
  if (op === 'catalog') return m.catalog();
  return m.version();
}

let kitLoading = null;

/** The provider kit's module, in the page (the offline bundle's one module has its functions). */
function loadKit() {
  if (bundledFactory) return load();
  kitLoading ??= import(KIT_URL)
    .then(({ default: createGpusizerKit }) => createGpusizerKit({ locateFile: (file) => new URL(file, KIT_URL).href }))
    .catch((err) => {
      kitLoading = null; // allow a retry
      throw err;
    });
  return kitLoading;
}

let defaultCatalog = null; // the default catalog's text, once asked for (it never changes)

/**
 * Starts the core's worker and has it load the module (the wasm's bytes fetched here) and answer the
 * default catalog (its first call parses the catalog built into the module: a large part of the
 * first result's time), all while the page is still loading its own modules. Called as early as
 * possible (sizer/warm.js from the page's head; the element when it is created); does nothing
 * where estimates run in the page. (Running an estimate to warm the module's code as well made
 * the first result later on a busy two-core machine: the two threads competed for it.)
 */
export function warm() {
  if (core || bundledFactory || inPage || typeof Worker !== 'function' || !hasWasm()) return;
  catalogText().catch(() => {
    /* a module that fails to load is reported by the element's own first call */
  });
}

function catalogText() {
  if (!defaultCatalog) {
    defaultCatalog = call('catalog').catch((err) => {
      defaultCatalog = null; // a later call tries again
      throw err;
    });
  }
  return defaultCatalog;
}

/** Whether estimates run off the page's main thread (then the form need not wait for a pause in typing). */
export const offMainThread = () => !bundledFactory && !inPage && typeof Worker === 'function';

/** The default catalog, parsed ({catalogVersion, fx, gpus, models, offers, contract}). */
export async function catalog() {
  return JSON.parse(await catalogText());
}

/** One estimate: request object in, parsed response out. */
export async function estimate(request) {
  return JSON.parse(await call('estimate', JSON.stringify(request)));
}

// A file's bytes go to the core as they are (Embind copies a Uint8Array into the std::string
// byte for byte), so that the core, not the browser's decoder, judges whether they are UTF-8.
const input = (text) => (text instanceof Uint8Array ? text : String(text));

/**
 * A price list (CSV or a spreadsheet's tab-separated copy, one offer per row) as a catalog, by the
 * core: {ok: true, catalog, offerRows, warnings, market, table} or {ok: false, error, errors,
 * errorCount, warnings, table} (errors at /rows/<row>/<column>). text: a string, or a file's bytes
 * (Uint8Array). lang: "en" | "zh".
 */
export async function catalogFromCsv(text, lang) {
  return JSON.parse((await loadKit()).catalogFromCsv(input(text), String(lang)));
}

/**
 * A catalog (JSON text, or a file's bytes) checked as a request's catalog is read: {ok: true, offers, warnings,
 * market} or {ok: false, error, errors, errorCount, warnings}. lang: "en" | "zh".
 */
export async function checkCatalog(text, lang) {
  return JSON.parse((await loadKit()).checkCatalog(input(text), String(lang)));
}

export async function version() {
  return call('version');
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
