import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { ACCOUNT_NOT_MANAGED, ACCOUNT_NOT_YOURS } from "~/models/policy";
import {
  accountOfDealer,
  accountSummaries,
  creditSettings,
  dealerAccountView,
  RECENT_ENTRIES,
  requireAccountToRead,
  saveCreditSettings,
  setCreditTerms,
  toLedgerEntryAnswer,
  adjustAccount,
  ALREADY_REVERSED,
  ENTRY_NOT_FOUND,
  ledgerEntries,
  openAccount,
  OPENING_EXISTS,
  REVERSAL_OF_REVERSAL,
  reverseEntry,
} from "~/models/ledger.server";

beforeEach(resetDatabase);
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const NOW = new Date("2026-11-28T07:00:00Z");

async function setUp() {
  const team = await prisma.team.create({ data: { name: "Lahore" }, select: { id: true } });
  const officer = await prisma.user.create({
    data: { username: "ayesha", email: "ayesha@example.pk", passwordHash: "x", role: "OFFICER", teamId: team.id },
    select: { id: true, role: true, teamId: true },
  });
  const admin = await prisma.user.create({
    data: { username: "admin", email: "admin@example.pk", passwordHash: "x", role: "ADMIN" },
    select: { id: true, role: true, teamId: true },
  });
  const dealer = await prisma.dealer.create({
    data: {
      businessName: "A Traders",
      street: "Main Bazaar",
      city: "Lahore",
      state: "Punjab",
      lat: 31.5,
      lng: 74.3,
      teamId: team.id,
    },
    select: { id: true },
  });
  return { officer, admin, dealer };
}

function sale(userId: number, dealerId: number, totalCents: number, daysAgo: number, paidCents?: number) {
  return prisma.post.create({
    data: {
      userId,
      dealerId,
      type: "SALE",
      saleProduct: "SSP",
      saleQty: 1,
      salePriceCents: BigInt(totalCents),
      saleTotalCents: BigInt(totalCents),
      salePaidCents: paidCents === undefined ? null : BigInt(paidCents),
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    },
    select: { id: true },
  });
}

function recovery(userId: number, dealerId: number, cents: number, daysAgo: number) {
  return prisma.post.create({
    data: {
      userId,
      dealerId,
      type: "RECOVERY",
      recoveryAmountCents: BigInt(cents),
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    },
    select: { id: true },
  });
}

describe("a post writes its dealer's entries", () => {
  it("a sale is a debit, what was paid at the counter a credit, a recovery a credit", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer } = await setUp();
    await sale(officer.id, dealer.id, 100_000, 10, 40_000);
    await recovery(officer.id, dealer.id, 25_000, 5);

    expect(ledgerEntries(dealer.id).map((entry) => [entry.kind, entry.amountCents, entry.balanceAfterCents])).toEqual([
      ["SALE", 100_000n, 100_000n],
      ["PAYMENT", -40_000n, 60_000n],
      ["RECOVERY", -25_000n, 35_000n],
    ]);
    const account = await accountOfDealer(dealer.id);
    expect(account.balanceCents).toBe(35_000n);
    expect(account.outstandingCents).toBe(35_000n);
  });

  it("a post without a dealer or of another type writes nothing", async () => {
    const { officer } = await setUp();
    await prisma.post.create({ data: { userId: officer.id, type: "SALE", saleTotalCents: 500n } });
    await prisma.post.create({ data: { userId: officer.id, type: "FIELD_VISIT" } });
    expect(await prisma.ledgerEntry.count()).toBe(0);
  });

  it("a deleted post reverses its entries, and so does its author's deletion", async () => {
    const { officer, dealer } = await setUp();
    const first = await sale(officer.id, dealer.id, 100_000, 3, 10_000);
    await recovery(officer.id, dealer.id, 5_000, 2);
    await prisma.post.delete({ where: { id: first.id } });
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(-5_000n);
    await prisma.user.delete({ where: { id: officer.id } });
    const entries = ledgerEntries(dealer.id);
    expect(entries.map((entry) => entry.kind)).toEqual([
      "SALE",
      "PAYMENT",
      "RECOVERY",
      "REVERSAL",
      "REVERSAL",
      "REVERSAL",
    ]);
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(0n);
  });
});

