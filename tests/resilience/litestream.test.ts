import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test, inject } from "vitest";
import { benchWorkspace } from "../../scripts/lib/bench.mjs";
import { freePort } from "../../scripts/lib/common.mjs";
import { signIn } from "./support/app-server";

// The real Litestream (the npm package's binary, the version the image copies) under the
// container's own start path, scripts/container-start.sh, with its replica on the local disk.
// The whole process group is killed with SIGKILL in the middle of steady writes, the disk's
// database is deleted, and the start path runs again: it must restore, pass the integrity
// check and hold every write acknowledged more than REPLICATION_LAG_MS before the kill. Then a
// restore to a point in time, and a second generation after the restore.

const root = fileURLToPath(new URL("../..", import.meta.url));
const LITESTREAM = path.join(root, "node_modules", "@flydotio", "litestream-linux-x64", "litestream");
const CONFIG = path.join(root, "tests", "resilience", "support", "litestream-file.yml");
const SYNC_INTERVAL_MS = 1000;
// Litestream copies the WAL every sync-interval, and later on a busy machine: on a 2-core machine
// with a core kept busy, writes acknowledged just over 1 s before a kill or a timestamp were not
// yet copied. A write acknowledged this long before is.
const REPLICATION_LAG_MS = 3 * SYNC_INTERVAL_MS;
const run = promisify(execFile);

/** An acknowledged write, found again by the text it stored: a post, a comment or a dealer's notes; sent at `sentAt`, acknowledged at `at`. */
type Write = { kind: "post" | "comment" | "dealer"; text: string; sentAt: number; at: number };

let workspace: ReturnType<typeof benchWorkspace>;
let replicaDir: string;
let env: NodeJS.ProcessEnv;
let child: ChildProcess | undefined;
let output = "";

