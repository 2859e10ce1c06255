// Runs in each worker before a test file: the settings the route modules' server halves read when
// imported (they are never called here), an IndexedDB, and a clean phone after each test.
import "@testing-library/jest-dom/vitest";
import { configure, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { connectionWorks } from "~/browser/connection";
import { closeApp } from "./app";
import { forgetIndexedDb } from "./indexed-db";

Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: "file:/nonexistent/component-tests.db",
  SESSION_SECRET: "component-tests-session-secret-0123456789-abcdef",
  LOG_REQUESTS: "false",
  APP_URL: "http://localhost:3000",
});

// What a test waits for (a page's content, a notice) gets 5 s, as in Playwright: on a loaded two-core
// machine a page's lazily loaded modules and data take more than Testing Library's 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Every test has Vitest's clock, moving with real time until a test moves it on (past the officer's
// patience, say): no test waits for time.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

// The phone as new for the next test: the notice on screen and the connection's state are the app's
// module state, drafts are kept in the tab, and what waits to be sent in IndexedDB.
afterEach(async () => {
  vi.useRealTimers();
  const close = screen.queryByRole("button", { name: "Close notice" });
  if (close) fireEvent.click(close);
  closeApp();
  sessionStorage.clear();
  localStorage.clear();
  await forgetIndexedDb();
  connectionWorks();
});