describe("the database refuses to change the ledger", () => {
  // Straight to SQLite, past the app: the triggers refuse whatever writes.
  function sqlite() {
    return new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
  }

  it("an entry is never updated or deleted, a post with entries keeps its amounts", async () => {
    const { officer, dealer } = await setUp();
    const post = await sale(officer.id, dealer.id, 100_000, 1);
    const db = sqlite();
    try {
      expect(() => db.prepare('UPDATE "LedgerEntry" SET "amountCents" = 1').run()).toThrow(/never changed or removed/);
      expect(() => db.prepare('DELETE FROM "LedgerEntry"').run()).toThrow(/never changed or removed/);
      expect(() => db.prepare('UPDATE "Post" SET "saleTotalCents" = 1 WHERE "id" = ?').run(post.id)).toThrow(
        /keeps its type, dealer and amounts/,
      );
      expect(() => db.prepare('DELETE FROM "Dealer" WHERE "id" = ?').run(dealer.id)).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
    await expect(prisma.ledgerEntry.deleteMany()).rejects.toThrow();
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(100_000n);
  });

  it("a reversal must undo exactly one entry of its dealer that is no reversal", async () => {
    const { officer, dealer } = await setUp();
    await sale(officer.id, dealer.id, 100_000, 1);
    const [entry] = await prisma.ledgerEntry.findMany({ select: { id: true } });
    const db = sqlite();
    const write = (amountCents: bigint, reversesId: number) =>
      db
        .prepare(
          'INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "reversesId", "at", "createdAt") VALUES (?, \'REVERSAL\', ?, ?, 0, 0)',
        )
        .run(dealer.id, amountCents, reversesId);
    try {
      expect(() => write(-1n, entry!.id)).toThrow(/undoes exactly one entry/);
      const reversal = write(-100_000n, entry!.id);
      expect(() => write(-100_000n, entry!.id)).toThrow(/UNIQUE/);
      expect(() => write(100_000n, Number(reversal.lastInsertRowid))).toThrow(/undoes exactly one entry/);
    } finally {
      db.close();
    }
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(0n);
  });
});

describe("adjustments, opening balances and reversals", () => {
  it("a reversal cannot be reversed, nor an entry reversed twice", async () => {
    const { officer, admin, dealer } = await setUp();
    await sale(officer.id, dealer.id, 100_000, 1);
    const [entry] = await prisma.ledgerEntry.findMany({ select: { id: true } });
    const reversal = await reverseEntry(admin, entry!.id, { reason: "Booked twice" });
    await expect(reverseEntry(admin, entry!.id, { reason: "Again" })).rejects.toEqual(
      new AppError(409, ALREADY_REVERSED),
    );
    await expect(reverseEntry(admin, reversal.value.id, { reason: "Undo" })).rejects.toEqual(
      new AppError(422, REVERSAL_OF_REVERSAL),
    );
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(0n);
    await expect(reverseEntry(admin, 999, { reason: "x" })).rejects.toEqual(new AppError(404, ENTRY_NOT_FOUND));
  });

  it("an officer may not adjust; an opening balance stands alone until reversed", async () => {
    const { officer, admin, dealer } = await setUp();
    await expect(adjustAccount(officer, dealer.id, { amount: 500n, reason: "x" })).rejects.toMatchObject({
      status: 403,
    });
    const opening = await openAccount(admin, dealer.id, { amount: 250_000n });
    await expect(openAccount(admin, dealer.id, { amount: 1n })).rejects.toEqual(new AppError(409, OPENING_EXISTS));
    await reverseEntry(admin, opening.value.id, { reason: "Wrong figure" });
    await openAccount(admin, dealer.id, { amount: 200_000n });
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(200_000n);
    expect(await prisma.ledgerEntry.count()).toBe(3);
  });

  it("the same key answers the first adjustment", async () => {
    const { admin, dealer } = await setUp();
    const key = { value: "k-1", from: "header" as const };
    const first = await adjustAccount(admin, dealer.id, { amount: -500n, reason: "Discount" }, key);
    const again = await adjustAccount(admin, dealer.id, { amount: -500n, reason: "Discount" }, key);
    expect(again).toEqual({ value: first.value, replayed: true });
    await expect(adjustAccount(admin, dealer.id, { amount: -600n, reason: "Discount" }, key)).rejects.toMatchObject({
      status: 422,
    });
    expect(await prisma.ledgerEntry.count()).toBe(1);
  });
});

describe("ageing", () => {
  it("credits pay the oldest sales first; the rest is aged by days since the sale", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer } = await setUp();
    await sale(officer.id, dealer.id, 100_000, 120);
    await sale(officer.id, dealer.id, 50_000, 75);
    await sale(officer.id, dealer.id, 30_000, 45);
    await sale(officer.id, dealer.id, 20_000, 10);
    await recovery(officer.id, dealer.id, 120_000, 1);
    const account = await accountOfDealer(dealer.id);
    expect(account.ageing).toEqual({ days0to30: 20_000n, days31to60: 30_000n, days61to90: 30_000n, over90: 0n });
    expect(account.outstandingCents).toBe(80_000n);
    // Payment terms 30 days (the default): everything older than 30 days is overdue.
    expect(account.overdueCents).toBe(60_000n);
    expect(account.oldestUnpaidDays).toBe(75);
  });
});

