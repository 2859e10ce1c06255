import { useCallback, useState } from "react";

/**
 * A part of a page whose code comes with the tap that opens it (a dialog, a panel), not with the
 * page. `open(page, then)` loads it and then calls `then`; where that request is dropped (a flaky
 * line), the tap opens `page` instead, the page that shows the same without JavaScript. React.lazy
 * would have left the whole page to its error view.
 *
 * `code` is what `load` resolved (null until it has), `loading` whether a tap waits for it.
 * `load` must keep its identity (a function of the module).
 */
export function useCodeOnTap<T>(load: () => Promise<T>) {
  const [code, setCode] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const open = useCallback(
    (page: string, then: () => void) => {
      setLoading(true);
      load().then(
        (loaded) => {
          // A function form: the code is often a component, which useState would call.
          setCode(() => loaded);
          setLoading(false);
          then();
        },
        () => window.location.assign(page),
      );
    },
    [load],
  );
  return { code, loading, open };
}
