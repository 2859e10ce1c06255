import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "~/env.server";

// One Prisma client for the process, on one better-sqlite3 connection.
function createClient() {
  const adapter = new PrismaBetterSQLite3(
    { url: env.DATABASE_URL, timeout: 5000 },
    { timestampFormat: "unixepoch-ms" },
  );
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { fieldlinePrisma?: PrismaClient };
export const prisma = globalForPrisma.fieldlinePrisma ?? createClient();
globalForPrisma.fieldlinePrisma = prisma;

let pragmasApplied: Promise<void> | undefined;

/** WAL for concurrent readers, a busy timeout for writers, and foreign keys enforced. */
export function applyPragmas(): Promise<void> {
  pragmasApplied ??= (async () => {
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
    await prisma.$queryRawUnsafe("PRAGMA foreign_keys = ON");
    await prisma.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  })();
  return pragmasApplied;
}

export async function checkDatabase(): Promise<void> {
  await prisma.$queryRawUnsafe("SELECT 1");
}
