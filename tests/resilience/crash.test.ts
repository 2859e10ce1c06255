import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { dealerRow, dealerWorkbook } from "../support/spreadsheets";
import { addOfficersAndPosts, type AppServer, createAppServer, signIn } from "./support/app-server";

// The production server killed with SIGKILL in the middle of a dealer import and of a performance
// recalculation, then restarted: the database must pass its integrity check, show no half batch and
// no half calculation, and running the job again must finish it without duplicates. Uploads cut off
// midway must leave no rows and no files behind.

const IMPORT_ROWS = 3_000;
const EXTRA_OFFICERS = 2_000;
const EXTRA_POSTS = 100_000;

let server: AppServer;

beforeAll(async () => {
  server = await createAppServer("crash");
  // Enough officers and posts that a recalculation holds the write lock long enough to be caught.
  server.query((db) => addOfficersAndPosts(db, { officers: EXTRA_OFFICERS, posts: EXTRA_POSTS }), { readonly: false });
  await server.start();
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

function integrity(): string {
  return server.query((db) => db.pragma("integrity_check", { simple: true }) as string);
}

/** True while some connection holds the database's write lock (a write transaction is open). */
function writeLockHeld(): boolean {
  return server.query(
    (db) => {
      db.pragma("busy_timeout = 0");
      try {
        db.exec("BEGIN IMMEDIATE");
      } catch (error) {
        if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
        throw error;
      }
      db.exec("ROLLBACK");
      return false;
    },
    { readonly: false },
  );
}

/** Polls until `ready` holds, then kills the server; fails if `job` ends first. */
async function crashWhen(ready: () => boolean, job: Promise<unknown>): Promise<void> {
  let finished: string | null = null;
  void job.then(
    async (answer) =>
      (finished =
        answer instanceof Response ? `answered ${answer.status}: ${(await answer.text()).slice(0, 200)}` : "answered"),
    (error: unknown) => (finished = `failed: ${String(error)}`),
  );
  const deadline = Date.now() + 30_000;
  while (!ready()) {
    if (finished) throw new Error(`The job finished before the server could be killed in its middle (${finished})`);
    if (Date.now() > deadline) throw new Error("The job never reached the point to kill it at");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await server.crash();
}

async function post(cookie: string, pathname: string, body?: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${pathname}`, {
    method: "POST",
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const importedNames = () =>
  server.query((db) =>
    (
      db
        .prepare("SELECT businessName FROM Dealer WHERE businessName LIKE 'Crash Kissan Agro Centre %'")
        .all() as Array<{ businessName: string }>
    ).map((row) => row.businessName),
  );

test("SIGKILL in the middle of a dealer import: whole batches only, and importing again completes it without duplicates", async () => {
  const cookie = await signIn(server.baseUrl, "admin");
  const form = new FormData();
  const rows = Array.from({ length: IMPORT_ROWS }, (_, index) => dealerRow(index + 1, "Crash"));
  form.set("file", new Blob([new Uint8Array(dealerWorkbook(rows))]), "crash-dealers.xlsx");
  const uploaded = await fetch(`${server.baseUrl}/api/upload`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { uploadId } = (await uploaded.json()) as { uploadId: string };

  const importing = post(cookie, "/api/dealers/import", { uploadId });
  // Killed inside a batch's transaction (the write lock held) if the polling catches one; on a
  // quiet machine the batches can slip between polls, so past 300 rows it is killed between two.
  let insideBatch = false;
  await crashWhen(() => {
    const saved = importedNames().length;
    if (saved === 0) return false;
    insideBatch = writeLockHeld();
    return insideBatch || saved >= 300;
  }, importing);
  await expect(importing).rejects.toThrow();

  expect(integrity()).toBe("ok");
  const saved = importedNames();
  console.log(
    `[crash] import killed after ${saved.length} of ${IMPORT_ROWS} rows, ${insideBatch ? "inside a batch" : "between batches"}`,
  );
  expect(saved.length).toBeGreaterThan(0);
  expect(saved.length).toBeLessThan(IMPORT_ROWS);
  // Batches of 10 rows commit whole, in the file's order: the saved rows are the first N, N a multiple of 10.
  expect(saved.length % 10).toBe(0);
  expect(new Set(saved)).toEqual(
    new Set(Array.from({ length: saved.length }, (_, index) => `Crash Kissan Agro Centre ${index + 1}`)),
  );

  await server.start();
  const again = await post(await signIn(server.baseUrl, "admin"), "/api/dealers/import", { uploadId });
  expect(again.status).toBe(200);
  expect(await again.json()).toMatchObject({
    total: IMPORT_ROWS,
    successful: IMPORT_ROWS - saved.length,
    failed: saved.length,
  });
  const all = importedNames();
  expect(all.length).toBe(IMPORT_ROWS);
  expect(new Set(all).size).toBe(IMPORT_ROWS);
});

type Standing = {
  id: number;
  score: number | null;
  rank: number | null;
  badge: string | null;
  calculatedAt: number | null;
};

const standings = () =>
  server.query(
    (db) =>
      db
        .prepare(
          "SELECT id, currentPerformanceScore AS score, performanceRank AS rank, currentBadge AS badge, lastPerformanceCalculation AS calculatedAt FROM User ORDER BY id",
        )
        .all() as Standing[],
  );
const notificationCount = () =>
  server.query((db) => (db.prepare("SELECT COUNT(*) AS n FROM Notification").get() as { n: number }).n);

test("SIGKILL in the middle of a recalculation: the old standings stay whole, and recalculating again completes it", async () => {
  const cookie = await signIn(server.baseUrl, "manager");
  const before = standings();
  const notificationsBefore = notificationCount();

  const calculating = post(cookie, "/api/performance/calculate");
  await crashWhen(writeLockHeld, calculating);
  await expect(calculating).rejects.toThrow();

  expect(integrity()).toBe("ok");
  expect(standings()).toEqual(before);
  expect(notificationCount()).toBe(notificationsBefore);

  await server.start();
  const again = await post(await signIn(server.baseUrl, "manager"), "/api/performance/calculate");
  expect(again.status).toBe(200);
  const after = standings();
  const officers = server.query(
    (db) =>
      new Set(
        (db.prepare("SELECT id FROM User WHERE role = 'OFFICER' AND isActive = 1").all() as Array<{ id: number }>).map(
          (row) => row.id,
        ),
      ),
  );
  const calculated = after.filter((standing) => officers.has(standing.id));
  expect(calculated).toHaveLength(8 + EXTRA_OFFICERS);
  expect(new Set(calculated.map((standing) => standing.calculatedAt)).size).toBe(1);
  const ranks = calculated.flatMap((standing) => (standing.rank === null ? [] : [standing.rank]));
  expect(new Set(ranks).size).toBe(ranks.length);
  // Each officer is told of a change at most once per calculation.
  const perOfficer = server.query(
    (db) =>
      db
        .prepare(
          "SELECT userId, type, COUNT(*) AS n FROM Notification WHERE createdAt = ? GROUP BY userId, type HAVING n > 1",
        )
        .all(calculated[0]?.calculatedAt) as unknown[],
  );
  expect(perOfficer).toEqual([]);
});

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

/** Sends the headers and the first half of a body that claims its full length, then hangs up. */
async function sendHalfAndHangUp(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = http.request(url, { method, headers: { ...headers, "Content-Length": String(body.length) } });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(body.subarray(0, body.length / 2), () => setTimeout(() => request.destroy(), 200));
  });
}

test("uploads cut off midway leave no rows and no files", async () => {
  const cookie = await signIn(server.baseUrl, "officer1");
  const counts = () =>
    server.query((db) =>
      db
        .prepare(
          "SELECT (SELECT COUNT(*) FROM Upload) AS uploads, (SELECT COUNT(*) FROM Post) AS posts, (SELECT COUNT(*) FROM PostMedia) AS media",
        )
        .get(),
    );
  const rowsBefore = counts();
  const filesBefore = filesUnder(server.uploadsDir);
  const photo = crypto.randomBytes(600_000);

  const { uploadURL } = (await (await post(cookie, "/api/objects/upload")).json()) as { uploadURL: string };
  await sendHalfAndHangUp(
    new URL(uploadURL, server.baseUrl).toString(),
    "PUT",
    { "Content-Type": "image/jpeg" },
    photo,
  );

  const boundary = "----fieldline-crash-test";
  const multipart = (name: string, fields: Record<string, string>, fileName: string) =>
    Buffer.concat([
      Buffer.from(
        Object.entries(fields)
          .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
          .join(""),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const multipartHeaders = { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` };
  await sendHalfAndHangUp(
    `${server.baseUrl}/api/posts`,
    "POST",
    multipartHeaders,
    multipart("files", { type: "FIELD_VISIT", text: "cut off" }, "field.jpg"),
  );
  await sendHalfAndHangUp(
    `${server.baseUrl}/api/upload`,
    "POST",
    multipartHeaders,
    multipart("file", {}, "dealers.xlsx"),
  );

  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  expect(counts()).toEqual(rowsBefore);
  expect(filesUnder(server.uploadsDir)).toEqual(filesBefore);
});
