// The e2e server's database, read by the tests of both levels (the browser's and the request
// handler's): its path comes from FIELDLINE_E2E_DIR, set by the runner that started the server.
import fs from "node:fs";
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

/**
 * An account waiting for approval, made in the database (the e2e server lets everyone in at
 * once): `username` is unique.
 */
export function waitingAccount(username: string): { id: number; username: string } {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const id = db
      .prepare(
        "INSERT INTO User (username, email, passwordHash, role, approval, updatedAt) VALUES (?, ?, 'x', 'OFFICER', 'PENDING', ?)",
      )
      .run(username, `${username}@example.pk`, Date.now()).lastInsertRowid;
    return { id: Number(id), username };
  } finally {
    db.close();
  }
}

/**
 * The newest email delivered to `toEmail` (case-insensitive), as the user reads it, or undefined:
 * the e2e server sends through a fake SMTP server that writes each email to `mail.jsonl` (the
 * app's outbox keeps a copy without the reset link). Waits up to `timeout` milliseconds for one
 * newer than `afterId` to arrive (delivery follows the answer).
 */
export async function readOutbox(
  toEmail: string,
  { timeout = 5000, afterId = 0 }: { timeout?: number; afterId?: number } = {},
): Promise<OutboxEmail | undefined> {
  const mailbox = path.join(path.dirname(e2eDatabasePath()), "mail.jsonl");
  const deadline = Date.now() + timeout;
  for (;;) {
    const lines = fs.existsSync(mailbox) ? fs.readFileSync(mailbox, "utf8").split("\n") : [];
    const emails = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Omit<OutboxEmail, "createdAt"> & { createdAt: string })
      .filter((email) => email.to.toLowerCase() === toEmail.toLowerCase() && email.id > afterId);
    const newest = emails.at(-1);
    if (newest) return { ...newest, createdAt: new Date(newest.createdAt) };
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
