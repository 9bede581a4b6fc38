// Loads the site's wasm modules under Node. The glue is built for the web only, so the
// bytes are handed over directly instead of fetched (docs/TOOLCHAIN.md).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

async function load(siteDir, name) {
  const { default: create } = await import(pathToFileURL(path.join(siteDir, `${name}.js`)).href);
  return create({ wasmBinary: fs.readFileSync(path.join(siteDir, `${name}.wasm`)) });
}

/** The calculator's module (gpusizer.js): estimate, optionDetail, catalog, claims, version. */
export const loadModule = (siteDir) => load(siteDir, 'gpusizer');

/** The provider kit's module (gpusizer-kit.js): catalogFromCsv, checkCatalog. */
export const loadKitModule = (siteDir) => load(siteDir, 'gpusizer-kit');
