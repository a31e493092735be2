// @ts-check
/**
 * The service worker: it keeps the game's own files (the front page, scripts, styles and
 * pictures) so the app opens fast, and when the server cannot be reached it opens the kept page
 * marked `data-offline`, which then says so (installable.js). It never keeps the API (`/api/`)
 * or the sockets (`/ws/`): play needs the server. The server writes the BUILD line
 * (doublesix.web.routes.install): the cache's version, a hash of the files, and the files.
 */
const BUILD = { version: "dev", files: [] };

/** @typedef {{ waitUntil(p: Promise<unknown>): void }} LifeEvent */
/** @typedef {LifeEvent & { request: Request, respondWith(r: Promise<Response>): void }} FetchEvent */
/** @typedef {{ skipWaiting(): Promise<void>, clients: { claim(): Promise<void> },
 *   addEventListener(type: string, listener: (event: any) => void): void }} WorkerScope */

const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));
const CACHE = `doublesix-${BUILD.version}`;
/** @type {string[]} */
const FILES = BUILD.files;
/** Paths that always go to the server, never to the cache. */
const NEVER_KEPT = ["/api/", "/ws/"];
/** The attribute on <html> of the kept page opened without the server (installable.js reads it). */
const OFFLINE_MARK = "data-offline";

worker.addEventListener("install", (/** @type {LifeEvent} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (/** @type {LifeEvent} */ event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("doublesix-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  );
});

/** The kept front page, marked as opened without the server. */
async function offlinePage() {
  const kept = await caches.match("/", { cacheName: CACHE });
  if (!kept) return Response.error();
  const text = (await kept.text()).replace(/<html\b/, (tag) => [tag, OFFLINE_MARK].join(" "));
  return new Response(text, { status: 200, headers: kept.headers });
}

/**
 * A page: from the server (it is never stale), else the kept page saying the server is away.
 * The front page, fetched again, is kept again: the kept page is in the language the person
 * reads now (the server writes each page in its person's language).
 * @param {Request} request
 */
async function page(request) {
  try {
    const answer = await fetch(request);
    if (answer.ok && new URL(request.url).pathname === "/") {
      const copy = answer.clone();
      caches.open(CACHE).then((cache) => cache.put("/", copy)).catch(() => undefined);
    }
    return answer;
  } catch {
    return offlinePage();
  }
}

/** A file of the game's own: from the cache, else from the server. @param {Request} request */
async function file(request) {
  const kept = await caches.match(request, { cacheName: CACHE });
  return kept || fetch(request);
}

worker.addEventListener("fetch", (/** @type {FetchEvent} */ event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (NEVER_KEPT.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (FILES.includes(url.pathname)) event.respondWith(file(request));
});
