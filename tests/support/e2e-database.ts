// The e2e server's database, read by the tests of both levels (the browser's and the request
// handler's): its path comes from FIELDLINE_E2E_DIR, set by the runner that started the server.
import path from "node:path";
import Database from "better-sqlite3";

export type OutboxEmail = { id: number; to: string; subject: string; text: string; createdAt: Date };

/** The e2e server's SQLite file (see tests/support/e2e-server.mjs and playwright.config.ts). */
export function e2eDatabasePath(): string {
  const dir = process.env.FIELDLINE_E2E_DIR;
  if (!dir) throw new Error("FIELDLINE_E2E_DIR is not set: run the tests with `npx playwright test`.");
  return path.join(dir, "e2e.db");
}

/** A `SELECT COUNT(*) AS n …` on the e2e database. */
export function countRows(sql: string, ...values: unknown[]): number {
  const db = new Database(e2eDatabasePath(), { readonly: true });
  try {
    return (db.prepare(sql).get(...values) as { n: number }).n;
  } finally {
    db.close();
  }
}

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  return new Date(String(value));
}

/**
 * The newest email to `toEmail` in the app's outbox (case-insensitive), or undefined. With
 * `timeout`, waits up to that many milliseconds for one newer than `afterId` to appear.
 */
export async function readOutbox(
  toEmail: string,
  { timeout = 0, afterId = 0 }: { timeout?: number; afterId?: number } = {},
): Promise<OutboxEmail | undefined> {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const query = db.prepare<
      [string, number],
      { id: number; to: string; subject: string; text: string; createdAt: unknown }
    >(
      'SELECT id, "to", subject, text, createdAt FROM OutboxEmail WHERE lower("to") = lower(?) AND id > ? ORDER BY id DESC LIMIT 1',
    );
    const deadline = Date.now() + timeout;
    for (;;) {
      const row = query.get(toEmail, afterId);
      if (row) return { ...row, createdAt: toDate(row.createdAt) };
      if (Date.now() >= deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
}
