// What a browser without JavaScript shows of a server-rendered page, read from its HTML: the
// text, the accessible roles and names, what is visible at 360 px, and the data a form sends.
// Playwright's selectors are the model (https://playwright.dev/docs/locators), with the same
// matching rules, so one spec reads the same on both levels.
import { queryAllByLabelText, queryAllByRole, type ByRoleMatcher } from "@testing-library/dom";
import { Window } from "happy-dom";

export type Element = globalThis.Element;

/** Parses a page as a browser with JavaScript off: no scripts run, no stylesheet or image loads. */
export function parsePage(html: string, url: string): Document {
  const window = new Window({
    url,
    width: 360,
    height: 740,
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableComputedStyleRendering: true,
      handleDisabledFileLoadingAsSuccess: true,
      navigation: {
        disableMainFrameNavigation: true,
        disableChildFrameNavigation: true,
        disableChildPageNavigation: true,
      },
    },
  });
  window.document.write(html);
  const document = window.document as unknown as Document;
  settleFormState(document);
  return document;
}

/** A parsed page's controls as a browser starts them: from the `selected` and `checked` attributes. */
function settleFormState(document: Document): void {
  for (const select of document.querySelectorAll("select")) {
    const options = [...select.options];
    for (const option of options) option.selected = option.hasAttribute("selected");
    if (!select.multiple && !options.some((option) => option.selected)) {
      const first = options.find((option) => !option.disabled);
      if (first) first.selected = true;
    }
  }
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
    input.checked = input.hasAttribute("checked");
  }
}

/** Whitespace collapsed and trimmed, as Playwright compares text. */
export function normalize(text: string | null | undefined): string {
  return (text ?? "").replace(/[\s\u200b]+/g, " ").trim();
}

export type TextMatch = string | RegExp;

/** Playwright's rule: a string matches case-insensitively as a substring, or whole and case-sensitively when exact. */
export function textMatches(actual: string, expected: TextMatch, exact = false): boolean {
  const text = normalize(actual);
  if (expected instanceof RegExp) return expected.test(text);
  return exact ? text === normalize(expected) : text.toLowerCase().includes(normalize(expected).toLowerCase());
}

// Tailwind's classes that hide an element on a 360 px screen with JavaScript off
// (`noscript:` is app.css's variant for `@media (scripting: none)`); `sm:` and wider do not apply.
const HIDING_CLASSES = new Set(["hidden", "invisible", "noscript:hidden", "noscript:invisible"]);

function hiddenBySelf(element: Element): boolean {
  if (element.hasAttribute("hidden")) return true;
  const tag = element.tagName.toLowerCase();
  if (["head", "script", "style", "template", "title", "meta", "link"].includes(tag)) return true;
  if (tag === "input" && (element as HTMLInputElement).type === "hidden") return true;
  if (tag === "dialog" && !element.hasAttribute("open")) return true;
  const style = (element.getAttribute("style") ?? "").replace(/\s/g, "");
  if (/display:none|visibility:hidden/.test(style)) return true;
  for (const name of element.classList) if (HIDING_CLASSES.has(name)) return true;
  // What a closed <details> holds, except its summary.
  const parent = element.parentElement;
  if (parent?.tagName.toLowerCase() === "details" && !parent.hasAttribute("open") && tag !== "summary") return true;
  return false;
}

/** Visible as Playwright means it: rendered, not hidden by an attribute, a class or a closed <details>. */
export function isVisible(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (hiddenBySelf(node)) return false;
  }
  return true;
}

/** Out of the accessibility tree: hidden, or under aria-hidden. */
function isInaccessible(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.getAttribute("aria-hidden") === "true") return true;
  }
  return !isVisible(element);
}

export type RoleOptions = {
  name?: TextMatch;
  exact?: boolean;
  level?: number;
  checked?: boolean;
  pressed?: boolean;
  expanded?: boolean;
  selected?: boolean;
  disabled?: boolean;
  includeHidden?: boolean;
};

export function byRole(root: Element, role: string, options: RoleOptions = {}): Element[] {
  const { name, exact, includeHidden, disabled, ...states } = options;
  const found = queryAllByRole(root as HTMLElement, role as ByRoleMatcher, {
    hidden: true,
    ...(name === undefined ? {} : { name: (accessibleName: string) => textMatches(accessibleName, name, exact) }),
    ...states,
  });
  return found.filter(
    (element) =>
      (includeHidden || !isInaccessible(element)) && (disabled === undefined || isDisabled(element) === disabled),
  );
}

export function byLabel(root: Element, text: TextMatch, exact = false): Element[] {
  const labelled = queryAllByLabelText(root as HTMLElement, (content: string) => textMatches(content, text, exact), {
    selector: "*",
  });
  // Playwright's getByLabel also finds an element by its aria-label.
  const named = [...root.querySelectorAll("[aria-label]")].filter((element) =>
    textMatches(element.getAttribute("aria-label") ?? "", text, exact),
  );
  return unique([...labelled, ...named]);
}

/**
 * Playwright's getByText: the elements whose text matches while none of their child elements'
 * text matches alone; buttons made of inputs match by their value.
 */
export function byText(root: Element, text: TextMatch, exact = false): Element[] {
  const found: Element[] = [];
  for (const element of [root, ...root.querySelectorAll("*")]) {
    const tag = element.tagName.toLowerCase();
    if (["head", "script", "style", "template", "title"].includes(tag)) continue;
    if (tag === "input" && ["button", "submit", "reset"].includes((element as HTMLInputElement).type)) {
      if (textMatches((element as HTMLInputElement).value, text, exact)) found.push(element);
      continue;
    }
    if (!textMatches(element.textContent ?? "", text, exact)) continue;
    const childMatches = [...element.children].some((child) => textMatches(child.textContent ?? "", text, exact));
    if (!childMatches) found.push(element);
  }
  return found.filter((element) => !element.closest("head, script, style, template"));
}

export function unique(elements: Element[]): Element[] {
  const seen = new Set<Element>();
  const result: Element[] = [];
  for (const element of elements) {
    if (seen.has(element)) continue;
    seen.add(element);
    result.push(element);
  }
  // Document order, as a browser's query answers.
  return result.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & 4 ? -1 : 1));
}

export function isDisabled(element: Element): boolean {
  if (
    !["button", "input", "select", "textarea", "fieldset", "option", "optgroup"].includes(element.tagName.toLowerCase())
  ) {
    return element.getAttribute("aria-disabled") === "true";
  }
  if (element.hasAttribute("disabled")) return true;
  const fieldset = element.parentElement?.closest("fieldset[disabled]");
  if (fieldset) {
    const legend = fieldset.querySelector(":scope > legend");
    if (!legend?.contains(element)) return true;
  }
  return false;
}
