import { readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import type { VersionedList } from "~/infra/after-write.server";

/**
 * The list's version: it changes with every write to its rows, whoever writes. One row read by
 * primary key, so a tag costs next to nothing.
 */
export function listVersion(name: VersionedList): string {
  const [row] = readRows(sqlRows.listVersion, Prisma.sql`SELECT version FROM ListVersion WHERE name = ${name}`);
  return String(row?.version ?? 0);
}
