import { defineConfig } from "vitest/config";

// The concurrency and crash tests (tests/resilience): each starts the production build on its own
// scratch database, so they run after `react-router build`. A file that loads the server, kills it,
// spends a rate limit's minute or bounds a time, the memory or the event loop runs alone, one file
// at a time. The files below only ask who may see and do what (each on a server of its own, with
// no bound of time or memory): they run first, two at a time, and the others after them (decision 102).
const SIDE_BY_SIDE = [
  "accounts-report",
  "admin-scoping",
  "company-scope",
  "credit-at-the-counter",
  "dealer-scoping",
  "door",
  "farmers-scoping",
  "feed-scoping",
  "map-reports-scoping",
  "plans-scoping",
  "targets-scoping",
  "team-day-scoping",
  "teams-scoping",
].map((name) => `tests/resilience/${name}.test.ts`);

const EACH_FILE = { pool: "forks", testTimeout: 90_000, hookTimeout: 120_000 } as const;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Once for the whole run: the root project's values reach both projects (inject).
    globalSetup: ["tests/resilience/support/global-setup.ts"],
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          ...EACH_FILE,
          name: "alone",
          include: ["tests/resilience/**/*.test.ts"],
          exclude: SIDE_BY_SIDE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { tsconfigPaths: true },
        test: {
          ...EACH_FILE,
          name: "side by side",
          include: SIDE_BY_SIDE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
