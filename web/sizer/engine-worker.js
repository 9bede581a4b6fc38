// A module worker for the core's estimate, catalog, version and the kit's catalogFromCsv and
// checkCatalog (engine.js): an estimate sizes and
// prices every offer of the catalog (a tenth of a second or more of wasm), computed here so typing
// never waits for it. It loads its own copy of the module and answers {id, text} with the core's
// JSON (or version string), or {id, error} when the module cannot load.
// The page sends the wasm compiled ({op: 'module', module}) as its first message, before any
// call: it starts that fetch before this worker has even loaded its script. With module null
// the glue fetches the wasm itself.
import createGpusizer from '../gpusizer.js';

const MODULE_URL = new URL('../gpusizer.js', import.meta.url).href;
let given;
const compiled = new Promise((resolve) => {
  given = resolve;
});
let loading = null;

/**
 * The glue's factory instantiated with the compiled module (engine.js instantiate(), repeated
 * here: importing engine.js would be one more file for the worker to fetch before it can start).
 */
function instantiate(module, locateFile) {
  if (!module) return createGpusizer({ locateFile });
  return new Promise((resolve, reject) => {
    createGpusizer({
      locateFile,
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), reject);
        return {};
      },
    }).then(resolve, reject);
  });
}

const load = () => {
  if (!loading) {
    loading = compiled
      .then((module) => instantiate(module, (file) => new URL(file, MODULE_URL).href))
      .catch((err) => {
        loading = null; // a later call tries again
        throw err;
      });
  }
  return loading;
};

self.addEventListener('message', async (e) => {
  const { id, op, text, lang, module } = e.data || {};
  if (op === 'module') {
    given(module instanceof WebAssembly.Module ? module : null);
    return;
  }
  try {
    const m = await load();
    let answer;
    if (op === 'estimate') answer = m.estimate(String(text));
    else if (op === 'catalog') answer = m.catalog();
    else if (op === 'version') answer = m.version();
    else if (op === 'catalogFromCsv') answer = m.catalogFromCsv(String(text), String(lang));
    else if (op === 'checkCatalog') answer = m.checkCatalog(String(text), String(lang));
    else throw new Error(`unknown operation ${op}`);
    self.postMessage({ id, text: answer });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
