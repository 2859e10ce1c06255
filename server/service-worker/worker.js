// Fieldline's service worker. server/service-worker.ts serves it with the build's VERSION and
// SHELL (the shell's built modules) written in front, so every build's caches replace the last's.
// Built assets, icons and the words of a version of the catalogs (/messages/…): the cache first.
// Pages: the network first; offline, this phone's saved copy (saying so, and when it was saved),
// else the offline page. The day's plan keeps the pages
// its Log visit links open (New Post with the dealer chosen), so the loop works without signal. Everything else (/api, page data, uploads): the network only.
// The saved pages are personal: dropped on sign-out and whenever the session is gone.

const SHELL_CACHE = `fieldline-shell-${VERSION}`;
const PAGE_CACHE = `fieldline-pages-${VERSION}`;
const OFFLINE_PAGE = "/offline";
const SAVED_PAGES = ["/", "/new-post", "/dealers", "/plan"];
// Kept anew each time they are opened: they change through the day (a stop done, a new rank).
const OPENED_PAGES = ["/plan", "/leaderboard"];
// A dealer's page is kept once opened, so the dealer in front of an officer without signal is there.
const DEALER_PAGE = /^\/dealer-details\/\d+$/;
const MAX_DEALER_PAGES = 50;
// The pages whose links marked `data-keep-offline` are kept with them (address and query): the
// plan's Log visit links, one a stop (25 at most). Each keeping of the plan replaces the last's.
const LINKING_PAGES = ["/plan"];
const MAX_LINKED_PAGES = 25;

/** A page this phone keeps a copy of (its own address only: "/dealers?query=…" goes to the network). */
function keptPage(path) {
  return path !== null && (SAVED_PAGES.includes(path) || OPENED_PAGES.includes(path) || DEALER_PAGE.test(path));
}
const STATIC_FILES = [
  "/favicon.svg",
  "/manifest.webmanifest",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
];

// How many times the saved pages were dropped. A copy is kept only if they were not dropped
// since its request left: a page answered just before the session ended must not come back
// into a fresh cache after the drop (writing a copy can take longer than the drop).
let pagesDropped = 0;

function dropPages() {
  pagesDropped += 1;
  return caches.delete(PAGE_CACHE);
}

/**
 * A page worth saving: a 200 made for someone signed in (entry.server.tsx marks those
 * `private`). Signed out, "/" answers 200 with the welcome page, which is not the feed.
 */
function signedInPage(response) {
  return response.status === 200 && /\bprivate\b/.test(response.headers.get("Cache-Control") ?? "");
}

/** An attribute's value as the server wrote it in HTML, back to its text. */
function attributeText(value) {
  const entities = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };
  return value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity]);
}

/** The same-origin addresses (path and query) of a page's links marked `data-keep-offline`. */
function linksToKeep(html) {
  const paths = new Set();
  for (const [tag] of html.matchAll(/<a\b[^>]*\bdata-keep-offline\b[^>]*>/g)) {
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (!href) continue;
    const url = new URL(attributeText(href), self.location.origin);
    if (url.origin === self.location.origin) paths.add(`${url.pathname}${url.search}`);
  }
  return [...paths].slice(0, MAX_LINKED_PAGES);
}

/** The files of a page's words (decision 101): its `<link data-messages>`'s addresses. */
function messageFiles(html) {
  const files = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*\bdata-messages\b[^>]*>/g)) {
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (href?.startsWith("/messages/")) files.add(attributeText(href));
  }
  return [...files];
}

/**
 * Keeps the files of a saved page's words beside the built assets: offline, the page hydrates only
 * once its words are here, and a page kept before it was ever opened has not fetched them.
 */
async function keepMessageFiles(html) {
  const cache = await caches.open(SHELL_CACHE);
  for (const file of messageFiles(html)) {
    if (await cache.match(file)) continue;
    const response = await fetch(file);
    if (response.ok) await cache.put(file, response);
  }
}

/**
 * Keeps the pages `paths` (a plan's Log visit pages) and drops the ones kept for an older copy of
 * the plan: only those are kept with a query. One request at a time, and only for pages not kept yet.
 */
