import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { type Prisma, PrismaClient } from "~/generated/prisma/client";
import { env } from "~/env.server";
import { withAfterWrite } from "~/infra/after-write.server";
import { timeQuery, withQueryTimes } from "~/infra/prometheus.server";

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
/**
 * The app's client: every write through it is followed by what it changes (infra/after-write.server.ts),
 * and every query's time is measured.
 */
export const prisma = withAfterWrite(withQueryTimes(globalForDb.fieldlinePrisma));

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

/** A statement, and how its columns are read as the row it was last read as. */
type PreparedRead = {
  statement: Database.Statement;
  shape: RowShape;
  names: string[];
  readers: Array<(value: unknown) => unknown>;
};

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

// A plain read's rows are typed by a declared row (app/models/rows.server.ts): each column's
// SQLite type as the schema declares it (Prisma's Int, BigInt, Float, String, Boolean, DateTime),
// whether it may be null, and the JavaScript value it becomes. A statement is checked against its
// row when it is prepared: the same column names, and the same type wherever SQLite knows the
// column's declared type (a table's column; an expression has none). Under tests every value is
// checked too (null only where the row allows it, and the SQLite type's kind of value), so the
// suite fails on a column renamed, retyped or made nullable without its row knowing.

/** `ANY`: a column whose type follows the statement's variant (a report's grouping key). */
type SqliteType = "INTEGER" | "BIGINT" | "REAL" | "TEXT" | "BOOLEAN" | "DATETIME" | "ANY";

/** One column of a declared row: the value it becomes is `T`. */
export type Column<T> = {
  readonly type: SqliteType;
  readonly nullable: boolean;
  /** A text column holding one of these values only. */
  readonly values?: readonly string[];
  readonly read: (value: unknown) => T;
};

/** A column that may not be null, and its nullable twin. */
type Columns<T> = Column<T> & { readonly orNull: Column<T | null> };

function column<T>(type: SqliteType, read: (value: unknown) => T, values?: readonly string[]): Columns<T> {
  return {
    type,
    nullable: false,
    values,
    read,
    orNull: { type, nullable: true, values, read: (value) => (value === null ? null : read(value)) },
  };
}

// Integers arrive as bigint (the statements read safe integers), so that money keeps every cent.
const asNumber = (value: unknown) => Number(value);

/** The columns of a declared row, by SQLite type. */
export const sqlite = {
  /** Int: ids, counts, whole numbers. */
  integer: column<number>("INTEGER", asNumber),
  /** BigInt: money in cents, kept exact. */
  bigint: column<bigint>("BIGINT", (value) => value as bigint),
  /** Float; an expression's whole number too. */
  real: column<number>("REAL", asNumber),
  text: column<string>("TEXT", (value) => value as string),
  /** A text column that holds one of `values` (a role, a type). */
  oneOf: <T extends string>(values: readonly T[]) => column<T>("TEXT", (value) => value as T, values),
  /** Boolean, stored as 0 or 1. */
  boolean: column<boolean>("BOOLEAN", (value) => Number(value) !== 0),
  /** DateTime, stored as milliseconds since the epoch. */
  datetime: column<Date>("DATETIME", (value) => new Date(typeof value === "string" ? value : Number(value))),
  /** As SQLite hands it over: text, a whole number (bigint) or a real. */
  any: column<string | bigint | number>("ANY", (value) => value as string | bigint | number),
};

/** A declared row: its columns by name. */
export type RowShape = Readonly<Record<string, Column<unknown>>>;

/** The row a declared row reads as. */
export type RowOf<Shape extends RowShape> = { [Name in keyof Shape]: Shape[Name] extends Column<infer T> ? T : never };

/** The error of a statement or a value that does not match its declared row. */
function mismatch(problem: string, sql: string): Error {
  return new Error(`A plain read does not match its declared row: ${problem}\n${sql.trim()}`);
}

/** The statement's columns against the row's: the same names, and the same declared types where SQLite knows them. */
function checkColumns(shape: RowShape, columns: Database.ColumnDefinition[], sql: string): void {
  const names = columns.map((definition) => definition.name);
  const missing = Object.keys(shape).filter((name) => !names.includes(name));
  const unexpected = names.filter((name, index) => !Object.hasOwn(shape, name) || names.indexOf(name) !== index);
  if (missing.length > 0 || unexpected.length > 0)
    throw mismatch(`missing ${missing.join(", ") || "none"}; unexpected ${unexpected.join(", ") || "none"}`, sql);
  for (const definition of columns) {
    const declared = definition.type?.toUpperCase();
    const expected = shape[definition.name]!.type;
    if (declared !== undefined && expected !== "ANY" && declared !== expected)
      throw mismatch(`${definition.name} is ${declared} in the schema, ${expected} in the row`, sql);
  }
}

/** The kinds of value SQLite hands over for each declared type (a statement reading safe integers). */
const RAW_KINDS: Record<SqliteType, readonly string[]> = {
  INTEGER: ["bigint"],
  BIGINT: ["bigint"],
  REAL: ["number", "bigint"],
  TEXT: ["string"],
  BOOLEAN: ["bigint"],
  DATETIME: ["bigint", "number", "string"],
  ANY: ["bigint", "number", "string"],
};

/** Under tests: every value against its column, before it is converted. */
function checkValues(shape: RowShape, names: string[], rows: unknown[][], sql: string): void {
  for (const values of rows) {
    names.forEach((name, i) => {
      const { type, nullable, values: allowed } = shape[name]!;
      const value = values[i];
      if (value === null) {
        if (!nullable) throw mismatch(`${name} is null, and its row says it never is`, sql);
      } else if (!RAW_KINDS[type].includes(typeof value)) {
        throw mismatch(`${name} is a ${typeof value}, not ${type}`, sql);
      } else if (allowed && !allowed.includes(value as string)) {
        throw mismatch(`${name} is ${String(value)}, not one of ${allowed.join(", ")}`, sql);
      }
    });
  }
}

const CHECK_VALUES = env.NODE_ENV === "test";

function preparedRead(shape: RowShape, sql: string): PreparedRead {
  const connection = (globalForDb.fieldlineReader ??= openReadConnection());
  let statements = preparedReads.get(connection);
  if (!statements) preparedReads.set(connection, (statements = new LRUCache({ max: 500 })));
  let prepared = statements.get(sql);
  // The same text read as another row (rare) is checked against that row too.
  if (!prepared || prepared.shape !== shape) {
    const statement = prepared?.statement ?? connection.prepare(sql).safeIntegers(true);
    const columns = statement.columns();
    checkColumns(shape, columns, sql);
    const names = columns.map((definition) => definition.name);
    prepared = { statement, shape, names, readers: names.map((name) => shape[name]!.read) };
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

/** The rows of a read-only statement, as its declared row types and converts them. */
export function readRows<Shape extends RowShape>(shape: Shape, query: Prisma.Sql): RowOf<Shape>[] {
  const { statement, names, readers } = preparedRead(shape, query.sql);
  const stop = timeQuery("plain", "readRows");
  const rows = statement.raw(true).all(...query.values.map(toSqliteValue)) as unknown[][];
  stop();
  if (CHECK_VALUES) checkValues(shape, names, rows, query.sql);
  // A plain loop: the feed reads thousands of rows a second, and Object.fromEntries over mapped
  // pairs costs several times as much.
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = readers[i]!(values[i]);
    return row as RowOf<Shape>;
  });
}
