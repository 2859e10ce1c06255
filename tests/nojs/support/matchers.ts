// Playwright's web-first assertions for the JavaScript-off browser (./browser.ts). Without scripts
// a page does not change after it arrived, so each is checked once: nothing waits.
import { expect } from "vitest";
import { isDisabled, isVisible, normalize, type TextMatch } from "./dom";
import { Locator, NoJsPage, urlMatches } from "./browser";

type Result = { pass: boolean; message: () => string };

function result(pass: boolean, what: string, actual: unknown, isNot: boolean): Result {
  return { pass, message: () => `expected ${what}${isNot ? " not" : ""} to hold; it found ${JSON.stringify(actual)}` };
}

function asLocator(received: unknown): Locator {
  if (!(received instanceof Locator)) throw new Error("This assertion takes a locator");
  return received;
}

function expectedText(element: Element, expected: TextMatch, contains: boolean): boolean {
  const text = normalize(element.textContent);
  if (expected instanceof RegExp) return expected.test(text);
  return contains ? text.includes(normalize(expected)) : text === normalize(expected);
}

function texts(
  locator: Locator,
  expected: TextMatch | TextMatch[],
  contains: boolean,
  isNot: boolean,
  what: string,
): Result {
  if (Array.isArray(expected)) {
    const elements = locator.resolveFrom();
    const pass =
      elements.length === expected.length &&
      elements.every((element, index) => expectedText(element, expected[index] as TextMatch, contains));
    return result(
      pass,
      `${locator} ${what} ${JSON.stringify(expected.map(String))}`,
      elements.map((element) => normalize(element.textContent)),
      isNot,
    );
  }
  const element = locator.element();
  return result(
    expectedText(element, expected, contains),
    `${locator} ${what} ${String(expected)}`,
    normalize(element.textContent),
    isNot,
  );
}

expect.extend({
  toBeVisible(received: unknown) {
    const locator = asLocator(received);
    const elements = locator.resolveFrom();
    if (elements.length > 1) throw new Error(`strict mode violation: ${locator} finds ${elements.length} elements`);
    return result(
      elements.length === 1 && isVisible(elements[0] as Element),
      `${locator} to be visible`,
      elements.length,
      this.isNot,
    );
  },
  toBeHidden(received: unknown) {
    const locator = asLocator(received);
    const elements = locator.resolveFrom();
    if (elements.length > 1) throw new Error(`strict mode violation: ${locator} finds ${elements.length} elements`);
    return result(
      elements.length === 0 || !isVisible(elements[0] as Element),
      `${locator} to be hidden`,
      elements.length,
      this.isNot,
    );
  },
  toHaveCount(received: unknown, count: number) {
    const locator = asLocator(received);
    const found = locator.resolveFrom().length;
    return result(found === count, `${locator} to have ${count} elements`, found, this.isNot);
  },
  toHaveText(received: unknown, expected: TextMatch | TextMatch[]) {
    return texts(asLocator(received), expected, false, this.isNot, "to have text");
  },
  toContainText(received: unknown, expected: TextMatch | TextMatch[]) {
    return texts(asLocator(received), expected, true, this.isNot, "to contain text");
  },
  toHaveValue(received: unknown, expected: TextMatch) {
    const locator = asLocator(received);
    const value = (locator.element() as HTMLInputElement).value;
    const pass = expected instanceof RegExp ? expected.test(value) : value === expected;
    return result(pass, `${locator} to have value ${String(expected)}`, value, this.isNot);
  },
  toHaveAttribute(received: unknown, name: string, expected?: TextMatch) {
    const locator = asLocator(received);
    const value = locator.element().getAttribute(name);
    const pass =
      expected === undefined
        ? value !== null
        : value !== null && (expected instanceof RegExp ? expected.test(value) : value === expected);
    return result(pass, `${locator} to have attribute ${name}=${String(expected)}`, value, this.isNot);
  },
  toBeChecked(received: unknown, options?: { checked?: boolean }) {
    const locator = asLocator(received);
    const checked = (locator.element() as HTMLInputElement).checked;
    return result(checked === (options?.checked ?? true), `${locator} to be checked`, checked, this.isNot);
  },
  toBeDisabled(received: unknown) {
    const locator = asLocator(received);
    return result(isDisabled(locator.element()), `${locator} to be disabled`, "enabled", this.isNot);
  },
  toBeEnabled(received: unknown) {
    const locator = asLocator(received);
    return result(!isDisabled(locator.element()), `${locator} to be enabled`, "disabled", this.isNot);
  },
  toHaveURL(received: unknown, expected: string | RegExp | ((url: URL) => boolean)) {
    if (!(received instanceof NoJsPage)) throw new Error("toHaveURL takes a page");
    const url = received.url();
    return result(
      urlMatches(url, expected, received.context().options.baseURL),
      `the page's URL to match ${String(expected)}`,
      url,
      this.isNot,
    );
  },
  async toPass(received: unknown, options?: { timeout?: number }) {
    if (typeof received !== "function") throw new Error("toPass takes a function");
    // The function may act (tap, reload) until what it checks holds, as Playwright retries it.
    const deadline = Date.now() + (options?.timeout ?? 5_000);
    let last: unknown;
    for (;;) {
      try {
        await received();
        return result(true, "the function to pass", "", this.isNot);
      } catch (error) {
        last = error;
      }
      if (Date.now() >= deadline) return result(false, "the function to pass", String(last), this.isNot);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },
  toBeInViewport() {
    throw new Error("toBeInViewport needs a real browser: tag the test @browser.");
  },
  toBeFocused() {
    throw new Error("toBeFocused needs a real browser: tag the test @browser.");
  },
});

declare module "vitest" {
  // Vitest 5: the first parameter is what a matcher returns (a promise for async ones); merging
  // needs Vitest's own parameters, names included.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> {
    toBeVisible(): R;
    toBeHidden(): R;
    toHaveCount(count: number): R;
    toHaveText(expected: TextMatch | TextMatch[]): R;
    toContainText(expected: TextMatch | TextMatch[]): R;
    toHaveValue(expected: TextMatch): R;
    toHaveAttribute(name: string, expected?: TextMatch): R;
    toBeChecked(options?: { checked?: boolean }): R;
    toBeDisabled(): R;
    toBeEnabled(): R;
    toHaveURL(expected: string | RegExp | ((url: URL) => boolean)): R;
    toPass(options?: { timeout?: number }): R;
  }
}
