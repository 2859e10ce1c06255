// Vitest setup file: runs in each test worker before the test file is imported, so the
// settings below are in place before any app module (app/env.server.ts) reads them.
// Each worker process gets its own copy of the migrated template database.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";

const state = globalThis as typeof globalThis & { fieldlineTestDatabase?: string };

if (!state.fieldlineTestDatabase) {
  const dir = inject("fieldlineTestDir");
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
  const database = path.join(dir, `worker-${worker}.db`);
  // A fresh copy per worker process: no leftovers from an earlier test file in this slot.
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(database + suffix, { force: true });
  fs.copyFileSync(inject("fieldlineTemplateDb"), database);

  const dataDir = path.join(dir, `data-${worker}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const edge = inject("fieldlineEdgeUrl");
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATABASE_URL: `file:${database}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: "vitest-session-secret-0123456789-abcdefghijklmnop",
    LOG_REQUESTS: "false",
    APP_URL: "http://localhost:3000",
    GEOCODER: edge,
    TILE_URL: `${edge}/tiles/{z}/{x}/{y}.png`,
  });
  // Emails stay in the outbox table, where tests can read them.
  delete process.env.SMTP_URL;
  state.fieldlineTestDatabase = database;
}
