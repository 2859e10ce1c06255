import * as XLSX from "@e965/xlsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { adjustAccount, openAccount } from "~/models/ledger.server";
import {
  createStatementLink,
  dealerStatement,
  madeStatementLink,
  sharedStatement,
  statementTable,
  STATEMENT_LINK_EXPIRED,
  STATEMENT_LINK_NOT_FOUND,
  toStatementAnswer,
} from "~/models/ledger-statement.server";
import { ACCOUNT_NOT_YOURS } from "~/models/policy";
import { reportXlsx } from "~/models/report-export.server";
import { translator } from "~/http/language.server";
import { english } from "../../tests/support/english";
import { STATEMENT_PERIOD_INVALID } from "~/models/ledger.schema";

beforeEach(resetDatabase);
afterEach(() => vi.useRealTimers());

// 12:00 in Karachi on Nov 28, 2026.
const NOW = new Date("2026-11-28T07:00:00Z");
const at = (iso: string) => new Date(iso);

async function setUp() {
  const [lahore, multan] = await Promise.all(
    ["Lahore", "Multan"].map((name) => prisma.team.create({ data: { name }, select: { id: true } })),
  );
  const user = (username: string, role: "OFFICER" | "MANAGER" | "ADMIN", teamId: number | null) =>
    prisma.user.create({
      data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId },
      select: { id: true, role: true, teamId: true },
    });
  const officer = await user("ayesha", "OFFICER", lahore!.id);
  const stranger = await user("bilal", "OFFICER", multan!.id);
  const admin = await user("admin", "ADMIN", null);
  const dealer = (businessName: string, teamId: number) =>
    prisma.dealer.create({
      data: { businessName, street: "Main Bazaar", city: "Lahore", state: "Punjab", lat: 31.5, lng: 74.3, teamId },
      select: { id: true },
    });
  return {
    officer,
    stranger,
    admin,
    dealer: await dealer("A Traders", lahore!.id),
    other: await dealer("B Traders", lahore!.id),
  };
}

function sale(userId: number, dealerId: number, cents: number, createdAt: Date, paidCents?: number) {
  return prisma.post.create({
    data: {
      userId,
      dealerId,
      type: "SALE",
      saleProduct: "SSP",
      saleQty: 10,
      salePriceCents: BigInt(cents / 10),
      saleTotalCents: BigInt(cents),
      salePaidCents: paidCents === undefined ? null : BigInt(paidCents),
      createdAt,
    },
    select: { id: true },
  });
}

function recovery(userId: number, dealerId: number, cents: number, createdAt: Date) {
  return prisma.post.create({
    data: { userId, dealerId, type: "RECOVERY", recoveryAmountCents: BigInt(cents), createdAt },
    select: { id: true },
  });
}

