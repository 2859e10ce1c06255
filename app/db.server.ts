import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { type Prisma, PrismaClient } from "~/generated/prisma/client";
import { env } from "~/env.server";
import { withAfterWrite } from "~/infra/after-write.server";

function createClient() {
  const adapter = new PrismaBetterSQLite3(
    { url: env.DATABASE_URL, timeout: 5000 },
    { timestampFormat: "unixepoch-ms" },
  );
  return new PrismaClient({ adapter });
}

// On globalThis, so that a development reload keeps its connections (and a test can put in its own).
const globalForDb = globalThis as unknown as { fieldlinePrisma?: PrismaClient; fieldlineReader?: Database.Database };
globalForDb.fieldlinePrisma ??= createClient();
/** The app's client: every write through it is followed by what it changes (infra/after-write.server.ts). */
export const prisma = withAfterWrite(globalForDb.fieldlinePrisma);

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

/**
 * Takes SQLite's write lock first thing in a transaction, with a write that touches no row (no
 * trigger fires): what the transaction reads next, no other connection changes before it commits.
 */
export async function lockForWrite(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`UPDATE ListVersion SET version = version WHERE 0`;
}

export async function checkDatabase(): Promise<void> {
  await prisma.$queryRawUnsafe("SELECT 1");
}

// The hottest reads (the session behind every request, the feed and its metrics) skip Prisma's
// query pipeline: plain SQL on a second, query-only connection to the same file, each statement
// prepared once. WAL lets it read while Prisma's connection writes. Writes and transactions stay
// with Prisma.

type ColumnReader = (value: unknown) => unknown;
type PreparedRead = { statement: Database.Statement; columns: Array<[string, ColumnReader]> };

// By connection (a test may open its own), then by the statement's text: IN lists of every length
// make new texts, so the least recently used statements go first.
const preparedReads = new WeakMap<Database.Database, LRUCache<string, PreparedRead>>();

/** The query-only connection, opened on first use; `options` are for tests. */
export function openReadConnection(options: Database.Options = {}): Database.Database {
  const connection = new Database(env.DATABASE_URL.replace(/^file:/, ""), {
    fileMustExist: true,
    timeout: 5000,
    ...options,
  });
  connection.pragma("query_only = ON");
  return connection;
}

/** Values as Prisma's `$queryRaw` gives them, by the column's declared type; integers of expressions stay bigint. */
function columnReader(declaredType: string | null): ColumnReader {
  switch (declaredType?.toUpperCase()) {
    case "INTEGER":
      return (value) => (typeof value === "bigint" ? Number(value) : value);
    case "DATETIME":
      return (value) => (value === null ? null : new Date(typeof value === "string" ? value : Number(value)));
    case "BOOLEAN":
      return (value) => (value === null ? null : Number(value) !== 0);
    default:
      return (value) => value;
  }
}

function preparedRead(sql: string): PreparedRead {
  const connection = (globalForDb.fieldlineReader ??= openReadConnection());
  let statements = preparedReads.get(connection);
  if (!statements) preparedReads.set(connection, (statements = new LRUCache({ max: 500 })));
  let prepared = statements.get(sql);
  if (!prepared) {
    const statement = connection.prepare(sql).safeIntegers(true);
    prepared = { statement, columns: statement.columns().map((column) => [column.name, columnReader(column.type)]) };
    statements.set(sql, prepared);
  }
  return prepared;
}

/** SQLite has no dates or booleans, and a JavaScript number would be bound as a REAL. */
function toSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return BigInt(value.getTime());
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  return value;
}

/** The rows of a read-only statement, typed as with `prisma.$queryRaw` and converted the same way. */
export function readRows<T>(query: Prisma.Sql): T[] {
  const { statement, columns } = preparedRead(query.sql);
  const rows = statement.raw(true).all(...query.values.map(toSqliteValue)) as unknown[][];
  // A plain loop: the feed reads thousands of rows a second, and Object.fromEntries over mapped
  // pairs costs several times as much.
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const [name, read] = columns[i]!;
      row[name] = read(values[i]);
    }
    return row as T;
  });
}
