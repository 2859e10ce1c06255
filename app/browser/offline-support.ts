import { connectionFailed, seemsOnline } from "~/browser/connection";

// The browser side of offline support, loaded after the page (root.tsx imports it lazily) so
// it never weighs on the first load.

let started = false;

/**
 * Once per page load: registers the service worker (production builds only) after the page has
 * loaded, so it never competes with the first load, and makes links load whole pages while
 * offline. Every call tells the worker whether someone is signed in: it then saves the pages
 * that open offline, or forgets them.
 */
export function startOfflineSupport(signedIn: boolean): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  if (!started) {
    started = true;
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    document.addEventListener("click", loadWholePageWhileOffline, { capture: true });
    askHowThisPageWasAnswered();
  }
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(signedIn ? "signed-in" : "signed-out"),
  );
}

/** Asks the worker whether this page came from the phone's saved copy (the network had failed). */
function askHowThisPageWasAnswered(): void {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "answered-offline") connectionFailed();
  });
  worker.postMessage("how-was-i-answered?");
}

/**
 * Offline, with the service worker in charge, a tapped link loads the whole page: the worker
 * answers with the copy saved on this phone or the offline page. (A client-side navigation
 * would need page data from the server, and only fail.)
 */
function loadWholePageWhileOffline(event: MouseEvent): void {
  if (seemsOnline() || !navigator.serviceWorker?.controller) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin
  )
    return;
  event.preventDefault();
  window.location.assign(link.href);
}

/** Tells the worker which page is open: a client-side navigation is no page load it sees, and it keeps copies of some pages. */
export function pageOpened(path: string): void {
  navigator.serviceWorker?.controller?.postMessage({ opened: path });
}
