import { prisma, readRows, type RowOf } from "~/db.server";
import { LRUCache } from "lru-cache";
import { Prisma } from "~/generated/prisma/client";
import { appDate, appOffsetMs, currentTime } from "~/infra/clock.server";
import { createOnce, type Created, type SubmissionKey } from "~/infra/idempotency.server";
import { AppError } from "~/lib/app-error";
import { dayNumber } from "~/lib/calendar";
import { centsToDecimal } from "~/lib/money";
import {
  type AccountSummary,
  DEFAULT_TERMS_DAYS,
  type LedgerEntryView,
  LIMIT_BLOCKS_SALE,
  MAX_TERMS_DAYS,
  passesLimit,
  saleCreditWarning,
} from "~/lib/ledger";
import { DEALER_NOT_FOUND, requireDealer } from "~/models/dealer.server";
import type { ImportRowError } from "~/models/import-row-error";
import type {
  AdjustmentInput,
  CreditTermsInput,
  LedgerCursor,
  LedgerPageQuery,
  OpeningBalanceInput,
  ReversalInput,
} from "~/models/ledger.schema";
import { encodeLedgerCursor } from "~/models/ledger.schema";
import { authorize, can } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { sqlRows } from "~/models/rows.server";
import type { Viewer } from "~/models/team-scope.server";
import type { MessageKey } from "~/locales/namespaces";

// A dealer's account (decision 80). The ledger (LedgerEntry) is the only source: a post's entries
// are written and reversed by triggers on Post (prisma/triggers.ts), the rest here; nothing is ever
// changed or removed (the database refuses), and every figure is computed from the entries.

export const ENTRY_NOT_FOUND: MessageKey = "dealers:errors.entryNotFound";
export const ALREADY_REVERSED: MessageKey = "dealers:errors.alreadyReversed";
export const REVERSAL_OF_REVERSAL: MessageKey = "dealers:errors.reversalOfReversal";
export const OPENING_EXISTS: MessageKey = "dealers:errors.openingExists";

const SETTING_DEFAULT_TERMS = "creditDefaultTermsDays";
const SETTING_LIMIT_BLOCKS = "creditLimitBlocks";

/** The company's credit settings: the payment terms of a dealer without their own, and whether a limit blocks a sale. */
type CreditSettings = { defaultTermsDays: number; limitBlocks: boolean };

export async function creditSettings(): Promise<CreditSettings> {
  const rows = await prisma.setting.findMany({ where: { key: { in: [SETTING_DEFAULT_TERMS, SETTING_LIMIT_BLOCKS] } } });
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  const terms = Number(saved.get(SETTING_DEFAULT_TERMS));
  return {
    defaultTermsDays: Number.isInteger(terms) && terms >= 0 && terms <= MAX_TERMS_DAYS ? terms : DEFAULT_TERMS_DAYS,
    limitBlocks: saved.get(SETTING_LIMIT_BLOCKS) === "true",
  };
}

export async function saveCreditSettings(settings: CreditSettings): Promise<void> {
  await prisma.$transaction([
    prisma.setting.upsert({
      where: { key: SETTING_DEFAULT_TERMS },
      create: { key: SETTING_DEFAULT_TERMS, value: String(settings.defaultTermsDays) },
      update: { value: String(settings.defaultTermsDays) },
    }),
    prisma.setting.upsert({
      where: { key: SETTING_LIMIT_BLOCKS },
      create: { key: SETTING_LIMIT_BLOCKS, value: String(settings.limitBlocks) },
      update: { value: String(settings.limitBlocks) },
    }),
  ]);
}

// ---- Reading accounts ---------------------------------------------------------------------------

/**
 * The accounts of the dealers `dealers` selects (a condition on "Dealer" dl), as of `at`: the
 * entries that counted by then (up to and including it), an entry reversed later still counting.
 * Unpaid sales are found oldest first: every credit pays the oldest debits, an entry and its
 * reversal counting as neither, so what is still owed (the balance, when positive) is the newest
 * live debits'. They are walked newest first from the balance, one index step each, until it is
 * covered: the work grows with what is unpaid, not with the ledger's length. A sale's age is in the
 * app's days.
 */