describe("credit terms", () => {
  it("a dealer's terms, else the company's, decide what is overdue; its limit is kept", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, admin, dealer } = await setUp();
    await sale(officer.id, dealer.id, 100_000, 40);
    expect((await accountOfDealer(dealer.id)).overdueCents).toBe(100_000n);
    await saveCreditSettings({ defaultTermsDays: 45, limitBlocks: false });
    expect(await creditSettings()).toEqual({ defaultTermsDays: 45, limitBlocks: false });
    expect((await accountOfDealer(dealer.id)).overdueCents).toBe(0n);
    await setCreditTerms(admin, dealer.id, { creditLimit: 150_000n, paymentTermsDays: 7 });
    const [account] = accountSummaries(Prisma.sql`dl."teamId" IS NOT NULL`, await creditSettings());
    expect(account).toMatchObject({ overdueCents: 100_000n, creditLimitCents: 150_000n, paymentTermsDays: 7 });
    await expect(setCreditTerms(officer, dealer.id, { paymentTermsDays: 90 })).rejects.toEqual(
      new AppError(403, ACCOUNT_NOT_MANAGED),
    );
  });

  it("an account is its team's to read: another team's officer is refused", async () => {
    const { officer, dealer } = await setUp();
    await expect(requireAccountToRead(officer, dealer.id)).resolves.toMatchObject({ id: dealer.id });
    const other = await prisma.team.create({ data: { name: "Multan" } });
    await expect(requireAccountToRead({ ...officer, teamId: other.id }, dealer.id)).rejects.toEqual(
      new AppError(403, ACCOUNT_NOT_YOURS),
    );
  });

  it("an entry answers with decimal amounts and ISO times", async () => {
    const { officer, dealer } = await setUp();
    await sale(officer.id, dealer.id, 123_456, 0);
    expect(toLedgerEntryAnswer(ledgerEntries(dealer.id)[0]!)).toMatchObject({
      kind: "SALE",
      amount: "1234.56",
      balanceAfter: "1234.56",
      createdBy: { id: officer.id, name: "ayesha" },
    });
  });
});

// ---- The dealer's page: the account at the counter (issue 48, counter) ---------------------------

