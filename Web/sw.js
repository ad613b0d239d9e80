// The offline shell. The app's own files (the page, its modules, styles, icons, font) are kept as they
// are fetched, always from the network first, so a running server gives the newest ones; when
// it cannot be reached, a page load gets the kept ones instead of the browser's error page, and
// the app says the server cannot be reached and keeps trying. Nothing else passes through here:
// the API, media and covers go to the network untouched (answers are per person and live; the
// app keeps tracks for offline itself, in caches of its own that this worker leaves alone).
const SHELL = "blastoise-shell-v1";
const APP_FILES = /^\/(index\.html|favicon\.svg|manifest\.webmanifest|sw\.js|(js|css|icons|fonts)\/.+)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.add("/")).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("blastoise-shell-") && name !== SHELL).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !APP_FILES.test(url.pathname)) return;
  // A page load, whatever its query, is the one page.
  const key = request.mode === "navigate" ? "/" : url.pathname;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL).then((cache) => cache.put(key, copy)));
    }
    return response;
  }, async () => (await caches.match(key, { cacheName: SHELL })) || Response.error()));
});
