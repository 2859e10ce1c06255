import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { ACCOUNT_GROUPINGS } from "~/lib/report-options";
import { buildAccountsReport, teamAccounts } from "~/models/accounts-report.server";
import { adjustAccount, reverseEntry } from "~/models/ledger.server";
import { FORBIDDEN, TEAM_FORBIDDEN } from "~/models/policy";

beforeEach(resetDatabase);
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
/** Noon in Karachi on Saturday, November 28, 2026: the month began 27.5 days before. */
const NOW = new Date("2026-11-28T07:00:00Z");
const KARACHI_MS = 5 * 3_600_000;
const TERMS_DAYS = 30;

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId },
    select: { id: true, role: true, teamId: true },
  });
}

async function dealer(name: string, state: string, teamId: number | null, createdById: number | null) {
  return prisma.dealer.create({
    data: {
      businessName: name,
      street: "Main Bazaar",
      city: "Multan",
      state,
      lat: 30.2,
      lng: 71.5,
      teamId,
      createdById,
    },
    select: { id: true },
  });
}

function sale(userId: number, dealerId: number, cents: number, daysAgo: number) {
  return prisma.post.create({
    data: {
      userId,
      dealerId,
      type: "SALE",
      saleProduct: "SSP",
      saleQty: 1,
      salePriceCents: BigInt(cents),
      saleTotalCents: BigInt(cents),
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    },
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
  });
}

/**
 * Two teams (A led by the manager), five dealers: A1 owes old sales after part payments and a
 * reversed recovery this month, A2 (in Sindh, added by the manager) a recent sale less an
 * adjustment, A3 has paid everything, B1 is team B's, N is of no team.
 */
async function setUp() {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  const teamA = await prisma.team.create({ data: { name: "Team A" }, select: { id: true } });
  const teamB = await prisma.team.create({ data: { name: "Team B" }, select: { id: true } });
  const admin = await person("admin", "ADMIN", null);
  const manager = await person("manager", "MANAGER", teamA.id);
  await prisma.teamManager.create({ data: { teamId: teamA.id, userId: manager.id } });
  const officerA = await person("officer.a", "OFFICER", teamA.id);
  const officerB = await person("officer.b", "OFFICER", teamB.id);
  const a1 = await dealer("A1 Khad Store", "Punjab", teamA.id, officerA.id);
  const a2 = await dealer("A2 Agro", "Sindh", teamA.id, manager.id);
  const a3 = await dealer("A3 Traders", "Punjab", teamA.id, officerA.id);
  const b1 = await dealer("B1 Seeds", "Sindh", teamB.id, officerB.id);
  const none = await dealer("N Farm Supply", "Punjab", null, null);
  await sale(officerA.id, a1.id, 100_000, 75);
  await sale(officerA.id, a1.id, 50_000, 40);
  await recovery(officerA.id, a1.id, 30_000, 20);
  await recovery(officerA.id, a1.id, 10_000, 2);
  await recovery(officerA.id, a1.id, 5_000, 1);
  const reversed = await prisma.ledgerEntry.findFirstOrThrow({
    where: { dealerId: a1.id, amountCents: -5_000n },
    select: { id: true },
  });
  await reverseEntry(admin, reversed.id, { reason: "Cheque bounced" });
  await sale(manager.id, a2.id, 80_000, 10);
  await adjustAccount(admin, a2.id, { amount: -5_000n, reason: "Damaged bags" });
  await sale(officerA.id, a3.id, 20_000, 100);
  await recovery(officerA.id, a3.id, 20_000, 50);
  await sale(officerB.id, b1.id, 70_000, 45);
  await sale(officerB.id, none.id, 10_000, 95);
  return { teamA, teamB, admin, manager, officerA, officerB, dealers: { a1, a2, a3, b1, none } };
}

type Recomputed = { outstanding: bigint; overdue: bigint; buckets: [bigint, bigint, bigint, bigint] };

/**
 * A dealer's account as of `at`, recomputed here from its raw entries (not through the model's
 * SQL): entries counted by then, an entry and its reversal (by then) as neither; credits pay the
 * oldest debits first; ages in whole Karachi days.
 */
async function recompute(dealerId: number, at: Date): Promise<Recomputed> {
  const entries = (
    await prisma.ledgerEntry.findMany({ where: { dealerId }, orderBy: [{ at: "asc" }, { id: "asc" }] })
  ).filter((entry) => entry.at.getTime() <= at.getTime());
  const reversed = new Set(entries.filter((entry) => entry.reversesId !== null).map((entry) => entry.reversesId));
  const live = entries.filter((entry) => entry.reversesId === null && !reversed.has(entry.id));
  let credit = live.filter((entry) => entry.amountCents < 0n).reduce((sum, entry) => sum - entry.amountCents, 0n);
  const localDay = (time: Date) => Math.floor((time.getTime() + KARACHI_MS) / DAY);
  const result: Recomputed = { outstanding: 0n, overdue: 0n, buckets: [0n, 0n, 0n, 0n] };
  for (const debit of live.filter((entry) => entry.amountCents > 0n)) {
    const paid = credit < debit.amountCents ? credit : debit.amountCents;
    credit -= paid;
    const unpaid = debit.amountCents - paid;
    if (unpaid === 0n) continue;
    const age = localDay(at) - localDay(debit.at);
    result.outstanding += unpaid;
    if (age > TERMS_DAYS) result.overdue += unpaid;
    result.buckets[age <= 30 ? 0 : age <= 60 ? 1 : age <= 90 ? 2 : 3] += unpaid;
  }
  return result;
}

const monthStart = new Date("2026-10-31T19:00:00Z");

