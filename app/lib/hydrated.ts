import { startTransition, useEffect, useState } from "react";

// Set once the page has hydrated: components mounted after that start enhanced.
let hydratedOnce = false;

/**
 * False during the server render and hydration, true once React runs in the browser. After
 * hydration the switch is a transition: every card of the feed re-renders its enhanced controls
 * in short slices, not in one long task that blocks the officer's first tap.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
