// The first script the calculator page runs (index.html loads it async, ahead of everything):
// the wasm's fetch and the core's worker start now, while the page's and the
// element's own modules are still on their way (engine.js imports nothing, so this runs as soon
// as these two small files are in).
import { warm } from './engine.js';

warm();
