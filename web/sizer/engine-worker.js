// A module worker for the core's estimate, catalog, version and the kit's catalogFromCsv and
// checkCatalog (engine.js): an estimate sizes and
// prices every offer of the catalog (a tenth of a second or more of wasm), computed here so typing
// never waits for it. It loads its own copy of the module and answers {id, text} with the core's
// JSON (or version string), or {id, error} when the module cannot load.
// The page sends the wasm's bytes ({op: 'wasm', bytes}) as its first message, before any call:
// it starts that fetch before this worker has even loaded its script. With bytes null the glue
// fetches the wasm itself.
import createGpusizer from '../gpusizer.js';

const MODULE_URL = new URL('../gpusizer.js', import.meta.url).href;
let given;
const wasm = new Promise((resolve) => {
  given = resolve;
});
let loading = null;

const load = () => {
  if (!loading) {
    loading = wasm
      .then((bytes) => createGpusizer({ locateFile: (file) => new URL(file, MODULE_URL).href, ...(bytes ? { wasmBinary: bytes } : {}) }))
      .catch((err) => {
        loading = null; // a later call tries again
        throw err;
      });
  }
  return loading;
};

self.addEventListener('message', async (e) => {
  const { id, op, text, lang, bytes } = e.data || {};
  if (op === 'wasm') {
    given(bytes instanceof ArrayBuffer ? bytes : null);
    return;
  }
  try {
    const m = await load();
    let answer;
    if (op === 'estimate') answer = m.estimate(String(text));
    else if (op === 'catalog') answer = m.catalog();
    else if (op === 'version') answer = m.version();
    // A file's bytes (Uint8Array) as they are: the core says whether they are UTF-8.
    else if (op === 'catalogFromCsv') answer = m.catalogFromCsv(text instanceof Uint8Array ? text : String(text), String(lang));
    else if (op === 'checkCatalog') answer = m.checkCatalog(text instanceof Uint8Array ? text : String(text), String(lang));
    else throw new Error(`unknown operation ${op}`);
    self.postMessage({ id, text: answer });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
