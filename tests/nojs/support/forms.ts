// What a browser sends when a form is submitted: the HTML standard's form data set
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set),
// its action, method and encoding, and the browser's own checks of `required` fields.
import { isDisabled, type Element } from "./dom";

/** Files chosen for a file input (a page without JavaScript cannot fill one otherwise). */
export const chosenFiles = new WeakMap<Element, File[]>();

export type Submission = {
  url: string;
  method: "GET" | "POST";
  multipart: boolean;
  entries: [string, string | File][];
};

/** The form an element belongs to: its `form` attribute's, or the one around it. */
export function formOf(element: Element): HTMLFormElement | null {
  const id = element.getAttribute("form");
  if (id) return element.ownerDocument.getElementById(id) as HTMLFormElement | null;
  return element.closest("form");
}

export function isSubmitButton(element: Element): boolean {
  const tag = element.tagName.toLowerCase();
  if (tag === "button") return (element.getAttribute("type") ?? "submit").toLowerCase() === "submit";
  return tag === "input" && ["submit", "image"].includes((element as HTMLInputElement).type);
}

function controlsOf(form: HTMLFormElement): Element[] {
  const document = form.ownerDocument;
  const all = [...document.querySelectorAll("input, select, textarea, button")];
  return all.filter((element) => formOf(element) === form);
}

function entriesOf(form: HTMLFormElement, submitter: Element | null): [string, string | File][] {
  const entries: [string, string | File][] = [];
  for (const control of controlsOf(form)) {
    const name = control.getAttribute("name");
    if (!name || isDisabled(control) || control.closest("datalist")) continue;
    const tag = control.tagName.toLowerCase();
    if (
      tag === "button" ||
      (tag === "input" && ["submit", "image", "button", "reset"].includes((control as HTMLInputElement).type))
    ) {
      if (control === submitter) entries.push([name, (control as HTMLButtonElement).value ?? ""]);
      continue;
    }
    if (tag === "select") {
      for (const option of (control as HTMLSelectElement).options) {
        if (option.selected && !option.disabled) entries.push([name, option.value]);
      }
      continue;
    }
    if (tag === "textarea") {
      entries.push([name, (control as HTMLTextAreaElement).value.replace(/\r?\n/g, "\r\n")]);
      continue;
    }
    const input = control as HTMLInputElement;
    if (input.type === "checkbox" || input.type === "radio") {
      if (input.checked) entries.push([name, input.getAttribute("value") ?? "on"]);
    } else if (input.type === "file") {
      const files = chosenFiles.get(input) ?? [];
      if (files.length === 0) entries.push([name, new File([], "", { type: "application/octet-stream" })]);
      for (const file of files) entries.push([name, file]);
    } else {
      entries.push([name, input.value]);
    }
  }
  return entries;
}

/**
 * The browser's own check before it sends a form (no `novalidate`): an empty `required` field
 * stops it. A test that relies on the server's answer instead sets `novalidate`, as in Chromium.
 */
function emptyRequiredField(form: HTMLFormElement, submitter: Element | null): string | null {
  if (form.hasAttribute("novalidate") || submitter?.hasAttribute("formnovalidate")) return null;
  for (const control of controlsOf(form)) {
    if (!control.hasAttribute("required") || isDisabled(control)) continue;
    const input = control as HTMLInputElement;
    const empty =
      input.type === "checkbox"
        ? !input.checked
        : input.type === "file"
          ? (chosenFiles.get(input) ?? []).length === 0
          : input.value === "";
    if (empty) return control.getAttribute("name") ?? control.id;
  }
  return null;
}

/** The request a click on `submitter` (or an implicit submission, with no submitter) makes. */
export function submissionOf(form: HTMLFormElement, submitter: Element | null, pageUrl: string): Submission {
  const blocked = emptyRequiredField(form, submitter);
  if (blocked !== null) {
    throw new Error(`The browser would not send this form: the required field "${blocked}" is empty.`);
  }
  const attribute = (name: string) => submitter?.getAttribute(`form${name}`) ?? form.getAttribute(name);
  const method = (attribute("method") ?? "get").toUpperCase() === "POST" ? "POST" : "GET";
  const action = attribute("action");
  const url = new URL(action === null || action === "" ? pageUrl : action, pageUrl);
  const multipart = method === "POST" && (attribute("enctype") ?? "").toLowerCase() === "multipart/form-data";
  const entries = entriesOf(form, submitter);
  if (method === "GET") {
    url.search = new URLSearchParams(
      entries.map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
    ).toString();
  }
  url.hash = "";
  return { url: url.toString(), method, multipart, entries };
}
