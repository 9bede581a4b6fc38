// Loads the wasm core once and calls it. Nothing else lives here.
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

export async function version() {
  const m = await load();
  return m.version();
}