describe("a dealer's statement", () => {
  it("opens with the balance before the period's first Karachi midnight and closes with opening + entries", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer, other } = await setUp();
    // Oct 31, 23:30 in Karachi: before the period.
    await sale(officer.id, dealer.id, 100_000, at("2026-10-31T18:30:00Z"));
    // Nov 1, 00:30 in Karachi (Oct 31 in UTC): inside it.
    const inside = await sale(officer.id, dealer.id, 50_000, at("2026-10-31T19:30:00Z"), 20_000);
    await recovery(officer.id, dealer.id, 70_000, at("2026-11-20T05:00:00Z"));
    await sale(officer.id, other.id, 999_900, at("2026-11-10T05:00:00Z"));

    const statement = await dealerStatement(officer, dealer.id, { from: "2026-11-01", to: "2026-11-30" });

    expect(statement.openingBalanceCents).toBe(100_000n);
    expect(statement.entries.map((entry) => [entry.kind, entry.amountCents, entry.balanceAfterCents])).toEqual([
      ["SALE", 50_000n, 150_000n],
      ["PAYMENT", -20_000n, 130_000n],
      ["RECOVERY", -70_000n, 60_000n],
    ]);
    expect(statement.entries[0]!.post).toEqual({
      id: inside.id,
      type: "SALE",
      product: "SSP",
      bags: 10,
      priceCents: 5_000n,
    });
    expect([statement.debitsCents, statement.creditsCents, statement.closingBalanceCents]).toEqual([
      50_000n,
      90_000n,
      60_000n,
    ]);
    expect(toStatementAnswer(statement)).toMatchObject({
      openingBalance: "1000.00",
      closingBalance: "600.00",
      totals: { debits: "500.00", credits: "900.00" },
      period: { from: "2026-11-01", to: "2026-11-30" },
    });
  });

  it("keeps a deleted post's entries with their reversals, an adjustment's and an opening's reasons", async () => {
    // The real clock: a deleted post's reversals count from when the database deleted it.
    const { officer, admin, dealer } = await setUp();
    await openAccount(admin, dealer.id, { amount: 30_000n, reason: "Ledger book, Nov 1" });
    const post = await sale(officer.id, dealer.id, 40_000, new Date(Date.now() - 1_000));
    await prisma.post.delete({ where: { id: post.id } });
    await adjustAccount(admin, dealer.id, { amount: -5_000n, reason: "Damaged bags" });

    const statement = await dealerStatement(officer, dealer.id, {});

    expect(statement.entries.map((entry) => [entry.kind, entry.amountCents, entry.reason, entry.post?.type])).toEqual([
      ["SALE", 40_000n, null, null],
      ["OPENING", 30_000n, "Ledger book, Nov 1", undefined],
      ["REVERSAL", -40_000n, "Post deleted", null],
      ["ADJUSTMENT", -5_000n, "Damaged bags", undefined],
    ]);
    expect(statement.closingBalanceCents - statement.openingBalanceCents).toBe(25_000n);
  });

  it("is this month to today when no period is named", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer } = await setUp();
    expect((await dealerStatement(officer, dealer.id, {})).period).toEqual({ from: "2026-11-01", to: "2026-11-28" });
    expect((await dealerStatement(officer, dealer.id, { to: "2026-12-31" })).period).toEqual({
      from: "2026-11-01",
      to: "2026-12-31",
    });
  });

  it("refuses a period ending before it starts, a year 9999, and another team's officer (nothing read)", async () => {
    const { officer, stranger, dealer } = await setUp();
    await expect(dealerStatement(officer, dealer.id, { from: "2026-11-30", to: "2026-11-01" })).rejects.toEqual(
      new AppError(400, STATEMENT_PERIOD_INVALID, { field: "to" }),
    );
    await expect(dealerStatement(officer, dealer.id, { from: "9999-01-01", to: "9999-01-31" })).rejects.toMatchObject({
      status: 400,
      message: "from must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
    });
    await expect(dealerStatement(stranger, dealer.id, {})).rejects.toEqual(new AppError(403, ACCOUNT_NOT_YOURS));
    await expect(createStatementLink(stranger, dealer.id, {})).rejects.toEqual(new AppError(403, ACCOUNT_NOT_YOURS));
    await expect(dealerStatement(officer, 999_999, {})).rejects.toMatchObject({ status: 404 });
  });

  it("is an .xlsx whose rows are the page's, amounts as numbers with 2 decimals", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer } = await setUp();
    await sale(officer.id, dealer.id, 123_450, at("2026-11-02T05:00:00Z"), 23_450);
    const statement = await dealerStatement(officer, dealer.id, { from: "2026-11-01", to: "2026-11-30" });
    const bytes = await reportXlsx("Statement", statementTable(statement, english), officer.id);
    // Downloaded by an Urdu reader, its words are Urdu; its figures the same.
    const inUrdu = statementTable(statement, translator("ur", ["dealers"]));
    expect(inUrdu.columns).toEqual(["تاریخ", "اندراج", "پوسٹ", "ڈیبٹ", "کریڈٹ", "بقایا", "وجہ"]);
    expect(inUrdu.rows[1]?.slice(1, 3)).toEqual([
      { kind: "text", value: "سیل" },
      { kind: "text", value: expect.stringMatching(/^سیل نمبر \d+: SSP Fertilizer/) },
    ]);
    const sheet = XLSX.read(bytes, { cellNF: true }).Sheets.Report!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[1]).toEqual(["Date", "Entry", "Post", "Debit", "Credit", "Balance", "Reason"]);
    expect(rows.slice(2).map((row) => [row[1], row[3], row[4], row[5]])).toEqual([
      ["Opening balance", undefined, undefined, 0],
      ["Sale", 1234.5, undefined, 1234.5],
      ["Paid at the counter", undefined, 234.5, 1000],
      ["Closing balance", 1234.5, 234.5, 1000],
    ]);
    expect(rows[3]![2]).toMatch(/^Sale #\d+: SSP Fertilizer, 10 bags at \$123\.45$/);
    expect(sheet.F4!.z).toBe("0.00");
  });
});

describe("a statement's share link", () => {
  it("opens that one statement without an account until it expires 7 days later (410 after)", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer } = await setUp();
    await sale(officer.id, dealer.id, 10_000, at("2026-11-02T05:00:00Z"));
    const link = await createStatementLink(officer, dealer.id, { from: "2026-11-01", to: "2026-11-30" });
    expect(link.expiresAt).toEqual(new Date(NOW.getTime() + 7 * 86_400_000));
    expect(new URL(link.url).pathname).toBe(`/statement/${link.token}`);

    // The ledger only grows: the link shows it as of when it is opened.
    await recovery(officer.id, dealer.id, 4_000, at("2026-11-28T06:00:00Z"));
    const shared = await sharedStatement(link.token);
    expect(shared.statement.dealer.id).toBe(dealer.id);
    expect(shared.statement.period).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(shared.statement.closingBalanceCents).toBe(6_000n);
    expect(madeStatementLink(dealer.id, link.token)?.url).toBe(link.url);

    vi.setSystemTime(link.expiresAt.getTime() - 1);
    await expect(sharedStatement(link.token)).resolves.toBeTruthy();
    vi.setSystemTime(link.expiresAt);
    await expect(sharedStatement(link.token)).rejects.toEqual(
      new AppError(410, STATEMENT_LINK_EXPIRED, { values: { days: 7 } }),
    );
    expect(madeStatementLink(dealer.id, link.token)).toBeNull();
  });

  it("names nothing once changed: another dealer, another period, a later expiry, another signature (404)", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const { officer, dealer, other } = await setUp();
    const { token } = await createStatementLink(officer, dealer.id, { from: "2026-11-01", to: "2026-11-30" });
    const [dealerId, from, to, expires, signature] = token.split(".");
    const changed = [
      [other.id, from, to, expires, signature],
      [dealerId, "20250101", to, expires, signature],
      [dealerId, from, to, Number(expires) + 86_400, signature],
      [dealerId, from, to, expires, `${signature!.slice(0, -2)}AA`],
      [dealerId, from, to, expires],
    ].map((parts) => parts.join("."));
    for (const tampered of [...changed, "", "garbage", `${token}.x`])
      await expect(sharedStatement(tampered), tampered).rejects.toEqual(new AppError(404, STATEMENT_LINK_NOT_FOUND));
    expect(madeStatementLink(other.id, token)).toBeNull();
  });
});
