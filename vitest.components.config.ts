import { defineConfig } from "vitest/config";

// The component level (docs/testing.md): the enhanced controls and their failure states, rendered
// by React in a DOM (happy-dom) with the app's own components, route modules and request code;
// only the network is faked, at its edge (tests/components/support/network.ts). What only a browser
// proves (layout, focus, the service worker, real navigation and hydration) stays with Playwright.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/components/**/*.test.tsx"],
    environment: "happy-dom",
    setupFiles: ["tests/components/support/setup.ts"],
    // What a test stubs or spies on (a global, window.location.assign) is put back after it.
    restoreMocks: true,
    unstubGlobals: true,
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
