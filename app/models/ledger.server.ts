import { prisma, readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, appOffsetMs, currentTime } from "~/infra/clock.server";
import { createOnce, type Created, type SubmissionKey } from "~/infra/idempotency.server";
import { AppError } from "~/lib/app-error";
import { dayNumber } from "~/lib/calendar";
import { centsToDecimal } from "~/lib/money";
import { type AccountSummary, DEFAULT_TERMS_DAYS, type LedgerKind, MAX_TERMS_DAYS } from "~/lib/ledger";
import { requireDealer } from "~/models/dealer.server";
import type { AdjustmentInput, CreditTermsInput, OpeningBalanceInput, ReversalInput } from "~/models/ledger.schema";
import { authorize } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { sqlRows } from "~/models/rows.server";
import type { Viewer } from "~/models/team-scope.server";

// A dealer's account (decision 80). The ledger (LedgerEntry) is the only source: a post's entries
// are written and reversed by triggers on Post (prisma/triggers.ts), the rest here; nothing is ever
// changed or removed (the database refuses), and every figure is computed from the entries.

export const ENTRY_NOT_FOUND = "Ledger entry not found.";
export const ALREADY_REVERSED = "This entry has already been reversed.";
export const REVERSAL_OF_REVERSAL = "A reversal cannot be reversed: make an adjustment instead.";
export const OPENING_EXISTS = "This dealer already has an opening balance: reverse it first to set another.";

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
 * Unpaid sales are found oldest first: every credit of the account pays the oldest debits, an
 * entry and its reversal counting as neither. A sale's age is in the app's days. The live entries
 * are read once (MATERIALIZED) for both the credits and the running debits.
 */
export function accountSummaries(dealers: Prisma.Sql, settings: CreditSettings, at = currentTime()): AccountSummary[] {
  const today = dayNumber(appDate(at));
  const offset = appOffsetMs(at);
  const asOf = at.getTime();
  const rows = readRows(
    sqlRows.accountSummary,
    Prisma.sql`
      WITH live AS MATERIALIZED (
        SELECT e."dealerId", e."id", e."at", e."amountCents"
        FROM "LedgerEntry" e
        WHERE e."dealerId" IN (SELECT dl."id" FROM "Dealer" dl WHERE ${dealers})
          AND e."at" <= ${asOf} AND e."reversesId" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" r WHERE r."reversesId" = e."id" AND r."at" <= ${asOf})
      ),
      paid AS (SELECT "dealerId", -SUM("amountCents") AS "paid" FROM live WHERE "amountCents" < 0 GROUP BY "dealerId"),
      debits AS (
        SELECT "dealerId", "at", "amountCents",
          SUM("amountCents") OVER (PARTITION BY "dealerId" ORDER BY "at", "id" ROWS UNBOUNDED PRECEDING) AS "upTo"
        FROM live WHERE "amountCents" > 0
      ),
      unpaid AS (
        SELECT d."dealerId", MIN(d."amountCents", d."upTo" - COALESCE(p."paid", 0)) AS "cents",
          MAX(0, ${today} - (d."at" + ${offset}) / 86400000) AS "age"
        FROM debits d LEFT JOIN paid p ON p."dealerId" = d."dealerId"
        WHERE d."upTo" > COALESCE(p."paid", 0)
      )
      SELECT dl."id" AS "dealerId", dl."creditLimitCents",
        COALESCE(dl."paymentTermsDays", ${settings.defaultTermsDays}) AS "paymentTermsDays",
        (SELECT COALESCE(SUM(a."amountCents"), 0) FROM "LedgerEntry" a WHERE a."dealerId" = dl."id" AND a."at" <= ${asOf}) AS "balanceCents",
        COALESCE(SUM(u."cents"), 0) AS "outstandingCents",
        COALESCE(SUM(CASE WHEN u."age" > COALESCE(dl."paymentTermsDays", ${settings.defaultTermsDays}) THEN u."cents" END), 0) AS "overdueCents",
        COALESCE(SUM(CASE WHEN u."age" <= 30 THEN u."cents" END), 0) AS "days0to30",
        COALESCE(SUM(CASE WHEN u."age" BETWEEN 31 AND 60 THEN u."cents" END), 0) AS "days31to60",
        COALESCE(SUM(CASE WHEN u."age" BETWEEN 61 AND 90 THEN u."cents" END), 0) AS "days61to90",
        COALESCE(SUM(CASE WHEN u."age" > 90 THEN u."cents" END), 0) AS "over90",
        MAX(u."age") AS "oldestUnpaidDays"
      FROM "Dealer" dl LEFT JOIN unpaid u ON u."dealerId" = dl."id"
      WHERE ${dealers}
      GROUP BY dl."id"
      ORDER BY dl."id"`,
  );
  return rows.map(({ days0to30, days31to60, days61to90, over90, ...row }) => ({
    ...row,
    ageing: { days0to30, days31to60, days61to90, over90 },
  }));
}