export function accountSummaries(dealers: Prisma.Sql, settings: CreditSettings, at = currentTime()): AccountSummary[] {
  const today = dayNumber(appDate(at));
  const offset = appOffsetMs(at);
  const asOf = at.getTime();
  /** The newest live debit of the walk's dealer before (at, id) `before`, as of `asOf`. */
  const nextDebit = (dealerId: Prisma.Sql, before: Prisma.Sql) => Prisma.sql`(
    SELECT e."id" FROM "LedgerEntry" e
    WHERE e."dealerId" = ${dealerId} AND ${before} AND e."amountCents" > 0 AND e."reversesId" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" r WHERE r."reversesId" = e."id" AND r."at" <= ${asOf})
    ORDER BY e."at" DESC, e."id" DESC LIMIT 1)`;
  const rows = readRows(
    sqlRows.accountSummary,
    Prisma.sql`
      WITH RECURSIVE balances AS MATERIALIZED (
        SELECT dl."id" AS "dealerId",
          (SELECT COALESCE(SUM(a."amountCents"), 0) FROM "LedgerEntry" a WHERE a."dealerId" = dl."id" AND a."at" <= ${asOf}) AS "balance"
        FROM "Dealer" dl WHERE ${dealers}
      ),
      unpaid("dealerId", "id", "at", "cents", "left") AS (
        SELECT b."dealerId", d."id", d."at", MIN(d."amountCents", b."balance"), b."balance" - MIN(d."amountCents", b."balance")
        FROM balances b JOIN "LedgerEntry" d ON d."id" = ${nextDebit(Prisma.sql`b."dealerId"`, Prisma.sql`e."at" <= ${asOf}`)}
        WHERE b."balance" > 0
        UNION ALL
        SELECT u."dealerId", d."id", d."at", MIN(d."amountCents", u."left"), u."left" - MIN(d."amountCents", u."left")
        FROM unpaid u JOIN "LedgerEntry" d ON d."id" = ${nextDebit(
          Prisma.sql`u."dealerId"`,
          Prisma.sql`(e."at", e."id") < (u."at", u."id")`,
        )}
        WHERE u."left" > 0
      ),
      aged AS (
        SELECT "dealerId", "cents", MAX(0, ${today} - ("at" + ${offset}) / 86400000) AS "age" FROM unpaid
      )
      SELECT dl."id" AS "dealerId", dl."creditLimitCents",
        COALESCE(dl."paymentTermsDays", ${settings.defaultTermsDays}) AS "paymentTermsDays",
        b."balance" AS "balanceCents",
        COALESCE(SUM(u."cents"), 0) AS "outstandingCents",
        COALESCE(SUM(CASE WHEN u."age" > COALESCE(dl."paymentTermsDays", ${settings.defaultTermsDays}) THEN u."cents" END), 0) AS "overdueCents",
        COALESCE(SUM(CASE WHEN u."age" <= 30 THEN u."cents" END), 0) AS "days0to30",
        COALESCE(SUM(CASE WHEN u."age" BETWEEN 31 AND 60 THEN u."cents" END), 0) AS "days31to60",
        COALESCE(SUM(CASE WHEN u."age" BETWEEN 61 AND 90 THEN u."cents" END), 0) AS "days61to90",
        COALESCE(SUM(CASE WHEN u."age" > 90 THEN u."cents" END), 0) AS "over90",
        MAX(u."age") AS "oldestUnpaidDays"
      FROM "Dealer" dl JOIN balances b ON b."dealerId" = dl."id" LEFT JOIN aged u ON u."dealerId" = dl."id"
      GROUP BY dl."id"
      ORDER BY dl."id"`,
  );
  return rows.map(({ days0to30, days31to60, days61to90, over90, ...row }) => ({
    ...row,
    ageing: { days0to30, days31to60, days61to90, over90 },
  }));
}

