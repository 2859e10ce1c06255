import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "prisma/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/vitest-global.ts"],
    setupFiles: ["tests/setup/vitest-worker.ts"],
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Each worker has a
    // database of its own (tests/setup/vitest-worker.ts), so two run side by side.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
