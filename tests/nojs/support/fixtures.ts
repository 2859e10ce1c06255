// The request-handler level's stand-in for tests/e2e/support/fixtures.ts (vitest.nojs.config.ts
// points the specs' import of it here): the same exports, with a JavaScript-off browser made of
// HTTP requests and a DOM (./browser.ts) instead of Chromium. A spec's JavaScript-off run needs
// nothing else; a test that needs Chromium carries the @browser tag and is not run here.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test as vitestTest } from "vitest";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import "./matchers";
import { NoJsBrowser, type NoJsPage, type NoJsContext } from "./browser";

export { expect };
export { countRows, e2eDatabasePath, readOutbox, waitingAccount } from "../../support/e2e-database";
export { readInUrdu } from "../../support/urdu";

process.env.FIELDLINE_E2E_DIR = inject("fieldlineE2eDir");
const baseURL = inject("fieldlineE2eUrl");
const workerIndex = Number(process.env.VITEST_POOL_ID ?? 1) - 1;

/**
 * This worker's block of client addresses and names: the workers are separate processes, so a
 * counter alone would repeat another's. The first free block is claimed by making its directory,
 * which only one process can do.
 */
function claimBlock(): number {
  const claims = path.join(inject("fieldlineE2eDir"), "claims");
  fs.mkdirSync(claims, { recursive: true });
  for (let block = 0; ; block++) {
    try {
      fs.mkdirSync(path.join(claims, String(block)));
      return block;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

const block = claimBlock();
let addressCounter = 0;

/** A client address unique to this test (the server counts rate limits per X-Forwarded-For); see tests/e2e/support/fixtures.ts. */
export function uniqueClientAddress(): string {
  // The request handler's tests take the upper /16 of 198.18.0.0/15; the browser's, the lower.
  const n = block * 4000 + (addressCounter++ % 4000);
  return `198.19.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

/** Nothing to wait for: a page without JavaScript is done when it arrived. */
export async function untilHydrated(): Promise<void> {}

/** Signs in through the /login form and checks the browser has left /login. */
export async function signIn(page: NoJsPage, username: string, password = "fieldline"): Promise<void> {
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

let nameCounter = 0;

/** A name no other test uses in this run; see tests/e2e/support/fixtures.ts. */
export function uniqueName(prefix: string): string {
  const run = Date.now().toString(36).slice(-6);
  return `${prefix}-${run}-n${block}-${++nameCounter}`;
}

/** No scripts run, so nothing is logged: the list stays empty. */
export function collectConsoleErrors(): string[] {
  return [];
}

type Fixtures = {
  page: NoJsPage;
  context: NoJsContext;
  browser: NoJsBrowser;
  request: APIRequestContext;
  playwright: { request: typeof playwrightRequest };
  baseURL: string;
  javaScriptEnabled: false;
  viewport: { width: number; height: number };
  extraHTTPHeaders: Record<string, string>;
  clientAddress: string;
};

type TestInfo = {
  title: string;
  workerIndex: number;
  project: { name: string; use: { javaScriptEnabled: false; baseURL: string } };
};
type Body = (fixtures: Fixtures, testInfo: TestInfo) => Promise<void> | void;
type Details = { tag?: string | string[] };
type Running = { fixtures: Fixtures; info: TestInfo; close: () => Promise<void> };

let current: Running | undefined;

function running(): Running {
  if (!current) throw new Error("This is only known inside a test");
  return current;
}

/**
 * Makes each test's fixtures before the spec's own hooks and closes them after. Called by the
 * setup file (./setup.ts) for every spec file, before the spec registers its hooks, so it runs
 * first before and last after each test.
 */
export function registerFixtures(): void {
  fileTimeout = undefined;
  beforeEach(async (context) => {
    const clientAddress = uniqueClientAddress();
    const extraHTTPHeaders = { "X-Forwarded-For": clientAddress };
    const browser = new NoJsBrowser({ baseURL, extraHTTPHeaders });
    const browserContext = await browser.newContext();
    const page = await browserContext.newPage();
    const request = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders });
    current = {
      fixtures: {
        page,
        context: browserContext,
        browser,
        request,
        playwright: { request: playwrightRequest },
        baseURL,
        javaScriptEnabled: false,
        viewport: { width: 360, height: 740 },
        extraHTTPHeaders,
        clientAddress,
      },
      info: {
        title: context.task.name,
        workerIndex,
        project: { name: "js-off", use: { javaScriptEnabled: false, baseURL } },
      },
      close: async () => {
        await request.dispose();
        await browser.close();
      },
    };
  });

  afterEach(async () => {
    const finished = current;
    current = undefined;
    await finished?.close();
  });
}

function needsBrowser(details: Details | undefined): boolean {
  const tags = details?.tag === undefined ? [] : Array.isArray(details.tag) ? details.tag : [details.tag];
  return tags.includes("@browser");
}

/**
 * The test timeout a spec file sets with `test.describe.configure({ timeout })`: for its own tests
 * only (registerFixtures forgets it before the next file; the files share this module).
 */
let fileTimeout: number | undefined;

function defineTest(title: string, detailsOrBody: Details | Body, maybeBody?: Body): void {
  const body = typeof detailsOrBody === "function" ? detailsOrBody : maybeBody;
  const details = typeof detailsOrBody === "function" ? undefined : detailsOrBody;
  if (!body || needsBrowser(details)) return;
  vitestTest(
    title,
    async () => {
      const { fixtures, info } = running();
      await body(fixtures, info);
    },
    fileTimeout,
  );
}

/** Playwright's `test`, as far as the specs use it. */
export const test = Object.assign(defineTest, {
  describe: Object.assign((title: string, fn: () => void) => describe(title, fn), {
    configure: ({ timeout }: { timeout?: number } = {}) => {
      fileTimeout = timeout;
    },
  }),
  beforeAll: (hook: () => Promise<void> | void) => beforeAll(hook),
  afterAll: (hook: () => Promise<void> | void) => afterAll(hook),
  beforeEach: (hook: Body) => beforeEach(async () => hook(running().fixtures, running().info)),
  // Geolocation and permissions mean nothing to a page that runs no script.
  use: () => undefined,
  info: (): TestInfo => running().info,
  slow: () => undefined,
  setTimeout: () => undefined,
});