/**
 * Dealers' accounts computed today, by dealer, its account version and the company's settings
 * (decision 89): an account changes only with an entry, a change of its credit terms (both raise
 * its version, prisma/triggers.ts), the settings or the day; kept, a long ledger costs one read.
 */
const accountsToday = new LRUCache<string, AccountSummary>({ max: 5_000 });

/**
 * One dealer's account as of `at` (the dealer must exist). Now (no `at`), it is computed once a day
 * and version of the account, and kept.
 */
export async function accountOfDealer(dealerId: number, at?: Date): Promise<AccountSummary> {
  const settings = await creditSettings();
  const compute = (asOf: Date) => {
    const [account] = accountSummaries(Prisma.sql`dl."id" = ${dealerId}`, settings, asOf);
    if (!account) throw new AppError(404, DEALER_NOT_FOUND);
    return account;
  };
  if (at) return compute(at);
  // The version first: an entry written after it is read can only make the kept account newer.
  const [version] = readRows(
    sqlRows.listVersion,
    Prisma.sql`SELECT "version" FROM "ListVersion" WHERE "name" = ${`Account:${dealerId}`}`,
  );
  const now = currentTime();
  const key = [dealerId, version?.version ?? 0, appDate(now), settings.defaultTermsDays].join(":");
  const kept = accountsToday.get(key);
  if (kept) return kept;
  const account = compute(now);
  accountsToday.set(key, account);
  return account;
}

/** The dealer, for reading its account: 404 when there is none, 403 when it is not the viewer's to see. */
export async function requireAccountToRead(viewer: Viewer, dealerId: number) {
  const dealer = await requireDealer(dealerId);
  authorize(await policyViewer(viewer), "dealerAccount.read", { teamId: dealer.team?.id ?? null });
  return dealer;
}

/** The dealer, for changing its account (adjust, reverse, credit terms): 404, or 403 unless the viewer manages it. */
export async function requireAccountToManage(viewer: Viewer, dealerId: number) {
  const dealer = await requireDealer(dealerId);
  authorize(await policyViewer(viewer), "dealerAccount.manage", { teamId: dealer.team?.id ?? null });
  return dealer;
}

/**
 * The dealer's entries from `from` to before `to` (epoch ms), oldest first, each with the balance
 * once it counts. `limit` keeps the newest that many (a page's recent entries). Only the entries
 * asked for are read whole and summed in order: the balance before the first of them is one indexed
 * sum (the newest 10 of 5,000 entries: a sum and 10 rows, not a window over 5,000 joined rows).
 */
export function ledgerEntries(
  dealerId: number,
  range: { from?: number; to?: number; before?: LedgerCursor; limit?: number } = {},
) {
  const from = range.from ?? 0;
  const to = range.to ?? Number.MAX_SAFE_INTEGER;
  // `before`: only the entries before this one in (at, id) order, an /api page's keyset.
  const before = range.before ? Prisma.sql`AND ("at", "id") < (${range.before.at}, ${range.before.id})` : Prisma.empty;
  const rows = readRows(
    sqlRows.ledgerEntry,
    Prisma.sql`
      WITH "asked" AS (
        SELECT "id", "at" FROM "LedgerEntry"
        WHERE "dealerId" = ${dealerId} AND "at" >= ${from} AND "at" < ${to} ${before}
        ORDER BY "at" DESC, "id" DESC
        LIMIT ${range.limit ?? -1}
      ),
      "first" AS (SELECT "at", "id" FROM "asked" ORDER BY "at", "id" LIMIT 1),
      "before" AS (
        SELECT COALESCE(SUM(b."amountCents"), 0) AS "cents" FROM "LedgerEntry" b, "first" f
        WHERE b."dealerId" = ${dealerId} AND (b."at", b."id") < (f."at", f."id")
      )
      SELECT ${entryColumns(Prisma.sql`(SELECT "cents" FROM "before") + SUM(e."amountCents") OVER (ORDER BY e."at", e."id" ROWS UNBOUNDED PRECEDING)`)}
      FROM "asked" a
      JOIN "LedgerEntry" e ON e."id" = a."id"
      ${entryJoins}
      ORDER BY e."at" DESC, e."id" DESC`,
  );
  return rows.reverse().map(toEntryView);
}

