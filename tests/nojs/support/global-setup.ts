// Starts the e2e server (tests/support/e2e-server.mjs: the production build on a migrated, seeded
// database of its own, and the fake network edge) once for the request-handler level's run, as
// Playwright's webServer does for the browser's.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../../scripts/lib/common.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The e2e server's directory (database, uploads, seeded-at). */
    fieldlineE2eDir: string;
    /** The e2e server's base URL. */
    fieldlineE2eUrl: string;
  }
}

async function untilHealthy(url: string, server: { exitCode: number | null }, deadline: number): Promise<void> {
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`The e2e server exited (${server.exitCode}) before it answered ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The e2e server did not answer ${url} within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export default async function setup(project: TestProject) {
  const dir = path.join(os.tmpdir(), `fieldline-nojs-${process.pid}`);
  const [port, edgePort] = [await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["tests/support/e2e-server.mjs"], {
    env: { ...process.env, FIELDLINE_E2E_DIR: dir, E2E_PORT: String(port), E2E_EDGE_PORT: String(edgePort) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    await untilHealthy(`${baseURL}/healthz`, server, Date.now() + 180_000);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  project.provide("fieldlineE2eDir", dir);
  project.provide("fieldlineE2eUrl", baseURL);
  return async () => {
    server.kill("SIGTERM");
    await exited;
  };
}
