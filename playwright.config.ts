import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium.mjs";

// The e2e server's temp dir (database, uploads). Set once in the runner; the test workers
// inherit the runner's environment, so fixtures find the same database (readOutbox).
process.env.FIELDLINE_E2E_DIR ??= path.join(os.tmpdir(), `fieldline-e2e-${process.pid}`);

const port = Number(process.env.E2E_PORT ?? 4500);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: isCI,
  retries: 0,
  workers: 2,
  // A guard against a hung test, not a measure of speed (expectations wait 5 s each). On CI's busy
  // 2-core machine a page load costs 0.5-1 s and the longest flows load about twenty pages and hydrate
  // most of them: several took 20-36 s there and 30 s timed two of them out (a dealer import and
  // search, twice over). Tests that run longer say so themselves.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: isCI ? [["list"], ["line"]] : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    // Mobile first: the app is used on phones.
    viewport: { width: 360, height: 740 },
    locale: "en-US",
    timezoneId: "Asia/Karachi",
    trace: "retain-on-failure",
    // Each test's fresh context would install the service worker and download the whole shell:
    // on two shared cores that slows every test. The offline specs allow it (tests/e2e/offline).
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Chromium with JavaScript on: every *.js.spec.ts test, which needs it by its name.
    { name: "js-on", testMatch: "**/*.js.spec.ts" },
    // The generic specs (*.spec.ts, written once for JavaScript on and off) run at the request-handler
    // level (vitest.nojs.config.ts). Chromium with JavaScript on runs only their tests tagged @js: an
    // enhanced control used in a real browser (a dialog, an optimistic or pending state, Conform's
    // checks, a fetcher's list, lazily loaded code, a map, focus), or a browser's layout or hydration
    // that no other Chromium run measures. Plain form posts and redirects are the same with JavaScript
    // on as off, and proven without a browser (decision 73).
    {
      name: "js-on-enhanced",
      testIgnore: ["**/*.js.spec.ts", "**/*.nojs.spec.ts"],
      grep: /@js\b/,
    },
    // Without JavaScript a page is HTML in and a form post out: the request-handler level runs those
    // specs without a browser (vitest.nojs.config.ts). Here run only the tests tagged @browser,
    // which measure what a browser knows (layout, scrolling, its own requests).
    { name: "js-off", testIgnore: "**/*.js.spec.ts", grep: /@browser/, use: { javaScriptEnabled: false } },
    // The JSON API (tests/api) needs no browser: vitest.nojs.config.ts runs it with Playwright's HTTP client.
    // Generated hostile input for every page form, on a server and database of its own
    // (tests/hostile/support/server.ts), so it can check that nothing was written.
    { name: "hostile", testDir: "tests/hostile" },
  ],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      FIELDLINE_E2E_DIR: process.env.FIELDLINE_E2E_DIR,
      E2E_PORT: String(port),
    },
  },
});
