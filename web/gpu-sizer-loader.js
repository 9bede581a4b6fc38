// The light way to put <gpu-sizer> on a marketing page: load this in place of gpu-sizer.js,
//
//   <script type="module" src="/gpusizer/gpu-sizer-loader.js"></script>
//   <gpu-sizer lang="zh" catalog-src="/prices/catalog.json" min-height="2800"></gpu-sizer>
//
// Until an element comes near the viewport, nothing but this file is fetched: each <gpu-sizer>
// keeps its min-height (the attribute, a length such as 2800, 2800px or 175rem; else 2400px) so the
// page does not jump, and when the first one is within 200px of the viewport (IntersectionObserver;
// at once where there is none) the element's module is imported, every <gpu-sizer> upgrades and
// the element's worker fetches the wasm core. Elements added to the page later are handled alike.
// When the element's module cannot load, each element shows its provider catalog's prices as a
// plain table instead (sizer/fallback.js). A page that already loaded gpu-sizer.js is left alone.
const TAG = 'gpu-sizer';
const ELEMENT = new URL('./gpu-sizer.js', import.meta.url).href;
const FALLBACK = new URL('./sizer/fallback.js', import.meta.url).href;
const LENGTH = /^(\d{1,5}(?:\.\d+)?)(px|rem|em|vh|svh|lvh|dvh)?$/i; // as the element reads min-height
const DEFAULT_HEIGHT = '2400px';
const AHEAD = '200px 0px';

const seen = new WeakSet();
let started = false;
let io = null;
let mo = null;

/** The min-height attribute as a CSS length, else the default (the element warns about a bad one). */
function heightOf(el) {
  const m = LENGTH.exec((el.getAttribute('min-height') || '').trim());
  return m && Number(m[1]) <= 10000 ? m[1] + (m[2] || 'px').toLowerCase() : DEFAULT_HEIGHT;
}

/** Keeps el's height until it has a result (or an error): then the element's own min-height holds. */
function reserve(el) {
  if (seen.has(el)) return;
  seen.add(el);
  if (io) io.observe(el);
  const style = el.style;
  if (style.minHeight || style.display) return; // the page sized it itself
  style.display = 'block';
  style.minHeight = heightOf(el);
  const release = () => {
    el.removeEventListener('gpusizer-result', release);
    el.removeEventListener('gpusizer-error', release);
    style.minHeight = '';
    style.display = '';
  };
  el.addEventListener('gpusizer-result', release);
  el.addEventListener('gpusizer-error', release);
}

function scan(root) {
  if (root.localName === TAG) reserve(root);
  if (root.querySelectorAll) for (const el of root.querySelectorAll(TAG)) reserve(el);
}

async function start() {
  if (started) return;
  started = true;
  io?.disconnect();
  mo?.disconnect();
  try {
    await import(ELEMENT);
  } catch {
    // The element cannot run here: its provider's prices instead, where they can be had.
    try {
      const { showFallback } = await import(FALLBACK);
      for (const el of document.querySelectorAll(TAG)) {
        el.style.minHeight = '';
        showFallback(el);
      }
    } catch {
      /* nothing more can be shown */
    }
  }
}

if (!customElements.get(TAG)) {
  if (typeof IntersectionObserver === 'function') {
    io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) start();
    }, { rootMargin: AHEAD });
  }
  scan(document);
  if (!io) start();
  else {
    mo = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (node.nodeType === 1) scan(node);
    });
    mo.observe(document.documentElement, { childList: true, subtree: true });
  }
}
