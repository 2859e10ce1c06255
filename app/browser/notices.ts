import { useEffect, useSyncExternalStore } from "react";
import type { Toast } from "~/lib/toast";

// The notice on screen: one at a time. The server's comes with a page (from its cookie); the
// browser raises its own since (a request that failed on the way, an upload, a copied link).
// The newest replaces the one before.

type Shown = { toast: Toast; id: number };

/** undefined until the first notice of this page's life; null once closed. */
let current: Shown | null | undefined;
let shownCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a notice in place of the one on screen (browser only). */
export function showNotice(toast: Toast): void {
  shownCount += 1;
  current = { toast, id: shownCount };
  for (const listener of listeners) listener();
}

/** Takes a notice off the screen, unless another has replaced it since. */
export function closeNotice(id: number): void {
  if (current?.id !== id) return;
  current = null;
  for (const listener of listeners) listener();
}

/**
 * The notice to show: during the server render and hydration, the page's own; after, the newest
 * of the page's and the browser's (a page's notice arrives again with each revalidation), and
 * none once it was closed.
 */
export function useNotice(pageToast: Toast | null): Shown | null {
  const shown = useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
  useEffect(() => {
    if (pageToast) showNotice(pageToast);
  }, [pageToast]);
  if (shown !== undefined) return shown;
  return pageToast ? { toast: pageToast, id: 0 } : null;
}