/** An entry's columns (of "LedgerEntry" e), with `balanceAfter` the SQL of the balance once it counts. */
function entryColumns(balanceAfter: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`e."id", e."dealerId", e."kind", e."amountCents", ${balanceAfter} AS "balanceAfterCents",
    e."at", e."postId", e."reversesId", r."id" AS "reversedById", e."reason", e."createdById",
    TRIM(COALESCE(u."firstName", '') || ' ' || COALESCE(u."lastName", '')) AS "createdByName", u."username" AS "createdByUsername"`;
}

/** Who reversed an entry and who wrote it, for entryColumns. */
const entryJoins = Prisma.sql`LEFT JOIN "LedgerEntry" r ON r."reversesId" = e."id" LEFT JOIN "User" u ON u."id" = e."createdById"`;

function toEntryView({
  createdById,
  createdByName,
  createdByUsername,
  ...row
}: RowOf<typeof sqlRows.ledgerEntry>): LedgerEntryView {
  return {
    ...row,
    createdBy:
      createdById === null
        ? null
        : { id: createdById, name: createdByName || (createdByUsername ?? `#${createdById}`) },
  };
}

/** An entry as /api answers it: amounts as decimal strings, times as ISO text. */
export function toLedgerEntryAnswer(entry: LedgerEntryView) {
  return {
    id: entry.id,
    dealerId: entry.dealerId,
    kind: entry.kind,
    amount: centsToDecimal(entry.amountCents),
    balanceAfter: centsToDecimal(entry.balanceAfterCents),
    at: entry.at.toISOString(),
    postId: entry.postId,
    reversesId: entry.reversesId,
    reversedById: entry.reversedById,
    reason: entry.reason,
    createdBy: entry.createdBy,
  };
}
export type LedgerEntryAnswer = ReturnType<typeof toLedgerEntryAnswer>;

/** The entries by id as /api answers them (the change feed's), with each one's balance after it. */
export function ledgerEntriesById(ids: readonly number[]): LedgerEntryAnswer[] {
  if (ids.length === 0) return [];
  // Each entry's balance after it: one indexed sum up to it, not its dealer's whole ledger.
  const balanceAfter = Prisma.sql`(SELECT SUM(b."amountCents") FROM "LedgerEntry" b
    WHERE b."dealerId" = e."dealerId" AND (b."at", b."id") <= (e."at", e."id"))`;
  return readRows(
    sqlRows.ledgerEntry,
    Prisma.sql`SELECT ${entryColumns(balanceAfter)} FROM "LedgerEntry" e ${entryJoins}
      WHERE e."id" IN (${Prisma.join([...new Set(ids)])})`,
  )
    .map(toEntryView)
    .map(toLedgerEntryAnswer);
}

/** The balance of the dealer's entries before `before` (epoch ms): a statement's opening balance. */
export function balanceBefore(dealerId: number, before: number): bigint {
  const [row] = readRows(
    sqlRows.cents,
    Prisma.sql`SELECT COALESCE(SUM("amountCents"), 0) AS "cents" FROM "LedgerEntry" WHERE "dealerId" = ${dealerId} AND "at" < ${before}`,
  );
  return row?.cents ?? 0n;
}

// ---- Accounts report (issue 48, managers and admins) ---------------------------------------------

/**
 * What the dealers `dealers` selects (a condition on "Dealer" dl) recovered from `from` up to
 * before `to` (epoch ms), by dealer: their Recovery entries that no reversal has undone.
 */
