// Database helpers for Vitest tests. Each worker already has its own copy of the migrated
// template (tests/setup/vitest-worker.ts); call resetDatabase() for a clean slate.
import { prisma } from "~/db.server";
import { LEDGER_WIPE } from "../../prisma/triggers";

/**
 * Deletes every row of every app table and restarts the id counters. The list versions stay
 * (like the migrations table, they come with the schema): a version must never repeat.
 */
export async function resetDatabase(): Promise<void> {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('_prisma_migrations', 'ListVersion')",
  );
  // PRAGMA foreign_keys cannot change inside a transaction, so this runs statement by statement.
  await prisma.$queryRawUnsafe("PRAGMA foreign_keys = OFF");
  try {
    await prisma.$executeRawUnsafe(LEDGER_WIPE.lift);
    try {
      // The change feed's table last: deleting a followed row writes a "deleted" change.
      const changeLast = tables.sort((a, b) => Number(a.name === "Change") - Number(b.name === "Change"));
      for (const { name } of changeLast) await prisma.$executeRawUnsafe(`DELETE FROM "${name.replaceAll('"', '""')}"`);
    } finally {
      await prisma.$executeRawUnsafe(LEDGER_WIPE.restore());
    }
    const hasSequence = await prisma.$queryRawUnsafe<{ name: string }[]>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'",
    );
    if (hasSequence.length > 0) await prisma.$executeRawUnsafe("DELETE FROM sqlite_sequence");
  } finally {
    await prisma.$queryRawUnsafe("PRAGMA foreign_keys = ON");
  }
}

export { prisma };
