// A browser with JavaScript off, without Chromium: it asks the real server for pages with
// Playwright's HTTP client (cookies, redirects), reads them with a DOM, follows links and posts
// forms as a browser does. Its Page and Locator answer the part of Playwright's API that the
// specs use (tests/e2e), so a spec's JavaScript-off run needs no browser (docs/testing.md).
// What only a real browser knows (layout, focus, scripts, the network's faults) throws, so a
// spec that needs it says so with the @browser tag and keeps running in Chromium.
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import {
  byLabel,
  byRole,
  byText,
  isVisible,
  parsePage,
  textMatches,
  unique,
  type Element,
  type RoleOptions,
  type TextMatch,
} from "./dom";
import { chosenFiles, formOf, isSubmitButton, submissionOf, type Submission } from "./forms";

const NAVIGATION_HEADERS = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Language": "en-US",
  "Sec-Fetch-Dest": "document",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Site": "same-origin",
};

class NeedsABrowser extends Error {
  constructor(what: string) {
    super(`${what} needs a real browser: tag the test @browser so it runs in Chromium with JavaScript off.`);
  }
}

export type ContextOptions = { baseURL: string; extraHTTPHeaders?: Record<string, string> };

type Cookie = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"][number];

/** One browser profile: a cookie jar shared by its pages and its `request`. */
export class NoJsContext {
  #api: APIRequestContext | undefined;
  readonly pages: NoJsPage[] = [];

  constructor(readonly options: ContextOptions) {}

  async api(cookies: Cookie[] = []): Promise<APIRequestContext> {
    this.#api ??= await playwrightRequest.newContext({
      baseURL: this.options.baseURL,
      extraHTTPHeaders: this.options.extraHTTPHeaders,
      storageState: { cookies, origins: [] },
    });
    return this.#api;
  }

  /** Playwright's `context.request`: calls that share the pages' cookies. */
  get request(): APIRequestContext {
    return new Proxy({} as APIRequestContext, {
      get: (_target, property) => {
        return async (...args: unknown[]) => {
          const api = await this.api();
          return (api[property as keyof APIRequestContext] as (...a: unknown[]) => unknown)(...args);
        };
      },
    });
  }

  async newPage(): Promise<NoJsPage> {
    const page = new NoJsPage(this);
    this.pages.push(page);
    return page;
  }

  async cookies(): Promise<Cookie[]> {
    return (await (await this.api()).storageState()).cookies;
  }

  async addCookies(cookies: Cookie[]): Promise<void> {
    await this.#replaceJar([...(await this.cookies()), ...cookies]);
  }

  async clearCookies(): Promise<void> {
    await this.#replaceJar([]);
  }

  async #replaceJar(cookies: Cookie[]): Promise<void> {
    const old = this.#api;
    this.#api = undefined;
    await this.api(cookies);
    await old?.dispose();
  }

  route(): never {
    throw new NeedsABrowser("Routing the network");
  }

  async close(): Promise<void> {
    await this.#api?.dispose();
    this.#api = undefined;
  }
}

/** A browser with JavaScript off, made by the `browser` fixture. */
export class NoJsBrowser {
  readonly contexts: NoJsContext[] = [];
  constructor(private readonly defaults: ContextOptions) {}

  async newContext(options: Partial<ContextOptions> = {}): Promise<NoJsContext> {
    const context = new NoJsContext({ ...this.defaults, ...options });
    this.contexts.push(context);
    return context;
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close();
  }
}

/** What page.goto and a click on a link or a button answer: the last response of the navigation. */
type Navigation = APIResponse | null;

export class NoJsPage {
  #document: Document | undefined;
  #url = "about:blank";
  #response: APIResponse | null = null;
  readonly #downloads: Download[] = [];

  constructor(private readonly owner: NoJsContext) {}

  context(): NoJsContext {
    return this.owner;
  }

  get request(): APIRequestContext {
    return this.owner.request;
  }

