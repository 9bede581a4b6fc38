// The host page's own script (index.html only; an embedding page decides this for itself):
// one language at a time, share links, the guide's claims checked, and a service worker. Loaded
// before gpu-sizer.js, so a request from the link is set on <gpu-sizer> before its first estimate
// (the element picks up a property set before it was upgraded).
//
// Language: the page follows the element's language (its lang attribute, which the element's own
// switch sets): <html lang> and data-lang change with it, styles.css hides the page's text in the
// other language, and the page's own strings come from the element's message table (sizer/i18n.js).
//
// Share links: the URL fragment holds the current request, #r=<base64url(UTF-8 JSON)>, without
// catalog (prices come from the site, never from a link) and goal.asOf (a link opened later is
// priced as of that day). Each gpusizer-result replaces it (history.replaceState: no history
// entry per keystroke); opening such a link sets element.request. The element itself never
// touches the URL.

import { i18n, hasLang, loadLang } from './sizer/i18n.js';

// The calculator's core started loading (in its worker) before this: sizer/warm.js, first in
// the page's head. What the first result does not need is imported after it, so its files do
// not queue before the element's own: the guide's claims (page-claims.js) and the "use your own
// catalog" file input below the calculator (catalog-file.js; the offline file has it built in).

const FRAGMENT = /^#r=([A-Za-z0-9_-]{1,8192})$/;
const HTML_LANG = { zh: 'zh-CN', en: 'en' };

const sizer = document.querySelector('gpu-sizer');
const claimsBox = document.getElementById('claims');
let claims = null; // the claims section (page-claims.js), once they are due (deferClaims)
let pageLang = null;
let answered = false; // the claims may be computed now (see deferClaims)

/** The request to put in a link: what the core got, minus catalog and goal.asOf. */
function shareable(request) {
  const { catalog, ...rest } = request;
  if (rest.goal && typeof rest.goal === 'object') {
    const { asOf, ...goal } = rest.goal;
    rest.goal = goal;
  }
  return rest;
}

function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The request in a #r= fragment: {request}; {unreadable: true} for a #r= fragment that does not
 * decode to a JSON object (cut short, edited, not base64url, not UTF-8); null for no share link.
 */