export function recoveriesByDealer(dealers: Prisma.Sql, from: number, to: number): Map<number, bigint> {
  const rows = readRows(
    sqlRows.dealerCents,
    Prisma.sql`
      SELECT e."dealerId", -SUM(e."amountCents") AS "cents"
      FROM "LedgerEntry" e
      WHERE e."dealerId" IN (SELECT dl."id" FROM "Dealer" dl WHERE ${dealers})
        AND e."kind" = 'RECOVERY' AND e."at" >= ${from} AND e."at" < ${to}
        AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" r WHERE r."reversesId" = e."id")
      GROUP BY e."dealerId"`,
  );
  return new Map(rows.map((row) => [row.dealerId, row.cents]));
}

// ---- Writing entries ----------------------------------------------------------------------------

const keyedEntrySelect = { id: true, requestHash: true } as const;

function findKeyed(createdById: number) {
  return (idempotencyKey: string) =>
    prisma.ledgerEntry.findUnique({
      where: { createdById_idempotencyKey: { createdById, idempotencyKey } },
      select: keyedEntrySelect,
    });
}

/** A manager's or admin's adjustment of the dealer's account, with why; a key's repeat answers the first. */
export async function adjustAccount(
  viewer: Viewer,
  dealerId: number,
  input: AdjustmentInput,
  key?: SubmissionKey,
): Promise<Created<{ id: number }>> {
  await requireAccountToManage(viewer, dealerId);
  return createOnce(key, { dealerId, ...input, amount: String(input.amount) }, findKeyed(viewer.id), (keyed) => {
    const now = currentTime();
    return prisma.ledgerEntry.create({
      data: {
        dealerId,
        kind: "ADJUSTMENT",
        amountCents: input.amount,
        reason: input.reason,
        at: now,
        createdAt: now,
        createdById: viewer.id,
        ...keyed,
      },
      select: { id: true },
    });
  });
}

/** The dealers among `dealerIds` whose opening balance stands (one counts at a time, until it is reversed). */
async function dealersWithOpening(tx: Prisma.TransactionClient, dealerIds: number[]): Promise<Set<number>> {
  const standing = await tx.ledgerEntry.findMany({
    where: { dealerId: { in: dealerIds }, kind: "OPENING", reversedBy: null },
    select: { dealerId: true },
  });
  return new Set(standing.map((entry) => entry.dealerId));
}

/** An admin's opening balance for the dealer: one that counts at a time (409 while another stands). */
export async function openAccount(
  viewer: Viewer,
  dealerId: number,
  input: OpeningBalanceInput,
  key?: SubmissionKey,
): Promise<Created<{ id: number }>> {
  authorize(await policyViewer(viewer), "dealerAccount.open");
  await requireDealer(dealerId);
  return createOnce(key, { dealerId, ...input, amount: String(input.amount) }, findKeyed(viewer.id), (keyed) =>
    prisma.$transaction(async (tx) => {
      if ((await dealersWithOpening(tx, [dealerId])).size > 0) throw new AppError(409, OPENING_EXISTS);
      const now = currentTime();
      return tx.ledgerEntry.create({
        data: {
          dealerId,
          kind: "OPENING",
          amountCents: input.amount,
          reason: input.reason ?? null,
          at: now,
          createdAt: now,
          createdById: viewer.id,
          ...keyed,
        },
        select: { id: true },
      });
    }),
  );
}

/**
 * A reversal of one entry (never of a reversal, never twice), with why, by whoever manages the
 * account. It names the post of the entry it reverses, as a deleted post's reversals do.
 */