  url(): string {
    return this.#url;
  }

  document(): Document {
    if (!this.#document) throw new Error("No page is open yet: call page.goto first.");
    return this.#document;
  }

  /** The status of the page shown now. */
  status(): number | undefined {
    return this.#response?.status();
  }

  async goto(url: string): Promise<Navigation> {
    return this.#navigate({ url, method: "GET", multipart: false, entries: [] });
  }

  async reload(): Promise<Navigation> {
    return this.#navigate({ url: this.#url, method: "GET", multipart: false, entries: [] });
  }

  async #navigate(submission: Submission): Promise<Navigation> {
    const api = await this.owner.api();
    const url = new URL(
      submission.url,
      this.#url === "about:blank" ? this.owner.options.baseURL : this.#url,
    ).toString();
    const headers: Record<string, string> = { ...NAVIGATION_HEADERS, ...this.owner.options.extraHTTPHeaders };
    let response: APIResponse;
    if (submission.method === "GET") {
      response = await api.get(url, { headers });
    } else {
      headers.Origin = new URL(this.owner.options.baseURL).origin;
      if (this.#url !== "about:blank") headers.Referer = this.#url;
      const body = new FormData();
      for (const [name, value] of submission.entries) body.append(name, value);
      response = submission.multipart
        ? await api.post(url, { headers, multipart: body })
        : await api.post(url, {
            headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
            data: new URLSearchParams(
              submission.entries.map(([n, v]) => [n, typeof v === "string" ? v : v.name]),
            ).toString(),
          });
    }
    if (/^attachment/i.test(response.headers()["content-disposition"] ?? "")) {
      // A file to save: the page stays where it is, as a browser's does.
      this.#downloads.push(await Download.of(response));
      return response;
    }
    this.#response = response;
    this.#url = response.url();
    const type = response.headers()["content-type"] ?? "";
    const text = type.includes("html")
      ? await response.text()
      : `<html><body><pre>${escapeHtml(await response.text())}</pre></body></html>`;
    this.#document = parsePage(text, this.#url);
    return response;
  }

  /** Submits the form `submitter` belongs to, as a click on it (or Enter in a field) does. */
  async submit(form: HTMLFormElement, submitter: Element | null): Promise<Navigation> {
    return this.#navigate(submissionOf(form, submitter, this.#url));
  }

  async waitForURL(expected: string | RegExp | ((url: URL) => boolean)): Promise<void> {
    // Without scripts a page never moves by itself: the URL is there once the navigation returned.
    if (!urlMatches(this.#url, expected, this.owner.options.baseURL)) {
      throw new Error(`Expected the page to be at ${String(expected)}, but it is at ${this.#url}`);
    }
  }

  /** Only "download": the file the next tap saves (Promise.all with the tap, as in Playwright). */
  async waitForEvent(event: "download"): Promise<Download> {
    if (event !== "download") throw new NeedsABrowser(`Waiting for the page's "${event}" event`);
    const before = this.#downloads.length;
    // The tap it waits for runs in the same Promise.all: let it start, then wait for its answer.
    for (let turn = 0; this.#downloads.length === before; turn++) {
      if (turn > 600) throw new Error("No download started");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.#downloads[before] as Download;
  }

  evaluate(): never {
    throw new NeedsABrowser("page.evaluate");
  }
  route(): never {
    throw new NeedsABrowser("Routing the network");
  }
  waitForResponse(): never {
    throw new NeedsABrowser("Watching the page's requests");
  }
  get clock(): never {
    throw new NeedsABrowser("The page's clock");
  }
  get keyboard(): never {
    throw new NeedsABrowser("The keyboard");
  }

  locator(selector: string, options?: FilterOptions): Locator {
    return new Locator(this, [{ kind: "css", selector }]).filterBy(options);
  }
  getByRole(role: string, options?: RoleOptions): Locator {
    return new Locator(this, [{ kind: "role", role, options }]);
  }
  getByLabel(text: TextMatch, options?: { exact?: boolean }): Locator {
    return new Locator(this, [{ kind: "label", text, exact: options?.exact }]);
  }
  getByText(text: TextMatch, options?: { exact?: boolean }): Locator {
    return new Locator(this, [{ kind: "text", text, exact: options?.exact }]);
  }
  getByTestId(id: string): Locator {
    return new Locator(this, [{ kind: "css", selector: `[data-testid="${id}"]` }]);
  }
}

/** Playwright's Download, as far as the specs use it: the file's name and a path to read it from. */
class Download {
  private constructor(
    private readonly filename: string,
    private readonly file: string,
  ) {}

  static async of(response: APIResponse): Promise<Download> {
    const disposition = response.headers()["content-disposition"] ?? "";
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "download";
    const fs = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldline-download-"));
    const file = path.join(dir, filename);
    await fs.writeFile(file, await response.body());
    return new Download(filename, file);
  }

  suggestedFilename(): string {
    return this.filename;
  }

  async path(): Promise<string> {
    return this.file;
  }
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export function urlMatches(
  actual: string,
  expected: string | RegExp | ((url: URL) => boolean),
  baseURL: string,
): boolean {
  if (typeof expected === "function") return expected(new URL(actual));
  if (expected instanceof RegExp) return expected.test(actual);
  if (expected.includes("*")) return globToRegExp(expected).test(actual);
  return actual === new URL(expected, baseURL).toString();
}

/** Playwright's URL glob: `**` any characters, `*` any but "/". */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`);
}

type FilterOptions = {
  hasText?: TextMatch;
  hasNotText?: TextMatch;
  has?: Locator;
  hasNot?: Locator;
  visible?: boolean;
};

type Step =
  | { kind: "css"; selector: string }
  | { kind: "role"; role: string; options?: RoleOptions }
  | { kind: "label"; text: TextMatch; exact?: boolean }
  | { kind: "text"; text: TextMatch; exact?: boolean }
  | { kind: "filter"; options: FilterOptions }
  | { kind: "nth"; index: number };

function applyStep(roots: Element[], step: Step): Element[] {
  switch (step.kind) {
    case "nth": {
      const element = step.index < 0 ? roots.at(step.index) : roots[step.index];
      return element ? [element] : [];
    }
    case "filter":
      return roots.filter((element) => passesFilter(element, step.options));
    default:
      return unique(roots.flatMap((root) => query(root, step)));
  }
}

function query(root: Element, step: Exclude<Step, { kind: "nth" } | { kind: "filter" }>): Element[] {
  switch (step.kind) {
    case "css": {
      // happy-dom's :checked knows checkboxes, not the options a select has chosen.
      if (!step.selector.endsWith(":checked")) {
        // As Playwright's page.locator("html") does, the document's own element is found too.
        const documentItself = root === root.ownerDocument.documentElement && root.matches(step.selector);
        return [...(documentItself ? [root] : []), ...root.querySelectorAll(step.selector)];
      }
      const candidates = [...root.querySelectorAll(step.selector.slice(0, -":checked".length) || "*")];
      return candidates.filter(
        (element) => (element as HTMLOptionElement).selected === true || (element as HTMLInputElement).checked === true,
      );
    }
    case "role":
      return byRole(root, step.role, step.options);
    case "label":
      return byLabel(root, step.text, step.exact);
    case "text":
      return byText(root, step.text, step.exact);
  }
}

function passesFilter(element: Element, options: FilterOptions): boolean {
  if (options.hasText !== undefined && !textMatches(element.textContent ?? "", options.hasText)) return false;
  if (options.hasNotText !== undefined && textMatches(element.textContent ?? "", options.hasNotText)) return false;
  if (options.has && options.has.resolveFrom([element]).length === 0) return false;
  if (options.hasNot && options.hasNot.resolveFrom([element]).length > 0) return false;
  if (options.visible !== undefined && isVisible(element) !== options.visible) return false;
  return true;
}

export class Locator {
  constructor(
    readonly page: NoJsPage,
    private readonly steps: Step[],
  ) {}

  #with(step: Step): Locator {
    return new Locator(this.page, [...this.steps, step]);
  }

  /** The elements this locator finds under `roots` (the page's document by default). */
  resolveFrom(roots?: Element[]): Element[] {
    let elements = roots ?? [this.page.document().documentElement];
    for (const step of this.steps) elements = applyStep(elements, step);
    return elements;
  }

  toString(): string {
    const describe = (_key: string, value: unknown) =>
      value instanceof Locator ? value.toString() : value instanceof RegExp ? String(value) : value;
    return `locator(${JSON.stringify(this.steps, describe)})`;
  }

  /** The one element of a strict locator, as Playwright's actions and assertions demand. */
  element(): Element {
    const elements = this.resolveFrom();
    if (elements.length === 0) throw new Error(`${this} finds no element`);
    if (elements.length > 1) throw new Error(`strict mode violation: ${this} finds ${elements.length} elements`);
    return elements[0] as Element;
  }

  filterBy(options?: FilterOptions): Locator {
    return options ? this.#with({ kind: "filter", options }) : this;
  }

  locator(selector: string, options?: FilterOptions): Locator {
    return this.#with({ kind: "css", selector }).filterBy(options);
  }
  getByRole(role: string, options?: RoleOptions): Locator {
    return this.#with({ kind: "role", role, options });
  }
  getByLabel(text: TextMatch, options?: { exact?: boolean }): Locator {
    return this.#with({ kind: "label", text, exact: options?.exact });
  }
  getByText(text: TextMatch, options?: { exact?: boolean }): Locator {
    return this.#with({ kind: "text", text, exact: options?.exact });
  }
  getByTestId(id: string): Locator {
    return this.#with({ kind: "css", selector: `[data-testid="${id}"]` });
  }
  filter(options: FilterOptions): Locator {
    return this.filterBy(options);
  }
  first(): Locator {
    return this.#with({ kind: "nth", index: 0 });
  }
  last(): Locator {
    return this.#with({ kind: "nth", index: -1 });
  }
  nth(index: number): Locator {
    return this.#with({ kind: "nth", index });
  }

  async count(): Promise<number> {
    return this.resolveFrom().length;
  }
  async textContent(): Promise<string | null> {
    return this.element().textContent;
  }
  async allTextContents(): Promise<string[]> {
    return this.resolveFrom().map((element) => element.textContent ?? "");
  }
  async getAttribute(name: string): Promise<string | null> {
    return this.element().getAttribute(name);
  }
  async inputValue(): Promise<string> {
    return (this.element() as HTMLInputElement).value;
  }
  async evaluate<R, A>(fn: (element: never, arg: A) => R, arg?: A): Promise<R> {
    return fn(this.element() as never, arg as A);
  }
  async evaluateAll<R, A>(fn: (elements: never[], arg: A) => R, arg?: A): Promise<R> {
    return fn(this.resolveFrom() as never[], arg as A);
  }
  boundingBox(): never {
    throw new NeedsABrowser("An element's box");
  }

  async fill(value: string): Promise<void> {
    const element = this.element() as HTMLInputElement;
    const tag = element.tagName.toLowerCase();
    if (!(
      tag === "textarea" ||
      (tag === "input" && !["checkbox", "radio", "file", "submit", "button", "hidden"].includes(element.type))
    )) {
      throw new Error(`${this} is a ${tag}, which cannot be filled`);
    }
    if (element.hasAttribute("readonly") || element.disabled) throw new Error(`${this} is not editable`);
    element.value = value;
  }

  async selectOption(
    values: string | { label?: string; value?: string } | Array<string | { label?: string; value?: string }>,
  ): Promise<string[]> {
    const select = this.element() as HTMLSelectElement;
    const wanted = Array.isArray(values) ? values : [values];
    const chosen: string[] = [];
    for (const option of select.options) {
      const picked = wanted.some((want) =>
        typeof want === "string"
          ? option.value === want || normalizeLabel(option) === want
          : (want.value === undefined || option.value === want.value) &&
            (want.label === undefined || normalizeLabel(option) === want.label),
      );
      option.selected = picked;
      if (picked) chosen.push(option.value);
    }
    if (chosen.length === 0) throw new Error(`${this} has no option ${JSON.stringify(values)}`);
    return chosen;
  }

  async setChecked(checked: boolean): Promise<void> {
    const input = this.element() as HTMLInputElement;
    if (input.type !== "checkbox" && input.type !== "radio")
      throw new Error(`${this} is not a checkbox or a radio button`);
    input.checked = checked;
  }
  async check(): Promise<void> {
    await this.setChecked(true);
  }
  async uncheck(): Promise<void> {
    await this.setChecked(false);
  }

  async setInputFiles(files: string | FilePayload | Array<string | FilePayload>): Promise<void> {
    const input = this.element();
    if (input.tagName.toLowerCase() !== "input" || (input as HTMLInputElement).type !== "file")
      throw new Error(`${this} is not a file input`);
    const list = Array.isArray(files) ? files : [files];
    const chosen: File[] = [];
    for (const file of list) {
      if (typeof file === "string") {
        const { readFile } = await import("node:fs/promises");
        const path = await import("node:path");
        chosen.push(new File([await readFile(file)], path.basename(file)));
      } else {
        chosen.push(new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
      }
    }
    chosenFiles.set(input, chosen);
  }

  async press(key: string): Promise<void> {
    if (key !== "Enter") throw new NeedsABrowser(`Pressing ${key}`);
    const element = this.element();
    const form = formOf(element);
    if (!form) throw new Error(`${this} is in no form: Enter submits nothing`);
    // Implicit submission: the form's first submit button is the submitter.
    const submitter =
      [...form.ownerDocument.querySelectorAll("button, input")].find(
        (candidate) => formOf(candidate) === form && isSubmitButton(candidate),
      ) ?? null;
    await this.page.submit(form, submitter);
  }

  async click(): Promise<void> {
    const element = this.element();
    if (!isVisible(element)) throw new Error(`${this} is not visible: a user cannot tap it`);
    const control = element.closest("a[href], button, input, summary, label");
    if (!control) throw new NeedsABrowser(`A tap on ${this} (no link, button or form control)`);
    const tag = control.tagName.toLowerCase();
    if (tag === "a") {
      await this.page.goto((control as HTMLAnchorElement).getAttribute("href") ?? "");
      return;
    }
    if (tag === "summary") {
      const details = control.parentElement;
      if (details?.tagName.toLowerCase() === "details") details.toggleAttribute("open");
      return;
    }
    if (tag === "label") {
      const target = (control as HTMLLabelElement).control;
      if (target) await clickControl(this, target);
      return;
    }
    await clickControl(this, control);
  }

  /** Leaving a field runs no script without JavaScript: nothing happens. */
  async blur(): Promise<void> {}
}

async function clickControl(locator: Locator, control: Element): Promise<void> {
  if ((control as HTMLButtonElement).disabled) throw new Error(`${locator} is disabled`);
  const input = control as HTMLInputElement;
  if (control.tagName.toLowerCase() === "input" && (input.type === "checkbox" || input.type === "radio")) {
    input.checked = input.type === "radio" ? true : !input.checked;
    return;
  }
  if (isSubmitButton(control)) {
    const form = formOf(control);
    if (!form) throw new Error(`${locator} submits no form`);
    await locator.page.submit(form, control);
    return;
  }
  throw new NeedsABrowser(`A tap on ${locator} (a button that does nothing without JavaScript)`);
}

function normalizeLabel(option: HTMLOptionElement): string {
  return (option.getAttribute("label") ?? option.textContent ?? "").replace(/\s+/g, " ").trim();
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };
