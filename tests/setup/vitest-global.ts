// Vitest global setup, once per run in the main process:
//  - a template SQLite database with every migration applied (`prisma migrate deploy`), which
//    each worker copies (tests/setup/vitest-worker.ts);
//  - the fake network edge (tiles + reverse geocoder), so no test reaches the internet.
// Both are removed at teardown.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startFakeEdge } from "../support/fake-edge.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Absolute path of the migrated template database. */
    fieldlineTemplateDb: string;
    /** The directory for per-worker databases and files; removed at teardown. */
    fieldlineTestDir: string;
    /** Base URL of the fake tile server and geocoder, e.g. http://127.0.0.1:40123 */
    fieldlineEdgeUrl: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

export default async function setup(project: TestProject) {
  const dir = path.join(os.tmpdir(), `fieldline-vitest-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const template = path.join(dir, "template.db");

  const prisma = path.join(root, "node_modules", ".bin", "prisma");
  try {
    execFileSync(prisma, ["migrate", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${template}` },
      stdio: "pipe",
    });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `Could not build the template database with prisma migrate deploy:\n${output.stdout ?? ""}${output.stderr ?? ""}`,
    );
  }

  const edge = await startFakeEdge();

  project.provide("fieldlineTemplateDb", template);
  project.provide("fieldlineTestDir", dir);
  project.provide("fieldlineEdgeUrl", edge.url);

  return async () => {
    await edge.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
