// A production server of its own for the hostile-input tests: they check that nothing in the
// database changes, which only holds when no other test writes to the same database.
// It is tests/support/e2e-server.mjs (fresh seeded database, fake network edge, the built app)
// started on HOSTILE_PORT / HOSTILE_EDGE_PORT (default: E2E_PORT + 2 / E2E_EDGE_PORT - 2).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { test as base } from "@playwright/test";

export type HostileServer = {
  baseURL: string;
  database: DatabaseWatch;
  /** Every file under the server's data directory, relative to it, sorted. */
  dataFiles: () => string[];
  /** The Cookie header of a fresh session of `username` (password `fieldline`). */
  signIn: (username: string) => Promise<string>;
  /** A client address no other request of this run used: sign-in and registration are rate limited per address. */
  nextClientAddress: () => string;
};

/** Reads the server's SQLite file beside it, read-only. */
export class DatabaseWatch {
  readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.db.pragma("busy_timeout = 5000");
  }

  /** Changes whenever another connection (the server) commits a write. */
  version(): number {
    return this.db.pragma("data_version", { simple: true }) as number;
  }

  tables(): string[] {
    return this.db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
  }

  /** Per table: row count and a hash of every row, to say what changed. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(
      this.tables().map((table) => {
        const rows = this.db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().all();
        const hash = crypto
          .createHash("sha256")
          .update(JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)));
        return [table, `${rows.length} rows ${hash.digest("hex").slice(0, 12)}`];
      }),
    );
  }

  ids(sql: string, ...params: unknown[]): number[] {
    return this.db
      .prepare(sql)
      .raw()
      .all(...params)
      .map((row) => Number((row as unknown[])[0]));
  }
}

function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

async function waitForHealth(baseURL: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the hostile-input server exited (${server.exitCode})`);
    const ok = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the hostile-input server did not start in time");
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

export const test = base.extend<object, { hostile: HostileServer }>({
  hostile: [
    async ({}, use) => {
      const port = Number(process.env.HOSTILE_PORT ?? Number(process.env.E2E_PORT ?? 4500) + 2);
      const edgePort = Number(process.env.HOSTILE_EDGE_PORT ?? Number(process.env.E2E_EDGE_PORT ?? 4599) - 2);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-hostile-"));
      const baseURL = `http://127.0.0.1:${port}`;
      const output: string[] = [];
      const server = spawn(process.execPath, ["tests/support/e2e-server.mjs"], {
        env: { ...process.env, FIELDLINE_E2E_DIR: dir, E2E_PORT: String(port), E2E_EDGE_PORT: String(edgePort) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      try {
        await waitForHealth(baseURL, server, 120_000);
      } catch (error) {
        await stop(server);
        throw new Error(`${(error as Error).message}\n${output.join("")}`, { cause: error });
      }

      let addresses = 0;
      const nextClientAddress = () => {
        const n = addresses++;
        // 198.18.0.0/15 is reserved for benchmarking (RFC 2544): only header values here.
        return `198.19.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
      };
      const database = new DatabaseWatch(path.join(dir, "e2e.db"));
      await use({
        baseURL,
        database,
        dataFiles: () => listFiles(path.join(dir, "data")),
        nextClientAddress,
        async signIn(username) {
          const response = await fetch(`${baseURL}/login`, {
            method: "POST",
            body: new URLSearchParams({ username, password: "fieldline" }),
            headers: { "X-Forwarded-For": nextClientAddress() },
            redirect: "manual",
          });
          const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?fl_session=/.test(value));
          if (response.status !== 302 || !cookie)
            throw new Error(`could not sign in as ${username} (${response.status})`);
          return cookie.split(";")[0]!;
        },
      });
      database.db.close();
      await stop(server);
      if (server.exitCode !== 0 && server.exitCode !== null) console.log(output.join(""));
    },
    { scope: "worker", timeout: 150_000 },
  ],
});

export { expect } from "@playwright/test";
