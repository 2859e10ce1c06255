import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma, type PrismaClient } from "~/generated/prisma/client";

// Every write through the app's database client, Prisma's calls and plain SQL alike, passes one
// hook that knows what else the write changes, so no model has to remember to say so.

/** The big lists whose versions the ListVersion table counts (mostly SQLite's triggers; see below). */
export type VersionedList = "Dealer" | "CheckIn" | "Leaderboard";

type AfterWrite = {
  /** The write changes the rankings' figures or rows (metricsVersion). */
  metrics?: true;
  /** List versions no trigger raises for this table. */
  lists?: VersionedList[];
};

/** What a write to each table changes besides its own rows. */
const AFTER_WRITE: Partial<Record<Prisma.ModelName, AfterWrite>> = {
  // The rankings count posts (sales, recovery), check-ins (distance, hours) and dealers created…
  Post: { metrics: true },
  CheckIn: { metrics: true },
  Dealer: { metrics: true },
  // …and show each officer's name, avatar, badge, role and being active.
  User: { metrics: true },
  // The dealer lists show their teams' names.
  Team: { lists: ["Dealer"] },
};

/** A plain SQL write whose table cannot be read from its text changes whatever any table's might. */
const UNKNOWN_TABLE: AfterWrite = { metrics: true, lists: ["Dealer"] };

const WRITE_OPERATIONS = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);
const RAW_WRITES = new Set(["$executeRaw", "$executeRawUnsafe"]);
const WRITTEN_TABLE =
  /^\s*(?:(?:INSERT|REPLACE)(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`[]?(\w+)/i;

let metrics = 0;

/** Raised by every write that changes the rankings (see AFTER_WRITE): a cache of them compares it. */
export function metricsVersion(): number {
  return metrics;
}

/** The SQL text of a plain statement's arguments: a tagged template's, a Prisma.sql's or a string. */
function statementText(args: unknown): string {
  const [first] = Array.isArray(args) ? (args as unknown[]) : [args];
  if (typeof first === "string") return first;
  if (first instanceof Prisma.Sql) return first.sql;
  if (Array.isArray(first)) return first.join("?");
  return "";
}

/** What the operation changes besides its rows, or null for a read. */
function effectsOf(model: string | undefined, operation: string, args: unknown): AfterWrite | null {
  if (model && WRITE_OPERATIONS.has(operation)) return AFTER_WRITE[model as Prisma.ModelName] ?? null;
  if (!RAW_WRITES.has(operation)) return null;
  const table = WRITTEN_TABLE.exec(statementText(args))?.[1];
  return table ? (AFTER_WRITE[table as Prisma.ModelName] ?? null) : UNKNOWN_TABLE;
}

// The writes of an interactive transaction take effect when it commits: until then another
// request reading the rankings or a list would keep what the commit is about to change.
const transactionEffects = new AsyncLocalStorage<AfterWrite[]>();

async function apply(base: PrismaClient, effects: AfterWrite[]): Promise<void> {
  if (effects.some((effect) => effect.metrics)) metrics++;
  for (const list of new Set(effects.flatMap((effect) => effect.lists ?? []))) {
    await base.$executeRaw`UPDATE ListVersion SET version = version + 1 WHERE name = ${list}`;
  }
}

/** The client with the after-write hook: what each write changes (AFTER_WRITE) follows it, or its transaction's commit. */
export function withAfterWrite(base: PrismaClient): PrismaClient {
  const hooked = base.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const result = await query(args);
        const effects = effectsOf(model, operation, args);
        if (effects) {
          const pending = transactionEffects.getStore();
          if (pending) pending.push(effects);
          else await apply(base, [effects]);
        }
        return result;
      },
    },
  });
  const transaction = hooked.$transaction.bind(hooked);
  // Typed as the plain client it behaves as (the hook adds nothing to call), so that a
  // transaction's client stays a Prisma.TransactionClient.
  return hooked.$extends({
    client: {
      $transaction: (async (operations: unknown, options?: unknown) => {
        // A batch's writes resolve after its commit: only a callback's need holding back.
        if (typeof operations !== "function") return transaction(operations as never, options as never);
        const pending: AfterWrite[] = [];
        const result: unknown = await transactionEffects.run(pending, () =>
          transaction(operations as never, options as never),
        );
        await apply(base, pending);
        return result;
      }) as typeof transaction,
    },
  }) as unknown as PrismaClient;
}