describe("the account on the dealer's page", () => {
  it("its team reads it, newest entries first; its managers change it; a manager who leads another reads nothing", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, admin, dealer } = await setUp();
    const teamId = officer.teamId!;
    const page = { id: dealer.id, team: { id: teamId } };
    for (let day = 25; day > 0; day--) await sale(officer.id, dealer.id, 1_000, day);
    await recovery(officer.id, dealer.id, 500, 0);
    await setCreditTerms(admin, dealer.id, { creditLimit: 30_000n, paymentTermsDays: 14 });

    const seen = await dealerAccountView(officer, page);
    expect(seen).toMatchObject({ updatedAt: NOW.toISOString(), mayManage: false, mayOpen: false, ownTermsDays: null });
    expect(seen?.account).toMatchObject({ balanceCents: 24_500n, creditLimitCents: 30_000n, paymentTermsDays: 14 });
    expect(seen?.entries).toHaveLength(RECENT_ENTRIES);
    expect(seen?.entries[0]).toMatchObject({ kind: "RECOVERY", amountCents: -500n, balanceAfterCents: 24_500n });
    expect(seen?.entries[1]).toMatchObject({ kind: "SALE", balanceAfterCents: 25_000n });

    const manager = await prisma.user.create({
      data: { username: "bilal", email: "bilal@example.pk", passwordHash: "x", role: "MANAGER" },
      select: { id: true, role: true, teamId: true },
    });
    expect(await dealerAccountView(manager, page)).toBeNull();
    await prisma.teamManager.create({ data: { userId: manager.id, teamId } });
    expect(await dealerAccountView(manager, page)).toMatchObject({ mayManage: true, mayOpen: false, ownTermsDays: 14 });
    expect(await dealerAccountView(admin, page)).toMatchObject({ mayManage: true, mayOpen: true });
  });
});

describe("a dealer's entries in part", () => {
  it("the newest few, or a range, carry the same balances as the whole ledger, entries at one time in id order", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, admin, dealer } = await setUp();
    for (let i = 0; i < 6; i++) {
      await sale(officer.id, dealer.id, 1_000 * (i + 1), i % 2 === 0 ? 10 : 5);
      await recovery(officer.id, dealer.id, 300 + i, 5);
    }
    await adjustAccount(admin, dealer.id, { amount: -250n, reason: "Freight" });
    const whole = ledgerEntries(dealer.id);
    expect(whole).toHaveLength(13);
    expect(whole.at(-1)?.balanceAfterCents).toBe((await accountOfDealer(dealer.id)).balanceCents);
    for (const limit of [1, 4, 7, 13, 20]) expect(ledgerEntries(dealer.id, { limit })).toEqual(whole.slice(-limit));
    const fiveDaysAgo = NOW.getTime() - 5 * DAY;
    expect(ledgerEntries(dealer.id, { from: fiveDaysAgo, to: NOW.getTime() })).toEqual(
      whole.filter((entry) => entry.at.getTime() >= fiveDaysAgo && entry.at < NOW),
    );
    expect(ledgerEntries(dealer.id, { from: NOW.getTime() + DAY })).toEqual([]);
  });
});

describe("an account kept between reads", () => {
  it("is computed again after an entry, a change of terms, a wipe, or the day's end", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, admin, dealer } = await setUp();
    await sale(officer.id, dealer.id, 100_000, 0);
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(100_000n);
    await recovery(officer.id, dealer.id, 40_000, 0);
    expect((await accountOfDealer(dealer.id)).balanceCents).toBe(60_000n);
    expect((await accountOfDealer(dealer.id)).overdueCents).toBe(0n);
    await setCreditTerms(admin, dealer.id, { creditLimit: 10_000n });
    expect((await accountOfDealer(dealer.id)).creditLimitCents).toBe(10_000n);
    vi.setSystemTime(new Date(NOW.getTime() + 31 * DAY));
    expect((await accountOfDealer(dealer.id)).overdueCents).toBe(60_000n);
    // The same id, made again after a wipe, is another account.
    await resetDatabase();
    const again = await setUp();
    expect(again.dealer.id).toBe(dealer.id);
    expect((await accountOfDealer(again.dealer.id)).balanceCents).toBe(0n);
  });
});
