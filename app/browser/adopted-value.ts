import { useLayoutEffect, useState } from "react";

// A page's HTML arrives seconds before its scripts on a slow connection, and an officer types at
// once. Hydration keeps what the fields hold, but a field whose value React keeps in state (a
// controlled input, a counter, a section shown by the chosen type) starts from the server's value:
// the next render writes that value back over what was typed. So each such field adopts, when
// React takes the page over, what its element holds.

type ValueElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function valueElement(id: string): ValueElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
    ? element
    : null;
}

/** What the element `id` holds now, or `fallback` where there is no such element. */
export function currentValue(id: string, fallback: string): string {
  return valueElement(id)?.value ?? fallback;
}

/**
 * A field's value in state: `initial` (the server's) at first, then what the element `id` holds
 * once React runs, if the officer changed it before. Adopted in a layout effect, before the page
 * paints again and before any other render can write `initial` back into the field; it renders
 * again only when something was typed or chosen early.
 */
export function useAdoptedValue(id: string, initial: string): [string, (value: string) => void] {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const typed = currentValue(id, initial);
    if (typed !== initial) setValue(typed);
    // Once, when the field first mounts (hydrates): later the field's own events keep the state.
  }, []);
  return [value, setValue];
}
