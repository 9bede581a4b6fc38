// A module worker for engine.claims(): the guide's claims are a dozen whole estimates (one to two
// seconds of wasm), computed here so the page never freezes for them. It loads its own copy of the
// module (the browser's cache has it) and answers {id, text} with the core's JSON, or
// {id, error} when the module cannot load.
import createGpusizer from '../gpusizer.js';

const MODULE_URL = new URL('../gpusizer.js', import.meta.url).href;
let loading = null;

self.addEventListener('message', async (e) => {
  const { id, lang } = e.data || {};
  try {
    if (!loading) loading = createGpusizer({ locateFile: (file) => new URL(file, MODULE_URL).href });
    const m = await loading;
    self.postMessage({ id, text: m.claims(String(lang)) });
  } catch (err) {
    loading = null;
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
