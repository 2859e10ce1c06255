import { useEffect, useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser has a connection; true during the server render and hydration. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Offline, with the service worker in charge, a tapped link loads the whole page: the worker
 * answers with the copy saved on this phone or the offline page. (A client-side navigation
 * would need page data from the server, and only fail.)
 */
export function useWholePageLinksWhileOffline(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (navigator.onLine || !navigator.serviceWorker?.controller) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      event.preventDefault();
      window.location.assign(link.href);
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);
}
