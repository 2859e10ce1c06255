// Runs in each worker before a test file: the settings the route modules' server halves read when
// imported (they are never called here), and a clean DOM and network after each test.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: "file:/nonexistent/component-tests.db",
  SESSION_SECRET: "component-tests-session-secret-0123456789-abcdef",
  LOG_REQUESTS: "false",
  APP_URL: "http://localhost:3000",
});

afterEach(() => {
  cleanup();
});