async function keepLinkedPages(cache, paths, since) {
  const kept = (await cache.keys()).map((request) => new URL(request.url)).filter((url) => url.search !== "");
  const keptPaths = kept.map((url) => `${url.pathname}${url.search}`);
  await Promise.all(keptPaths.filter((path) => !paths.includes(path)).map((path) => cache.delete(path)));
  for (const path of paths) {
    if (keptPaths.includes(path)) continue;
    const response = await fetch(path, { redirect: "manual" });
    if (since !== pagesDropped) return;
    if (signedInPage(response)) await cache.put(path, response);
  }
}

/** Keeps a copy of a page fetched while `since` was the drop count; a later drop voids it. */
async function keepPage(path, response, since) {
  if (!signedInPage(response)) return;
  const html = await response.clone().text();
  const links = LINKING_PAGES.includes(path) ? linksToKeep(html) : null;
  await keepMessageFiles(html).catch(() => undefined);
  const cache = await caches.open(PAGE_CACHE);
  if (since !== pagesDropped) return;
  await cache.put(path, response);
  if (links) await keepLinkedPages(cache, links, since);
  if (DEALER_PAGE.test(path)) {
    // Keys come oldest first (a put moves its key to the end): the oldest dealers' pages go.
    const dealerPages = (await cache.keys()).filter((request) => DEALER_PAGE.test(new URL(request.url).pathname));
    await Promise.all(dealerPages.slice(0, -MAX_DEALER_PAGES).map((request) => cache.delete(request)));
  }
}

/** Whether a saved copy was made today (in the app's time zone). */
function savedToday(saved) {
  const day = (date) => date.toLocaleDateString("en-US", { timeZone: TIME_ZONE });
  return day(new Date(saved.headers.get("Date") ?? "")) === day(new Date());
}

/**
 * Saves the pages not saved yet, so the app opens without a connection from the first visit on;
 * the plan also when its copy is from another day (a plan is a day's).
 */
async function savePages() {
  const since = pagesDropped;
  const cache = await caches.open(PAGE_CACHE);
  for (const path of SAVED_PAGES) {
    const saved = await cache.match(path);
    if (saved && (!LINKING_PAGES.includes(path) || savedToday(saved))) continue;
    await keepPage(path, await fetch(path, { redirect: "manual" }), since);
  }
}

/** The page each window last loaded (not opened with JavaScript) and this worker kept: no need to fetch it again. */
const loadedPages = new Map();

/**
 * A page opened without a page load (JavaScript's navigation): a dealer's page is kept if it is
 * not kept yet; the plan and the leaderboard anew, unless the page load just kept them.
 */
async function keepOpenedPage(path, clientId) {
  const justLoaded = loadedPages.get(clientId) === path;
  loadedPages.delete(clientId);
  const anew = OPENED_PAGES.includes(path);
  if (!anew && !DEALER_PAGE.test(path)) return;
  if (anew && justLoaded) return;
  const since = pagesDropped;
  if (!anew && (await caches.match(path, { cacheName: PAGE_CACHE }))) return;
  await keepPage(path, await fetch(path, { redirect: "manual" }), since);
}

