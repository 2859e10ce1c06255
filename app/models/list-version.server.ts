import { prisma } from "~/db.server";

/** The big lists whose changes SQLite triggers count (the ListVersion table). */
export type VersionedList = "Dealer" | "CheckIn";

/**
 * The list's version: it changes with every write to its rows, whoever writes (see migration
 * 20261122030000_list_versions). One row read by primary key, so a tag costs next to nothing.
 */
export async function listVersion(name: VersionedList): Promise<string> {
  const [row] = await prisma.$queryRaw<{ version: bigint | number }[]>`SELECT version FROM ListVersion WHERE name = ${name}`;
  return String(row?.version ?? 0);
}
