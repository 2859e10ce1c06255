import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

// True once the page's first hydration has committed: the root layout sets it (markPageHydrated),
// and a root's effects run after its children's. The document says so too (`<html data-hydrated>`):
// the browser tests wait for it before they use the enhanced page, whose scripts start only after
// the first paint.
let pageHydrated = false;
const subscribe = () => () => {};

export function markPageHydrated(): void {
  pageHydrated = true;
  document.documentElement.dataset.hydrated = "";
}

/**
 * False during the server render and hydration, true once React runs in the browser. Components
 * hydrated with the page switch in a transition, so the feed's cards re-render their enhanced
 * controls in short slices, not in one long task that blocks the officer's first tap. Components
 * mounted later, or hydrated later (a lazy boundary), read true from the start.
 */
export function useHydrated(): boolean {
  const mountedLater = useSyncExternalStore(
    subscribe,
    () => pageHydrated,
    () => false,
  );
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    if (!mountedLater) startTransition(() => setSwitched(true));
  }, [mountedLater]);
  return mountedLater || switched;
}
