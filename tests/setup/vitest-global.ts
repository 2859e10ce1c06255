// Vitest global setup, once per run in the main process:
//  - a template SQLite database with every migration applied (a copy of the template of
//    scripts/lib/migrated-database.mjs), which each worker copies (tests/setup/vitest-worker.ts);
//  - the fake network edge (tiles + reverse geocoder), so no test reaches the internet.
// Both are removed at teardown.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { copyMigratedDatabase } from "../../scripts/lib/migrated-database.mjs";
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

export default async function setup(project: TestProject) {
  const dir = path.join(os.tmpdir(), `fieldline-vitest-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const template = path.join(dir, "template.db");

  try {
    await copyMigratedDatabase(template);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const output = (error as { output?: string }).output ?? "";
    throw new Error(`Could not build the template database with prisma migrate deploy:\n${output}`, { cause: error });
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