async function install() {
  const shell = await caches.open(SHELL_CACHE);
  // The offline page is made signed out, so it holds nothing personal.
  const offline = await fetch(OFFLINE_PAGE, { credentials: "omit" });
  if (!offline.ok) throw new Error(`${OFFLINE_PAGE} answered ${offline.status}`);
  const html = await offline.clone().text();
  const styles = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]);
  await shell.put(OFFLINE_PAGE, offline);
  await shell.addAll([...new Set([...SHELL, ...styles, ...STATIC_FILES])]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = [SHELL_CACHE, PAGE_CACHE];
      for (const name of await caches.keys()) {
        if (name.startsWith("fieldline-") && !current.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The pages (window clients) answered from this phone's copies because the network failed. */
const answeredOffline = new Set();

// The page says who is there (signed in, the pages are saved; signed out, they go), and asks how it
// was answered: a saved copy is evidence that the phone is offline, whatever navigator.onLine says.
self.addEventListener("message", (event) => {
  if (event.data === "signed-in") event.waitUntil(savePages().catch(() => undefined));
  if (event.data === "signed-out") event.waitUntil(dropPages());
  if (typeof event.data?.opened === "string")
    event.waitUntil(keepOpenedPage(event.data.opened, event.source?.id).catch(() => undefined));
  if (event.data === "how-was-i-answered?" && event.source) {
    const offline = answeredOffline.delete(event.source.id);
    event.source.postMessage(offline ? "answered-offline" : "answered-online");
  }
});

/** A saved page answered with a redirect (to sign in) or 401: the session is gone, and so are its copies. */
function sessionEnded(response) {
  return response.type === "opaqueredirect" || response.status === 401;
}

/** When a saved copy was made (its answer's Date), in the app's time zone: "10:42 AM", or "Nov 25 at 10:42 AM" on another day. */
function savedWhen(saved) {
  const at = new Date(saved.headers.get("Date") ?? "");
  if (Number.isNaN(at.getTime())) return null;
  const time = at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE });
  const day = (date) => date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: TIME_ZONE });
  return day(at) === day(new Date()) ? time : `${day(at)} at ${time}`;
}

/**
 * The saved copy with a notice at the top of its body: offline, and when the copy was saved. It is
 * plain HTML, so it shows with or without the page's scripts; React skips an element it did not
 * render at the top of <body> when it hydrates, and root.tsx removes it on the next navigation.
 */
async function withOfflineNotice(saved) {
  const when = savedWhen(saved);
  const text = when
    ? `Offline: this page was saved at ${when}.`
    : "Offline: this page is the copy saved on this phone.";
  const notice = `<p data-saved-copy role="status" class="m-0 border-b border-warning-11 bg-warning-3 px-3 py-2 text-center text-sm font-semibold text-warning-11">${text}</p>`;
  const html = (await saved.text()).replace(/<body[^>]*>/, (body) => `${body}${notice}`);
  const headers = new Headers(saved.headers);
  // The body changed: its length and any encoding the network sent it with no longer apply.
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, { status: saved.status, statusText: saved.statusText, headers });
}

/** A page load: `path` is the address without a query, null with one (a Log visit page's, kept with its plan). */
async function page(event, path) {
  const { request, resultingClientId: clientId } = event;
  const since = pagesDropped;
  try {
    const response = await fetch(request);
    if (sessionEnded(response)) event.waitUntil(dropPages().catch(() => undefined));
    else if (keptPage(path)) {
      if (clientId) loadedPages.set(clientId, path);
      event.waitUntil(keepPage(path, response.clone(), since).catch(() => undefined));
    }
    return response;
  } catch {
    if (clientId) answeredOffline.add(clientId);
    const { pathname, search } = new URL(request.url);
    const key = keptPage(path) ? path : search === "" ? null : `${pathname}${search}`;
    const saved = key === null ? undefined : await caches.match(key, { cacheName: PAGE_CACHE });
    if (saved) return withOfflineNotice(saved);
    return (await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })) ?? Response.error();
  }
}

/** An /api read, straight to the network; a 401 means the session is gone, and so are the saved pages. */
async function api(request) {
  const response = await fetch(request);
  if (response.status === 401) await dropPages().catch(() => undefined);
  return response;
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.put(request, copy))
      .catch(() => undefined);
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out drops this phone's copies at once, before any page has said so.
  if (request.method === "POST" && url.pathname === "/logout") event.waitUntil(dropPages());
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Only the saved pages' own addresses are kept; "/?cursor=…" and the like go to the network.
    event.respondWith(page(event, url.search === "" ? url.pathname : null));
  } else if (
    url.pathname.startsWith("/assets/") ||
    url.pathname.startsWith("/messages/") ||
    STATIC_FILES.includes(url.pathname)
  ) {
    event.respondWith(asset(request));
  } else if (url.pathname.startsWith("/api/")) {
    event.respondWith(api(request));
  }
});