function decode(hash) {
  if (!hash.startsWith('#r=')) return null;
  const m = FRAGMENT.exec(hash);
  if (!m) return { unreadable: true };
  try {
    const b64 = m[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { unreadable: true };
    return { request: shareable(value) };
  } catch {
    return { unreadable: true };
  }
}

// A share link that cannot be read says so (the job shown is the default one, not the link's),
// until the user changes the job or opens a link that can be read.
const linkError = document.getElementById('link-error');
let linkUnreadable = false;

function showLinkError(unreadable) {
  linkUnreadable = unreadable;
  if (!linkError) return;
  linkError.hidden = !unreadable;
  linkError.textContent = unreadable ? i18n(pageLang || sizerLang() || 'en').t('shareUnreadable') : '';
}

function applyFragment() {
  const link = decode(location.hash);
  if (!link) return;
  showLinkError(!!link.unreadable);
  if (link.request && sizer) sizer.request = link.request;
}

/** The element's language (its getter, once defined, validates the attribute). */
const sizerLang = () => (sizer && typeof sizer.language === 'string' ? sizer.language : null);

/** The page in the element's language: <html lang>, the visible half of each bilingual text, the page's own strings. */
function syncLanguage() {
  const lang = sizerLang();
  if (!lang) return;
  if (!hasLang(lang)) {
    loadLang(lang).then(syncLanguage, () => {});
    return;
  }
  if (lang !== pageLang) {
    pageLang = lang;
    document.documentElement.lang = HTML_LANG[lang] || lang;
    document.documentElement.dataset.lang = lang;
    localizeShare(lang);
  }
  if (answered && claims) claims.update(lang);
}

if (sizer) {
  customElements.whenDefined('gpu-sizer').then(syncLanguage);
  new MutationObserver(syncLanguage).observe(sizer, { attributes: true, attributeFilter: ['lang'] });
  sizer.addEventListener('gpusizer-result', deferClaims, { once: true });
  sizer.addEventListener('gpusizer-result', registerServiceWorker, { once: true });
  // The file input, after the first answer (a result or an error such as a catalog the core refused).
  let fileInput = false;
  const loadFileInput = () => {
    if (!fileInput) import('./catalog-file.js');
    fileInput = true;
  };
  sizer.addEventListener('gpusizer-result', loadFileInput, { once: true });
  sizer.addEventListener('gpusizer-error', loadFileInput, { once: true });
  applyFragment();
  sizer.addEventListener('input', () => {
    if (linkUnreadable) showLinkError(false);
  });
  // A link pasted into this tab changes only the fragment: no reload, so apply it here.
  // (replaceState below fires no hashchange.)
  addEventListener('hashchange', applyFragment);
  // The URL follows once the result is painted: changing it in the result's own task makes the
  // browser lay the page out there and then, instead of once when it paints.
  let pending = null;
  const writeUrl = () => {
    const hash = pending;
    pending = null;
    if (hash && hash !== location.hash) history.replaceState(history.state, '', hash);
    const field = document.getElementById('share-url');
    if (field && !field.hidden) field.value = location.href; // the fallback shows the current link
  };
  sizer.addEventListener('gpusizer-result', (e) => {
    const request = e.detail && e.detail.request;
    if (!request || typeof request !== 'object') return;
    const first = pending === null;
    pending = `#r=${encode(shareable(request))}`;
    if (!first) return; // already on its way
    if (typeof requestIdleCallback === 'function') requestIdleCallback(writeUrl, { timeout: 300 });
    else setTimeout(writeUrl, 50);
  });
}

// ---- the Copy link button (hidden in the markup: it needs this script) ----
const share = document.getElementById('share');

function localizeShare(lang) {
  if (!share) return;
  const { t } = i18n(lang);
  share.querySelector('#share-copy').textContent = t('shareCopy');
  share.querySelector('#share-url').setAttribute('aria-label', t('shareLink'));
  share.querySelector('#share-status').textContent = '';
  if (linkUnreadable) showLinkError(true);
}

if (share && sizer) {
  const button = share.querySelector('#share-copy');
  const field = share.querySelector('#share-url');
  const status = share.querySelector('#share-status');
  const message = (key) => i18n(pageLang || sizerLang() || 'en').t(key);
  let clearTimer = 0;
  const say = (text) => {
    clearTimeout(clearTimer);
    status.textContent = '';
    // Emptied first and filled a moment later: screen readers announce a repeated message again.
    clearTimer = setTimeout(() => {
      status.textContent = text;
      clearTimer = setTimeout(() => {
        status.textContent = '';
      }, 8000);
    }, 100);
  };
  const fallback = () => {
    field.value = location.href;
    field.hidden = false;
    field.focus();
    field.select();
    say(message('shareManual'));
  };
  button.addEventListener('click', async () => {
    const url = location.href;
    if (!navigator.clipboard || typeof navigator.clipboard.writeText !== 'function') return fallback();
    try {
      await navigator.clipboard.writeText(url);
      field.hidden = true;
      say(message('shareCopied'));
    } catch {
      fallback();
    }
  });
  share.hidden = false;
}

// ---- the claims: a dozen whole estimates in a worker of their own, deferred ----
// They would compete with the calculator's own estimates for the processor while the reader
// types; they start once the section could come into view (the page scrolled towards the
// footer) or a few seconds after the first result, whichever is first.
const CLAIMS_AFTER_MS = 5000;

function deferClaims() {
  if (answered || !claimsBox) return;
  let timer = 0;
  let observer = null;
  const start = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    observer?.disconnect();
    import('./page-claims.js').then(({ ClaimsSection }) => {
      claims = new ClaimsSection(claimsBox, sizer);
      syncLanguage();
    });
  };
  timer = setTimeout(start, CLAIMS_AFTER_MS);
  const footer = document.querySelector('.site-footer');
  if (footer && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) start();
    }, { rootMargin: '100% 0px' });
    observer.observe(footer);
  }
}

// ---- offline support after the first visit (registered once the first result is in: its
// precache does not compete with the first paint) ----
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !(location.protocol === 'https:' || location.hostname === 'localhost' || location.hostname === '127.0.0.1')) return;
  setTimeout(() => {
    navigator.serviceWorker.register(new URL('sw.js', import.meta.url), { type: 'classic' }).catch(() => {
      /* offline support is optional */
    });
  }, 0);
}
