// Imported by the modules that show text (the element's controller, the pages' scripts): the
// languages a page opening now shows (the browser's, a ?lang= parameter, a <gpu-sizer lang> in
// the document) are loaded before any of them runs (a top-level await), so every text is in its
// language from the first frame; another is loaded when it is switched to (loadLang). The
// offline file has every table inside and bundles this module as an empty one.
import { defaultLang, loadLang, normalizeLang } from './i18n.js';

if (typeof document !== 'undefined') {
  const wanted = new Set([defaultLang()]);
  const param = normalizeLang(new URLSearchParams(location.search).get('lang'));
  if (param) wanted.add(param);
  for (const el of document.querySelectorAll('gpu-sizer[lang]')) {
    const lang = normalizeLang(el.getAttribute('lang'));
    if (lang) wanted.add(lang);
  }
  await Promise.all([...wanted].map((lang) => loadLang(lang).catch(() => {})));
}
