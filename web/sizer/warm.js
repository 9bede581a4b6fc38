// The first script the calculator page runs (index.html loads it async, ahead of everything):
// the build's first answer for the page as it opens (first.js) is fetched now, while the page's
// and the element's own modules are still on their way; the element shows it, and starts the
// core only once it is on screen, so that the wasm does not share the line with what the first
// rows need. Without one to show (a share link's request, no answer for today) the wasm's fetch
// and the core's worker start now. engine.js and first.js import nothing, so this runs as soon
// as these three small files are in.
import { warm } from './engine.js';
import { firstAnswer, today } from './first.js';

// The element's language as it will be without a lang attribute (the browser's, zh or en:
// i18n.js defaultLang); the element asks again for its own, which this fetch then serves.
const lang = /^zh\b/i.test(navigator.language || '') ? 'zh' : 'en';
// Its strings too (sizer/lang-ready.js asks for them once the element's modules are in).
const strings = document.createElement('link');
strings.rel = 'modulepreload';
strings.href = new URL(`./i18n-${lang}.js`, import.meta.url).href;
document.head.append(strings);
if (/^#r=/.test(location.hash)) warm();
else firstAnswer(lang, today()).then((answer) => answer || warm());
