// Once per run of vitest.resilience.config.ts: a migrated database (a copy of the template of
// scripts/lib/migrated-database.mjs) with the demo seed, which each test file copies
// (support/app-server.ts) instead of migrating and seeding its own.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { copyMigratedDatabase } from "../../../scripts/lib/migrated-database.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Absolute path of the migrated and seeded template database. */
    resilienceTemplateDb: string;
  }
}

const root = fileURLToPath(new URL("../../..", import.meta.url));

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-resilience-"));
  const template = path.join(dir, "template.db");
  const env = {
    ...process.env,
    DATABASE_URL: `file:${template}`,
    DATA_DIR: path.join(dir, "data"),
    LOG_REQUESTS: "false",
    // One team of everyone (prisma/seed.ts), as the e2e server seeds; tests make their own teams.
    SEED_TEAMS: "one",
  };
  try {
    await copyMigratedDatabase(template);
    execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["prisma/seed.ts"], { cwd: root, env, stdio: "pipe" });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    // The seed's output (execFileSync), or the migration's (CommandError).
    const output = error as { stdout?: Buffer; stderr?: Buffer; output?: string };
    throw new Error(
      `Could not build the seeded template database:\n${output.stdout ?? ""}${output.stderr ?? ""}${output.output ?? ""}`,
      { cause: error },
    );
  }
  project.provide("resilienceTemplateDb", template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
