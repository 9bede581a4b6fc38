// The host page's own script (index.html only; an embedding page decides this for itself):
// a service worker so the calculator keeps working offline after the first visit.
if ('serviceWorker' in navigator && (location.protocol === 'https:' || location.hostname === 'localhost' || location.hostname === '127.0.0.1')) {
  navigator.serviceWorker.register(new URL('sw.js', import.meta.url), { type: 'classic' }).catch(() => {
    /* offline support is optional */
  });
}