export async function reverseEntry(
  viewer: Viewer,
  entryId: number,
  input: ReversalInput,
  key?: SubmissionKey,
): Promise<Created<{ id: number }>> {
  const entry = await prisma.ledgerEntry.findUnique({
    where: { id: entryId },
    select: {
      id: true,
      dealerId: true,
      kind: true,
      amountCents: true,
      postId: true,
      reversedBy: { select: { id: true } },
    },
  });
  if (!entry) throw new AppError(404, ENTRY_NOT_FOUND);
  await requireAccountToManage(viewer, entry.dealerId);
  return createOnce(key, { entryId, ...input }, findKeyed(viewer.id), async (keyed) => {
    if (entry.kind === "REVERSAL") throw new AppError(422, REVERSAL_OF_REVERSAL);
    if (entry.reversedBy) throw new AppError(409, ALREADY_REVERSED);
    const now = currentTime();
    try {
      const created = await prisma.ledgerEntry.create({
        data: {
          dealerId: entry.dealerId,
          kind: "REVERSAL",
          amountCents: -entry.amountCents,
          postId: entry.postId,
          reversesId: entry.id,
          reason: input.reason,
          at: now,
          createdAt: now,
          createdById: viewer.id,
          ...keyed,
        },
        select: { id: true },
      });
      return created;
    } catch (error) {
      // Two reversals of one entry racing: the unique reversesId refuses the second.
      if (
        error instanceof Prisma.PrismaClientKnownRequestError &&
        error.code === "P2002" &&
        keyed.idempotencyKey === null
      )
        throw new AppError(409, ALREADY_REVERSED);
      throw error;
    }
  });
}

/** The dealer's credit limit and payment terms (none: no limit, the company's terms). */
export async function setCreditTerms(viewer: Viewer, dealerId: number, input: CreditTermsInput): Promise<void> {
  await requireAccountToManage(viewer, dealerId);
  await prisma.dealer.update({
    where: { id: dealerId },
    data: { creditLimitCents: input.creditLimit ?? null, paymentTermsDays: input.paymentTermsDays ?? null },
  });
}

// ---- The dealer's page: the account at the counter (issue 48, counter) ---------------------------

/** How many of the newest entries the dealer's page lists (the statement has them all). */
export const RECENT_ENTRIES = 10;

/**
 * The account section of the dealer's page for `viewer`, or null when the account is not theirs to
 * read (then nothing of the ledger is read): the account now, its newest entries, what the viewer
 * may do to it and, for whoever sets them, the dealer's own payment terms (null: the company's).
 */
export async function dealerAccountView(viewer: Viewer, dealer: { id: number; team: { id: number } | null }) {
  const policy = await policyViewer(viewer);
  const subject = { teamId: dealer.team?.id ?? null };
  if (!can(policy, "dealerAccount.read", subject)) return null;
  const updatedAt = currentTime();
  const mayManage = can(policy, "dealerAccount.manage", subject);
  const ownTerms = mayManage
    ? await prisma.dealer.findUnique({ where: { id: dealer.id }, select: { paymentTermsDays: true } })
    : null;
  return {
    account: await accountOfDealer(dealer.id),
    entries: ledgerEntries(dealer.id, { limit: RECENT_ENTRIES }).reverse(),
    updatedAt: updatedAt.toISOString(),
    mayManage,
    mayOpen: can(policy, "dealerAccount.open"),
    ownTermsDays: ownTerms?.paymentTermsDays ?? null,
  };
}

// ---- accounts-api: the account, the ledger's pages and the entry a write made, as /api answers them ----

/** A dealer's account as /api answers it: money as decimal strings, and the moment it was computed. */
export function toAccountAnswer(account: AccountSummary, at: Date) {
  return {
    dealerId: account.dealerId,
    balance: centsToDecimal(account.balanceCents),
    outstanding: centsToDecimal(account.outstandingCents),
    overdue: centsToDecimal(account.overdueCents),
    ageing: {
      days0to30: centsToDecimal(account.ageing.days0to30),
      days31to60: centsToDecimal(account.ageing.days31to60),
      days61to90: centsToDecimal(account.ageing.days61to90),
      over90: centsToDecimal(account.ageing.over90),
    },
    creditLimit: account.creditLimitCents === null ? null : centsToDecimal(account.creditLimitCents),
    paymentTermsDays: account.paymentTermsDays,
    oldestUnpaidDays: account.oldestUnpaidDays,
    asOf: at.toISOString(),
  };
}