describe("the accounts report", () => {
  it("by dealer: each figure is the one recomputed from the raw entries, now and at the month's start", async () => {
    const { admin, dealers } = await setUp();
    const report = await buildAccountsReport(admin, { groupBy: "dealer" });
    expect(report.date).toBe("2026-11-28");
    expect(report.monthStart).toBe("2026-11-01");
    // A3 paid everything before the month: no row.
    expect(report.rows.map((row) => row.label).sort()).toEqual([
      "A1 Khad Store",
      "A2 Agro",
      "B1 Seeds",
      "N Farm Supply",
    ]);
    for (const row of report.rows) {
      const now = await recompute(Number(row.key), NOW);
      const atStart = await recompute(Number(row.key), monthStart);
      expect(row.figures.outstandingCents).toBe(now.outstanding);
      expect(row.figures.overdueCents).toBe(now.overdue);
      expect(Object.values(row.figures.ageing)).toEqual(now.buckets);
      expect(row.figures.overdueAtMonthStartCents).toBe(atStart.overdue);
    }
    // By hand, for A1: 150,000 of sales, 40,000 recovered this month (the 5,000 reversed counts not),
    // paying the oldest: 60,000 of the 75-day sale and the 40-day 50,000 left, all overdue.
    const a1 = report.rows.find((row) => row.key === String(dealers.a1.id))!.figures;
    expect(a1).toEqual({
      dealers: 1,
      outstandingCents: 110_000n,
      overdueCents: 110_000n,
      ageing: { days0to30: 0n, days31to60: 50_000n, days61to90: 60_000n, over90: 0n },
      recoveredThisMonthCents: 40_000n,
      overdueAtMonthStartCents: 100_000n,
    });
    expect(report.totals.outstandingCents).toBe(110_000n + 75_000n + 70_000n + 10_000n);
    expect(report.totals.overdueCents).toBe(110_000n + 70_000n + 10_000n);
    expect(report.mostOverdue.map((entry) => entry.businessName)).toEqual([
      "A1 Khad Store",
      "B1 Seeds",
      "N Farm Supply",
    ]);
  });

  it("every grouping adds up to the same totals; officer is who added the dealer", async () => {
    const { admin, manager, officerA } = await setUp();
    const byDealer = await buildAccountsReport(admin, { groupBy: "dealer" });
    for (const groupBy of ACCOUNT_GROUPINGS) {
      const report = await buildAccountsReport(admin, { groupBy });
      expect(report.totals).toEqual(byDealer.totals);
      const sum = report.rows.reduce((total, row) => total + row.figures.outstandingCents, 0n);
      expect(sum).toBe(report.totals.outstandingCents);
    }
    const byOfficer = await buildAccountsReport(admin, { groupBy: "officer" });
    const officerRow = (id: number) => byOfficer.rows.find((row) => row.key === String(id))?.figures.outstandingCents;
    expect(officerRow(officerA.id)).toBe(110_000n);
    expect(officerRow(manager.id)).toBe(75_000n);
    expect(byOfficer.rows.find((row) => row.key === "")?.label).toBe("No officer");
    const byProvince = await buildAccountsReport(admin, { groupBy: "province" });
    expect(byProvince.rows.map((row) => [row.label, row.figures.outstandingCents])).toEqual([
      ["Punjab", 120_000n],
      ["Sindh", 145_000n],
    ]);
  });

  it("a manager sees the dealers of their teams only; another team, or an officer, is refused", async () => {
    const { manager, officerA, teamA, teamB, dealers } = await setUp();
    const report = await buildAccountsReport(manager, { groupBy: "dealer" });
    expect(report.rows.map((row) => Number(row.key)).sort()).toEqual([dealers.a1.id, dealers.a2.id].sort());
    expect(report.mostOverdue.map((entry) => entry.id)).toEqual([dealers.a1.id]);
    expect(
      (await buildAccountsReport(manager, { groupBy: "team", team: teamA.id })).rows.map((row) => row.label),
    ).toEqual(["Team A"]);
    await expect(buildAccountsReport(manager, { groupBy: "dealer", team: teamB.id })).rejects.toEqual(
      new AppError(403, TEAM_FORBIDDEN),
    );
    await expect(buildAccountsReport(officerA, { groupBy: "dealer" })).rejects.toEqual(new AppError(403, FORBIDDEN));
    await expect(teamAccounts(officerA, {})).rejects.toEqual(new AppError(403, FORBIDDEN));
  });

  it("a province narrows the dealers; the admin's team narrows to that team's", async () => {
    const { admin, teamB, dealers } = await setUp();
    const sindh = await buildAccountsReport(admin, { groupBy: "dealer", province: "Sindh" });
    expect(sindh.rows.map((row) => Number(row.key)).sort()).toEqual([dealers.a2.id, dealers.b1.id].sort());
    const teamBOnly = await buildAccountsReport(admin, { groupBy: "dealer", team: teamB.id });
    expect(teamBOnly.rows.map((row) => Number(row.key))).toEqual([dealers.b1.id]);
    expect(teamBOnly.teamName).toBe("Team B");
  });
});

describe("the manager's day's accounts", () => {
  it("what the team's dealers owe and are overdue, the most overdue first", async () => {
    const { manager, admin, dealers } = await setUp();
    const team = await teamAccounts(manager, {});
    expect(team.outstandingCents).toBe(110_000n + 75_000n);
    expect(team.overdueCents).toBe(110_000n);
    expect(team.mostOverdue.map((entry) => [entry.id, entry.overdueCents])).toEqual([[dealers.a1.id, 110_000n]]);
    const everyone = await teamAccounts(admin, {});
    expect(everyone.mostOverdue.map((entry) => entry.id)).toEqual([dealers.a1.id, dealers.b1.id, dealers.none.id]);
  });
});
