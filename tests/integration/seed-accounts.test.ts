import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "../support/db";
import { seedDemoData } from "../../prisma/seed";
import { Prisma } from "~/generated/prisma/client";
import { AGEING_BUCKETS } from "~/lib/ledger";
import { accountSummaries, creditSettings } from "~/models/ledger.server";

const NOW = new Date("2026-11-22T07:30:00Z");

afterEach(() => vi.useRealTimers());

describe("the demo seed's dealer accounts", () => {
  it("are plausible: opening balances, credit sales paid in part, some dealers overdue and a few past their limit, every balance the sum of its entries", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const counts = await seedDemoData({ now: NOW });
    const accounts = accountSummaries(Prisma.sql`1 = 1`, await creditSettings(), NOW);
    expect(accounts).toHaveLength(counts.dealers);

    // Every balance is the sum of the dealer's raw entries, and its ageing adds up to what is owed.
    const sums = await prisma.ledgerEntry.groupBy({ by: ["dealerId"], _sum: { amountCents: true } });
    const sumOf = new Map(sums.map((row) => [row.dealerId, row._sum.amountCents ?? 0n]));
    for (const account of accounts) {
      expect(account.balanceCents).toBe(sumOf.get(account.dealerId) ?? 0n);
      expect(AGEING_BUCKETS.reduce((sum, bucket) => sum + account.ageing[bucket], 0n)).toBe(account.outstandingCents);
    }

    // Most dealers have an opening balance (the admin's) and a limit; some owe nothing, most owe.
    const openings = await prisma.ledgerEntry.findMany({ where: { kind: "OPENING" }, select: { createdById: true } });
    const admin = await prisma.user.findUniqueOrThrow({ where: { username: "admin" }, select: { id: true } });
    expect(openings.length).toBeGreaterThan(counts.dealers * 0.7);
    expect(openings.every((entry) => entry.createdById === admin.id)).toBe(true);
    expect(accounts.filter((account) => account.creditLimitCents !== null).length).toBeGreaterThan(
      counts.dealers * 0.7,
    );
    expect(accounts.filter((account) => account.outstandingCents > 0n).length).toBeGreaterThan(counts.dealers / 2);

    // Sales on credit, some paid in full or in part at the counter, and recoveries.
    const kinds = await prisma.ledgerEntry.groupBy({ by: ["kind"], _count: true });
    const countOf = new Map(kinds.map((row) => [row.kind, row._count]));
    expect(countOf.get("SALE")).toBeGreaterThan(countOf.get("PAYMENT") ?? 0);
    expect(countOf.get("PAYMENT")).toBeGreaterThan(10);
    expect(countOf.get("RECOVERY")).toBeGreaterThan(10);
    const partPaid = await prisma.post.count({
      where: {
        type: "SALE",
        salePaidCents: { gt: 0 },
        NOT: { salePaidCents: { equals: prisma.post.fields.saleTotalCents } },
      },
    });
    expect(partPaid).toBeGreaterThan(5);

    // Some dealers overdue, in more than one bucket; a few past their limit, not most.
    const overdue = accounts.filter((account) => account.overdueCents > 0n);
    expect(overdue.length).toBeGreaterThanOrEqual(5);
    expect(overdue.length).toBeLessThan(counts.dealers * 0.8);
    for (const bucket of AGEING_BUCKETS) expect(accounts.some((account) => account.ageing[bucket] > 0n)).toBe(true);
    const overLimit = accounts.filter(
      (account) => account.creditLimitCents !== null && account.balanceCents > account.creditLimitCents,
    );
    expect(overLimit.length).toBeGreaterThanOrEqual(2);
    expect(overLimit.length).toBeLessThan(counts.dealers * 0.2);
  });
});
