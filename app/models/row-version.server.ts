import { createHash } from "node:crypto";
import { AppError } from "~/lib/app-error";

/**
 * A record's version: a hash of the record as GET answers it (its keys sorted), so it changes
 * exactly when the answer does, whoever wrote the change. Answered as the record's ETag.
 */
export function rowVersion(record: unknown): string {
  const json = JSON.stringify(record, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash("sha256").update(json).digest("base64url");
}

/**
 * The versions a writer read (If-Match): the write happens only while the record is at one of
 * them. Left out, the write has no such condition.
 */
export type ExpectedVersions = readonly string[] | undefined;

/** Refuses with 412 when the record is no longer at a version the writer read. */
export function requireVersion(current: string, expected: ExpectedVersions, changedMessage: string): void {
  if (expected && !expected.includes(current)) throw new AppError(412, changedMessage);
}
