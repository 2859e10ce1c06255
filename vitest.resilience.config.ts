import { defineConfig } from "vitest/config";

// The concurrency and crash tests (tests/resilience): each starts the production build on its own
// scratch database, so they run after `react-router build`, one file at a time.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/resilience/**/*.test.ts"],
    globalSetup: ["tests/resilience/support/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
