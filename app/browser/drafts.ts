// What an officer typed into a form they had to leave (the session expired, or New Post's "Add new
// dealer"): kept in this tab (sessionStorage) and put back into the same form on their return.
// Browser only. Passwords are never kept, and neither are hidden or file fields.

type Draft = { action: string; fields: Array<[string, string]> };

const PREFIX = "fieldline:draft:";

// By path alone: the page may come back with other parameters (New Post with the dealer just added).
const hereKey = () => `${PREFIX}${window.location.pathname}`;

function readDraft(): Draft | null {
  try {
    return JSON.parse(sessionStorage.getItem(hereKey()) ?? "null") as Draft | null;
  } catch {
    return null;
  }
}

/** Keeps a form's typed values for this page, as they were sent to `action` (a path). */
export function keepDraft(action: string, form: FormData): void {
  const fields = [...form].filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && !/password/i.test(entry[0]),
  );
  try {
    sessionStorage.setItem(hereKey(), JSON.stringify({ action, fields } satisfies Draft));
  } catch {
    // Storage full or refused (private mode): the officer types it again.
  }
}

/** Whether this page holds a draft for the form that posts to `action`, with `field` filled in. */
export function hasDraftFor(action: string, field: string): boolean {
  const draft = readDraft();
  return draft?.action === action && draft.fields.some(([name, value]) => name === field && value.trim() !== "");
}

/**
 * This page's draft for the form that posts to `action`, every field as sent (for a form whose
 * chosen values sit in hidden fields, such as a place picked on a map); then forgets the draft.
 */
export function takeDraft(action: string): Map<string, string> | null {
  const draft = readDraft();
  if (draft?.action !== action) return null;
  sessionStorage.removeItem(hereKey());
  return new Map(draft.fields);
}

/** Sets a field's value the way typing does, so React's state follows. */
function typeInto(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
    if (element.checked === (element.value === value)) return;
    element.click();
    return;
  }
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

const SKIPPED_TYPES = new Set(["hidden", "file", "password", "submit", "button"]);

/**
 * Puts this page's draft back into `form` when it posts where the draft was sent and has its
 * fields (the feed's like and comment forms post to the same place); then forgets the draft.
 */
export function restoreDraft(form: HTMLFormElement): void {
  const draft = readDraft();
  if (!draft || new URL(form.action, window.location.href).pathname !== draft.action) return;
  const targets = draft.fields.flatMap(([name, value]) => {
    const named = form.elements.namedItem(name);
    const elements = named instanceof RadioNodeList ? [...named] : named ? [named] : [];
    return elements
      .filter(
        (element) =>
          element instanceof HTMLInputElement ||
          element instanceof HTMLTextAreaElement ||
          element instanceof HTMLSelectElement,
      )
      .filter((element) => !SKIPPED_TYPES.has(element.type))
      .map((element) => [element, value] as const);
  });
  if (targets.length === 0) return;
  sessionStorage.removeItem(hereKey());
  for (const [element, value] of targets) typeInto(element, value);
}