/** The entry's dealer, for changing its account (a reversal): 404 when there is no such entry, 403 unless the viewer manages it. */
export async function requireEntryToManage(viewer: Viewer, entryId: number) {
  const entry = await prisma.ledgerEntry.findUnique({ where: { id: entryId }, select: { dealerId: true } });
  if (!entry) throw new AppError(404, ENTRY_NOT_FOUND);
  return requireAccountToManage(viewer, entry.dealerId);
}

/** One page of the dealer's entries, newest first, before the cursor; `next` pages on (null: the first entry is in this page). */
export function ledgerPage(dealerId: number, { before, limit }: LedgerPageQuery) {
  // One more than the page tells whether another page follows.
  const entries = ledgerEntries(dealerId, { before, limit: limit + 1 }).reverse();
  const page = entries.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toLedgerEntryAnswer),
    next: entries.length > limit && last ? encodeLedgerCursor({ at: last.at.getTime(), id: last.id }) : null,
  };
}

/** The entry a write made (or a replay answered), as /api answers it. */
export function enteredAnswer(entryId: number): LedgerEntryAnswer {
  const [entry] = ledgerEntriesById([entryId]);
  if (!entry) throw new AppError(404, ENTRY_NOT_FOUND);
  return entry;
}

// ---- accounts-api: opening balances from a spreadsheet, all rows or none ----

/** One checked row of an opening-balance file: its dealer, what they owed and why. */
export type OpeningRow = {
  rowNumber: number;
  dealerId: number;
  dealerName: string;
  amount: bigint;
  reason: string | null;
};

export type OpenedAccounts = { opened: number; replayed: boolean } | { refusedRows: ImportRowError[] };

/**
 * An admin's opening balances, all or none, in one transaction: refused with a line for each row
 * whose dealer already has one standing. `fileKey` (the file's hash) keys every entry (with its
 * row), so a repeat of the same file writes nothing and answers what the first import opened.
 */
export async function openAccounts(viewer: Viewer, rows: OpeningRow[], fileKey: string): Promise<OpenedAccounts> {
  authorize(await policyViewer(viewer), "dealerAccount.open");
  const prefix = `opening-${fileKey}-`;
  const openedBefore = (client: Prisma.TransactionClient) =>
    client.ledgerEntry.count({ where: { createdById: viewer.id, idempotencyKey: { startsWith: prefix } } });
  try {
    return await prisma.$transaction(async (tx): Promise<OpenedAccounts> => {
      const before = await openedBefore(tx);
      if (before > 0) return { opened: before, replayed: true };
      const standing = await dealersWithOpening(
        tx,
        rows.map((row) => row.dealerId),
      );
      const refusedRows = rows
        .filter((row) => standing.has(row.dealerId))
        .map((row): ImportRowError => ({
          row: row.rowNumber,
          problems: [{ message: "dealers:importErrors.openingExists", values: { name: row.dealerName } }],
        }));
      if (refusedRows.length > 0) return { refusedRows };
      const now = currentTime();
      const { count } = await tx.ledgerEntry.createMany({
        data: rows.map((row) => ({
          dealerId: row.dealerId,
          kind: "OPENING",
          amountCents: row.amount,
          reason: row.reason,
          at: now,
          createdAt: now,
          createdById: viewer.id,
          idempotencyKey: `${prefix}${row.rowNumber}`,
        })),
      });
      return { opened: count, replayed: false };
    });
  } catch (error) {
    // The same file imported twice at once: the keys refuse the second, which answers as a repeat.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const opened = await openedBefore(prisma);
      if (opened > 0) return { opened, replayed: true };
    }
    throw error;
  }
}

