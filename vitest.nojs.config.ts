import path from "node:path";
import { defineConfig, type Plugin } from "vitest/config";

// The request-handler level (docs/testing.md): the browser specs (tests/e2e) with JavaScript off,
// and the JSON API's (tests/api), run without Chromium against the production build. A spec's import of the browser's fixtures
// resolves to tests/nojs/support/fixtures.ts, whose `page` is made of HTTP requests and a DOM.
// Specs for JavaScript on (*.js.spec.ts) and tests tagged @browser stay with Playwright.
const root = import.meta.dirname;
const browserFixtures = path.join(root, "tests/e2e/support/fixtures");
const noJsFixtures = path.join(root, "tests/nojs/support/fixtures.ts");

// Specs whose every test measures what only a browser knows (layout, scrolling, the network).
const BROWSER_ONLY_SPECS = [
  "tests/e2e/tap-targets.nojs.spec.ts",
  "tests/e2e/posts/return-to-place.nojs.spec.ts",
  "tests/e2e/security/cross-site.spec.ts",
  "tests/e2e/dealers/account-layout.spec.ts",
  "tests/e2e/targets/screenshots.spec.ts",
];

function noJsFixturesForSpecs(): Plugin {
  return {
    name: "fieldline-nojs-fixtures",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".")) return null;
      const target = path.resolve(path.dirname(importer), source).replace(/\.ts$/, "");
      return target === browserFixtures ? noJsFixtures : null;
    },
  };
}

export default defineConfig({
  plugins: [noJsFixturesForSpecs()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.spec.ts", "tests/api/**/*.spec.ts"],
    exclude: ["tests/e2e/**/*.js.spec.ts", ...BROWSER_ONLY_SPECS],
    globalSetup: ["tests/nojs/support/global-setup.ts"],
    setupFiles: ["tests/nojs/support/setup.ts"],
    pool: "forks",
    // The spec files share each worker's modules (the DOM, Playwright's client): importing them
    // afresh for every file cost more than the tests. The specs keep no state between files.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    // As under Playwright, a hook has a test's time: a spec may start a server in beforeAll
    // (tests/api/litefs.spec.ts), which takes over Vitest's default 10 s on a slow machine.
    hookTimeout: 60_000,
  },
});
