// Loads the site's wasm module under Node. The glue is built for the web only, so the
// bytes are handed over directly instead of fetched (docs/TOOLCHAIN.md).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function loadModule(siteDir) {
  const { default: createGpusizer } = await import(pathToFileURL(path.join(siteDir, 'gpusizer.js')).href);
  return createGpusizer({ wasmBinary: fs.readFileSync(path.join(siteDir, 'gpusizer.wasm')) });
}
