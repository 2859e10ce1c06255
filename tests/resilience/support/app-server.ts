// The production server as a child process on a scratch database, for the tests that load it
// with concurrent writers or kill it mid-job (tests/resilience). Needs `npm run build` first.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { inject } from "vitest";
import { benchWorkspace, seededRandom } from "../../../scripts/lib/bench.mjs";
import { SERVER_BUILD, builtServer, freePort } from "../../../scripts/lib/common.mjs";
import { keepServerLog } from "../../support/server-log.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export type AppServer = {
  baseUrl: string;
  databasePath: string;
  uploadsDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** The server process's resident memory in bytes (VmRSS of /proc/<pid>/status), or null when it is not running. */
  rss(): number | null;
  start(): Promise<void>;
  /** Ends the server at once with SIGKILL: no shutdown code runs. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  /** Runs a project script (e.g. scripts/performance.ts) with tsx on the same database; answers its output. */
  runScript(script: string): Promise<string>;
  /** A connection of our own (read-only unless asked), closed after `use`. */
  query<T>(use: (db: Database.Database) => T, options?: { readonly: boolean }): T;
  remove(): void;
};

/** A copy of the seeded template database (support/global-setup.ts), and a server on a free port that is not yet started. */
export async function createAppServer(name: string, extraEnv: Record<string, string> = {}): Promise<AppServer> {
  const workspace = benchWorkspace(name, await freePort());
  const env = {
    ...workspace.env,
    RATE_LIMIT_PER_MINUTE: "1000",
    SIGN_IN_FAILURES_PER_MINUTE: "1000",
    UPLOAD_RATE_LIMIT_PER_MINUTE: "1000",
    ...extraEnv,
  };
  if (!fs.existsSync(path.join(root, SERVER_BUILD))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  // The seed writes no files, so the database alone is the whole starting state.
  fs.copyFileSync(inject("resilienceTemplateDb"), workspace.databasePath);

  let child: ChildProcess | undefined;
  let output = "";
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  const waitForExit = () =>
    exited() ? Promise.resolve() : new Promise<void>((resolve) => child?.once("exit", () => resolve()));

  return {
    baseUrl: workspace.baseUrl,
    databasePath: workspace.databasePath,
    uploadsDir: path.join(workspace.dir, "data", "uploads"),
    output: () => output,
    rss() {
      if (!child?.pid || exited()) return null;
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return match ? Number(match[1]) * 1024 : null;
    },
    async start() {
      const [node, serverArgs] = builtServer();
      child = spawn(node, serverArgs, {
        cwd: root,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      keepServerLog(child, `resilience-${name}`, (chunk) => (output += String(chunk)));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        if (exited()) throw new Error(`The server exited while starting:\n${output}`);
        try {
          if ((await fetch(`${workspace.baseUrl}/healthz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`The server did not answer /healthz within 30 s:\n${output}`);
    },
    async crash() {
      child?.kill("SIGKILL");
      await waitForExit();
    },
    async stop() {
      if (exited()) return;
      child?.kill("SIGTERM");
      await waitForExit();
    },
    runScript(script) {
      return new Promise((resolve, reject) => {
        execFile(
          path.join(root, "node_modules", ".bin", "tsx"),
          [script],
          { cwd: root, env },
          (error, stdout, stderr) => {
            if (error) reject(new Error(`${script} failed: ${stdout}${stderr}`));
            else resolve(stdout + stderr);
          },
        );
      });
    },
    query(use, { readonly } = { readonly: true }) {
      const db = new Database(workspace.databasePath, { readonly });
      try {
        return use(db);
      } finally {
        db.close();
      }
    },
    remove() {
      fs.rmSync(workspace.dir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and answers the session cookie to send with later calls. */
export async function signIn(baseUrl: string, username: string, password = "fieldline"): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get("set-cookie");
  if (!cookie) throw new Error(`Sign-in of ${username} set no cookie`);
  return cookie.split(";")[0] ?? "";
}

const DAY_MS = 86_400_000;

/** More officers with SALE posts over the last 29 days, so that a recalculation has real work to do. */
export function addOfficersAndPosts(
  db: Database.Database,
  { officers, posts }: { officers: number; posts: number },
): void {
  const random = seededRandom(9);
  const now = Date.now();
  db.transaction(() => {
    const user = db.prepare(
      "INSERT INTO User (username, email, passwordHash, role, createdAt, updatedAt) VALUES (?, ?, 'x', 'OFFICER', ?, ?)",
    );
    const first = Number(
      user.run("busy-officer-0", "busy-officer-0@example.pk", now - 400 * DAY_MS, now).lastInsertRowid,
    );
    for (let n = 1; n < officers; n++)
      user.run(`busy-officer-${n}`, `busy-officer-${n}@example.pk`, now - 400 * DAY_MS, now);
    const post = db.prepare(
      "INSERT INTO Post (userId, type, text, saleProduct, saleQty, salePriceCents, saleTotalCents, createdAt) VALUES (?, 'SALE', '', 'SSP', ?, 150000, ?, ?)",
    );
    for (let n = 0; n < posts; n++) {
      const qty = 1 + Math.floor(random() * 50);
      post.run(first + Math.floor(random() * officers), qty, qty * 150_000, now - Math.floor(random() * 29 * DAY_MS));
    }
  })();
}