/** One dealer's account as of `at` (the dealer must exist). */
export async function accountOfDealer(dealerId: number, at = currentTime()): Promise<AccountSummary> {
  const [account] = accountSummaries(Prisma.sql`dl."id" = ${dealerId}`, await creditSettings(), at);
  if (!account) throw new AppError(404, "Dealer not found.");
  return account;
}

/** The dealer, for reading its account: 404 when there is none, 403 when it is not the viewer's to see. */
export async function requireAccountToRead(viewer: Viewer, dealerId: number) {
  const dealer = await requireDealer(dealerId);
  authorize(await policyViewer(viewer), "dealerAccount.read", { teamId: dealer.team?.id ?? null });
  return dealer;
}

/** The dealer, for changing its account (adjust, reverse, credit terms): 404, or 403 unless the viewer manages it. */
async function requireAccountToManage(viewer: Viewer, dealerId: number) {
  const dealer = await requireDealer(dealerId);
  authorize(await policyViewer(viewer), "dealerAccount.manage", { teamId: dealer.team?.id ?? null });
  return dealer;
}

export type LedgerEntryView = {
  id: number;
  dealerId: number;
  kind: LedgerKind;
  amountCents: bigint;
  /** The balance once this entry counts (entries in order of `at`, then id). */
  balanceAfterCents: bigint;
  at: Date;
  postId: number | null;
  reversesId: number | null;
  reversedById: number | null;
  reason: string | null;
  createdBy: { id: number; name: string } | null;
};

/**
 * The dealer's entries from `from` to before `to` (epoch ms), oldest first, each with the balance
 * once it counts. `limit` keeps the newest that many (a page's recent entries).
 */
export function ledgerEntries(dealerId: number, range: { from?: number; to?: number; limit?: number } = {}) {
  const from = range.from ?? 0;
  const to = range.to ?? Number.MAX_SAFE_INTEGER;
  const rows = readRows(
    sqlRows.ledgerEntry,
    Prisma.sql`
      SELECT * FROM (
        SELECT e."id", e."dealerId", e."kind", e."amountCents",
          SUM(e."amountCents") OVER (ORDER BY e."at", e."id" ROWS UNBOUNDED PRECEDING) AS "balanceAfterCents",
          e."at", e."postId", e."reversesId", r."id" AS "reversedById", e."reason", e."createdById",
          TRIM(COALESCE(u."firstName", '') || ' ' || COALESCE(u."lastName", '')) AS "createdByName", u."username" AS "createdByUsername"
        FROM "LedgerEntry" e
        LEFT JOIN "LedgerEntry" r ON r."reversesId" = e."id"
        LEFT JOIN "User" u ON u."id" = e."createdById"
        WHERE e."dealerId" = ${dealerId} AND e."at" < ${to}
      ) WHERE "at" >= ${from}
      ORDER BY "at" DESC, "id" DESC
      LIMIT ${range.limit ?? -1}`,
  );
  return rows.reverse().map(({ createdById, createdByName, createdByUsername, ...row }): LedgerEntryView => ({
    ...row,
    createdBy:
      createdById === null
        ? null
        : { id: createdById, name: createdByName || (createdByUsername ?? `#${createdById}`) },
  }));
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
  const wanted = new Set(ids);
  const dealers = new Set(
    readRows(
      sqlRows.id,
      Prisma.sql`SELECT DISTINCT "dealerId" AS "id" FROM "LedgerEntry" WHERE "id" IN (${Prisma.join(ids.length > 0 ? [...wanted] : [0])})`,
    ).map((row) => row.id),
  );
  return [...dealers].flatMap((dealerId) =>
    ledgerEntries(dealerId)
      .filter((entry) => wanted.has(entry.id))
      .map(toLedgerEntryAnswer),
  );
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
      const standing = await tx.ledgerEntry.count({ where: { dealerId, kind: "OPENING", reversedBy: null } });
      if (standing > 0) throw new AppError(409, OPENING_EXISTS);
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

/** A reversal of one entry (never of a reversal, never twice), with why, by whoever manages the account. */
export async function reverseEntry(
  viewer: Viewer,
  entryId: number,
  input: ReversalInput,
  key?: SubmissionKey,
): Promise<Created<{ id: number }>> {
  const entry = await prisma.ledgerEntry.findUnique({
    where: { id: entryId },
    select: { id: true, dealerId: true, kind: true, amountCents: true, reversedBy: { select: { id: true } } },
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