/** scripts/container-start.sh as the container runs it, in a process group of its own; resolves once /healthz answers. */
async function startContainer(): Promise<number> {
  const started = Date.now();
  output = "";
  child = spawn("sh", [path.join(root, "scripts", "container-start.sh")], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The container start exited:\n${output}`);
    if (
      await fetch(`${workspace.baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer within 60 s:\n${output}`);
}

/** SIGKILL to the whole group: Litestream, npm, the server. Nothing gets to flush or close. */
async function killContainer(): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child?.once("exit", resolve));
  const group = -child.pid;
  process.kill(group, "SIGKILL");
  await exited;
  // The group's other members (the server) may outlive the leader by a moment: until none is left
  // (a member no process reaps stays a zombie, which signal 0 still finds: at most 5 s for those).
  const deadline = Date.now() + 5_000;
  while (groupAlive(group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Whether any process of the group is left (signal 0 only asks). */
function groupAlive(group: number): boolean {
  try {
    process.kill(group, 0);
    return true;
  } catch {
    return false;
  }
}

/** What a dead disk loses: the database, its WAL and Litestream's own files beside it. */
function loseTheDisk(): void {
  const dir = path.dirname(workspace.databasePath);
  for (const name of fs.readdirSync(dir)) {
    if (
      name.startsWith(path.basename(workspace.databasePath)) ||
      name.startsWith(`.${path.basename(workspace.databasePath)}`)
    ) {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

type Stored = { posts: Set<string>; comments: Set<string>; notesWrite: number };

/** What a database holds of the writes, after its integrity check. */
function stored(databasePath: string): Stored {
  const db = new Database(databasePath, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const texts = (sql: string) => new Set((db.prepare(sql).all() as Array<{ text: string }>).map((row) => row.text));
    const notes = (db.prepare("SELECT notes FROM Dealer WHERE id = 1").get() as { notes: string | null }).notes ?? "";
    return {
      posts: texts("SELECT text FROM Post WHERE text LIKE 'litestream write %'"),
      comments: texts("SELECT text FROM Comment WHERE text LIKE 'litestream write %'"),
      notesWrite: notes.startsWith("litestream write ") ? Number(notes.split(" ").at(-1)) : -1,
    };
  } finally {
    db.close();
  }
}

/** Posts, comments on the first post and a dealer's notes, in turn, until `until`; answers what was acknowledged. */
async function writeSteadily(cookie: string, until: () => boolean): Promise<Write[]> {
  const acknowledged: Write[] = [];
  const call = (method: string, pathname: string, body: unknown) =>
    fetch(`${workspace.baseUrl}${pathname}`, {
      method,
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const dealer = (await (
    await fetch(`${workspace.baseUrl}/api/dealers/1`, { headers: { Cookie: cookie } })
  ).json()) as Record<string, unknown>;
  let firstPost: number | null = null;
  for (let n = 0; !until(); n++) {
    const text = `litestream write ${n}`;
    const kind: Write["kind"] = firstPost === null || n % 3 === 0 ? "post" : n % 3 === 1 ? "comment" : "dealer";
    const sentAt = Date.now();
    try {
      const response: Response =
        kind === "post"
          ? await call("POST", "/api/posts", { type: "FIELD_VISIT", text })
          : kind === "comment"
            ? await call("POST", `/api/posts/${firstPost}/comments`, { text })
            : await call("PUT", "/api/dealers/1", { ...dealer, notes: text });
      if (!response.ok) continue;
      if (firstPost === null) firstPost = ((await response.json()) as { id: number }).id;
      acknowledged.push({ kind, text, sentAt, at: Date.now() });
    } catch {
      // The server was killed under this request: it was never acknowledged.
    }
  }
  return acknowledged;
}

/** Whether the database holds the write: its post or comment, or (the dealer's notes being overwritten) any later notes. */
function holds(stored: Stored, write: Write): boolean {
  if (write.kind === "post") return stored.posts.has(write.text);
  if (write.kind === "comment") return stored.comments.has(write.text);
  return stored.notesWrite >= Number(write.text.split(" ").at(-1));
}

async function litestream(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(LITESTREAM, args, { env });
    return stdout + stderr;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`litestream ${args.join(" ")} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

beforeAll(async () => {
  workspace = benchWorkspace("litestream", await freePort());
  replicaDir = path.join(workspace.dir, "replica");
  fs.copyFileSync(inject("resilienceTemplateDb"), workspace.databasePath);
  env = {
    ...workspace.env,
    LITESTREAM_BUCKET: "local",
    LITESTREAM_CONFIG: CONFIG,
    LITESTREAM_REPLICA_DIR: replicaDir,
    DATABASE_PATH: workspace.databasePath,
    PATH: `${path.dirname(LITESTREAM)}:${process.env.PATH ?? ""}`,
    RATE_LIMIT_PER_MINUTE: "100000",
  };
});

afterAll(async () => {
  await killContainer();
  fs.rmSync(workspace.dir, { recursive: true, force: true });
});

test("killed mid-write and its disk lost, the container restores every write acknowledged more than three sync-intervals before the kill", async () => {
  await startContainer();
  const cookie = await signIn(workspace.baseUrl, "officer1");
  const writingFor = 9_000;
  const until = Date.now() + writingFor;
  const writes = writeSteadily(cookie, () => Date.now() > until);
  await new Promise((resolve) => setTimeout(resolve, writingFor - 1_500));
  const killedAt = Date.now();
  await killContainer();
  const acknowledged = await writes;
  expect(acknowledged.length).toBeGreaterThan(20);

  loseTheDisk();
  expect(fs.existsSync(workspace.databasePath)).toBe(false);
  const restoreMs = await startContainer();

  const restored = stored(workspace.databasePath);
  const settled = acknowledged.filter((write) => write.at < killedAt - REPLICATION_LAG_MS);
  const inWindow = acknowledged.filter((write) => write.at >= killedAt - REPLICATION_LAG_MS);
  expect(new Set(settled.map((write) => write.kind))).toEqual(new Set(["post", "comment", "dealer"]));
  expect(settled.filter((write) => !holds(restored, write))).toEqual([]);
  const lost = inWindow.filter((write) => !holds(restored, write)).length;
  console.log(
    `[litestream] acknowledged ${acknowledged.length} writes (${settled.length} more than ${REPLICATION_LAG_MS} ms before the kill), ` +
      `lost ${lost} of the ${inWindow.length} inside the window; restore and start took ${restoreMs} ms`,
  );

  // The restored database is a new generation, and it is replicated again.
  const after = await fetch(`${workspace.baseUrl}/api/posts`, {
    method: "POST",
    headers: { Cookie: await signIn(workspace.baseUrl, "officer1"), "Content-Type": "application/json" },
    body: JSON.stringify({ type: "FIELD_VISIT", text: "litestream write after the restore" }),
  });
  expect(after.status).toBe(201);
  // Litestream lists the restored database's generation once its first snapshot is in the replica.
  await expect
    .poll(
      async () =>
        (await litestream("generations", "-config", CONFIG, workspace.databasePath)).trim().split("\n").slice(1).length,
      { timeout: 30 * SYNC_INTERVAL_MS, interval: SYNC_INTERVAL_MS },
    )
    .toBeGreaterThanOrEqual(2);
  // The write reaches the replica within a sync interval or so: restore until it is there.
  const latest = path.join(workspace.dir, "latest.db");
  await expect
    .poll(
      async () => {
        fs.rmSync(latest, { force: true });
        await litestream("restore", "-config", CONFIG, "-o", latest, workspace.databasePath);
        return stored(latest).posts.has("litestream write after the restore");
      },
      { timeout: 30 * SYNC_INTERVAL_MS, interval: SYNC_INTERVAL_MS },
    )
    .toBe(true);

  // To a point in time, two thirds into the first run of writes: the restore must hold every write
  // acknowledged REPLICATION_LAG_MS before the timestamp, and none sent after it.
  const pointInTime = new Date(acknowledged[Math.floor((acknowledged.length * 2) / 3)]!.at);
  const earlier = path.join(workspace.dir, "earlier.db");
  const started = Date.now();
  await litestream(
    "restore",
    "-config",
    CONFIG,
    "-o",
    earlier,
    "-timestamp",
    pointInTime.toISOString(),
    workspace.databasePath,
  );
  const pointInTimeMs = Date.now() - started;
  const then = stored(earlier);
  const before = acknowledged.filter((write) => write.at < pointInTime.getTime() - REPLICATION_LAG_MS);
  const afterwards = acknowledged.filter((write) => write.sentAt > pointInTime.getTime());
  expect(before.length).toBeGreaterThan(10);
  expect(afterwards.length).toBeGreaterThan(10);
  expect(before.filter((write) => !holds(then, write))).toEqual([]);
  expect(afterwards.filter((write) => holds(then, write))).toEqual([]);
  expect(then.posts.has("litestream write after the restore")).toBe(false);
  const held = acknowledged.filter((write) => holds(then, write)).length;
  console.log(
    `[litestream] point-in-time restore to ${pointInTime.toISOString()}: ${held} of the ${acknowledged.length} writes, in ${pointInTimeMs} ms`,
  );
});
