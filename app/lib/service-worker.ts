import { useEffect } from "react";

/**
 * Registers the service worker (production builds only) once the page has loaded, so it never
 * competes with the first load, and tells it whether someone is signed in: it then saves the
 * pages that open offline, or forgets them.
 */
export function useServiceWorker(signedIn: boolean): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(signedIn ? "signed-in" : "signed-out"));
  }, [signedIn]);
}