// ---- New Post: the dealer picker's accounts and a sale's credit check (decision 82) -------------

/**
 * The accounts of these dealers that the viewer may read (dealerAccount.read), by dealer, in two
 * reads whatever their number: the dealers' teams, then the readable ones' accounts.
 */
export async function readableAccounts(
  viewer: Viewer,
  dealerIds: readonly number[],
): Promise<Map<number, AccountSummary>> {
  if (dealerIds.length === 0) return new Map();
  const asker = await policyViewer(viewer);
  const readable = readRows(
    sqlRows.dealerTerritory,
    Prisma.sql`SELECT "id", "city", "state", "teamId" FROM "Dealer" WHERE "id" IN (${Prisma.join([...dealerIds])})`,
  )
    .filter((dealer) => can(asker, "dealerAccount.read", { teamId: dealer.teamId }))
    .map((dealer) => dealer.id);
  if (readable.length === 0) return new Map();
  const accounts = accountSummaries(Prisma.sql`dl."id" IN (${Prisma.join(readable)})`, await creditSettings());
  return new Map(accounts.map((account) => [account.dealerId, account]));
}

/** The warning of a sale to a dealer whose account the seller may not read: no figures. */
export const CREDIT_WARNING_WITHOUT_FIGURES =
  "This sale passes the dealer's credit limit, or the dealer has overdue money.";

/**
 * How a sale of `saleCents` to the dealer, `paidCents` of it paid at the counter, stands with its
 * account: `warning` for the seller when it passes the credit limit or the dealer has overdue
 * money (with the figures when the seller may read the account), `notice` for the managers of the
 * dealer's team (always with them), and `refusal` when it passes the limit and the company's
 * setting makes the limit block.
 */
export async function saleCredit(
  seller: Viewer,
  dealer: { id: number; teamId: number | null },
  saleCents: bigint,
  paidCents: bigint,
): Promise<{ warning: string | null; notice: string | null; refusal: string | null }> {
  const settings = await creditSettings();
  const [account] = accountSummaries(Prisma.sql`dl."id" = ${dealer.id}`, settings);
  const notice = account ? saleCreditWarning(account, saleCents, paidCents) : null;
  if (!account || notice === null) return { warning: null, notice: null, refusal: null };
  const figures = can(await policyViewer(seller), "dealerAccount.read", { teamId: dealer.teamId });
  const warning = figures ? notice : CREDIT_WARNING_WITHOUT_FIGURES;
  const blocked = settings.limitBlocks && passesLimit(account, saleCents, paidCents);
  return { warning, notice, refusal: blocked ? `${warning} ${LIMIT_BLOCKS_SALE}` : null };
}

/**
 * The dealer's balance once each of these recovery posts counted (its entries in order of `at`,
 * then id, as the statement orders them), for the posts whose dealer's account the viewer may
 * read; one read for all of them.
 */
export async function balancesAfterRecoveries(
  viewer: Viewer,
  postIds: readonly number[],
): Promise<Map<number, bigint>> {
  if (postIds.length === 0) return new Map();
  const rows = readRows(
    sqlRows.balanceAfterRecovery,
    Prisma.sql`
      SELECT e."postId" AS "postId", d."teamId" AS "teamId",
        (SELECT SUM(a."amountCents") FROM "LedgerEntry" a
          WHERE a."dealerId" = e."dealerId" AND (a."at" < e."at" OR (a."at" = e."at" AND a."id" <= e."id"))) AS "cents"
      FROM "LedgerEntry" e JOIN "Dealer" d ON d."id" = e."dealerId"
      WHERE e."postId" IN (${Prisma.join([...postIds])}) AND e."kind" = 'RECOVERY'`,
  );
  const asker = await policyViewer(viewer);
  return new Map(
    rows
      .filter((row) => can(asker, "dealerAccount.read", { teamId: row.teamId }))
      .map((row) => [row.postId, row.cents]),
  );
}
