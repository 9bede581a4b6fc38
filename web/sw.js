// Offline support for the site's pages (the calculator, the embedding demo, the provider kit and
// the iframe page): network first (so a deployed update shows at once), the cache when the
// network fails. Same-origin GET requests only; a page's query string (embed.html?lang=zh...)
// is ignored when the cache answers.
const CACHE = 'gpusizer-v10';
const PRECACHE = [
  './',
  'index.html',
  'styles.css',
  'page.js',
  'page-claims.js',
  'catalog-file.js',
  'favicon.svg',
  'manifest.webmanifest',
  'demo.html',
  'demo.css',
  'provider-catalog.example.json',
  'provider.html',
  'provider.js',
  'provider.css',
  'embed.html',
  'embed.js',
  'embed.css',
  'gpu-sizer.js',
  'gpu-sizer-loader.js',
  'gpu-sizer-define.js',
  'gpu-sizer-element.js',
  'gpu-sizer.css',
  'gpusizer.js',
  'gpusizer.wasm',
  'gpusizer-kit.js',
  'gpusizer-kit.wasm',
  'sizer/advice.js',
  'sizer/architecture.js',
  'sizer/chart.js',
  'sizer/claims-worker.js',
  'sizer/contract.js',
  'sizer/csv.js',
  'sizer/controller.js',
  'sizer/cta.js',
  'sizer/dom.js',
  'sizer/engine.js',
  'sizer/engine-worker.js',
  'sizer/export.js',
  'sizer/export-formats.js',
  'sizer/fallback.js',
  'sizer/form.js',
  'sizer/job.js',
  'sizer/i18n.js',
  'sizer/i18n-en.js',
  'sizer/i18n-zh.js',
  'sizer/i18n-kit-en.js',
  'sizer/i18n-kit-zh.js',
  'sizer/lang-ready.js',
  'sizer/first.js',
  'sizer/layout.js',
  'sizer/options-table.js',
  'sizer/ownership.js',
  'sizer/scaling.js',
  'sizer/steps.js',
  'sizer/summary.js',
  'sizer/warm.js',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(new Request(url, { cache: 'reload' })).catch(() => {}))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gpusizer-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && response.type === 'basic') {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.match(request, { ignoreSearch: true }).then((hit) => hit || Response.error()),
      ),
  );
});
