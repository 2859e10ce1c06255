/**
 * The demo's dealer accounts (issue 48, decision 88): what was paid at the counter of the month's
 * credit sales, each dealer's opening balance brought forward from the company's Excel ledger, and
 * credit limits and payment terms. The month's posts are the seed's own, unchanged (the spec's
 * scores, rankings and badges read them); their ledger entries are written by the Post triggers.
 * A separate random stream, so nothing else the seed draws moves.
 */
import type { Prisma } from "~/generated/prisma/client";
import { Random } from "./seed-data/random";

const DAY_MS = 86_400_000;

export type DemoAccounts = {
  openingEntries: Prisma.LedgerEntryCreateManyInput[];
  creditTerms: Map<number, { creditLimitCents: bigint | null; paymentTermsDays: number | null }>;
};

/** Rs 500 steps, as the seed's recoveries. */
const roundTo500 = (cents: number) => BigInt(Math.max(1, Math.round(cents / 50_000)) * 50_000);

/** Terms the company gives: most dealers 30 days (a third on the company's default), some 15, 45 or 60. */
const TERMS: readonly (readonly [number | null, number])[] = [
  [null, 0.3],
  [15, 0.1],
  [30, 0.3],
  [45, 0.2],
  [60, 0.1],
];

export function buildDemoAccounts(input: {
  nowMs: number;
  adminId: number;
  dealers: readonly { id: number; createdMs: number }[];
  /** The month's posts: each sale's salePaidCents is set here (what was paid at the counter). */
  posts: Prisma.PostCreateManyInput[];
}): DemoAccounts {
  const rng = Random.stream("dealer accounts");
  const month = new Map<number, { sales: bigint; credits: bigint }>();
  for (const post of input.posts) {
    if (post.dealerId === null || post.dealerId === undefined) continue;
    const dealer = month.get(post.dealerId) ?? { sales: 0n, credits: 0n };
    month.set(post.dealerId, dealer);
    if (post.type === "RECOVERY") dealer.credits += BigInt(post.recoveryAmountCents ?? 0);
    if (post.type !== "SALE" || post.saleTotalCents === null || post.saleTotalCents === undefined) continue;
    const total = BigInt(post.saleTotalCents);
    dealer.sales += total;
    // Most sales are on credit; some are paid in full at the counter, some in part.
    const share = rng.weighted([
      [0, 0.6],
      [1, 0.15],
      [rng.float(0.2, 0.7), 0.25],
    ] as const);
    if (share === 0) continue;
    const part = roundTo500(Number(total) * share);
    post.salePaidCents = share === 1 || part > total ? total : part;
    dealer.credits += post.salePaidCents;
  }

  const openingEntries: Prisma.LedgerEntryCreateManyInput[] = [];
  const creditTerms: DemoAccounts["creditTerms"] = new Map();
  for (const dealer of input.dealers) {
    const { sales, credits } = month.get(dealer.id) ?? { sales: 0n, credits: 0n };
    let balance = sales - credits;
    // Most dealers owed something when the ledger began: from a month's trade to three, counting
    // from the oldest unpaid invoice it brings forward (10 to 120 days ago), so some of it is overdue.
    if (rng.chance(0.85)) {
      const scale = Math.max(Number(sales), 20_000_000);
      const amount = roundTo500(scale * rng.float(0.3, 3));
      const at = new Date(input.nowMs - rng.int(10, 120) * DAY_MS - rng.int(9, 17) * 3_600_000);
      openingEntries.push({
        dealerId: dealer.id,
        kind: "OPENING",
        amountCents: amount,
        reason: "Brought forward from the Excel ledger",
        at,
        createdAt: new Date(Math.max(dealer.createdMs, at.getTime())),
        createdById: input.adminId,
      });
      balance += amount;
    }
    // Most dealers have a limit with room to spare; a few have been sold past it.
    if (!rng.chance(0.85)) {
      creditTerms.set(dealer.id, { creditLimitCents: null, paymentTermsDays: rng.weighted(TERMS) });
      continue;
    }
    const over = balance > 0n && rng.chance(0.12);
    const limit = over
      ? Number(balance) * rng.float(0.6, 0.9)
      : Math.max(Number(balance), 50_000_000) * rng.float(1.3, 3);
    creditTerms.set(dealer.id, {
      creditLimitCents: roundTo500(limit),
      paymentTermsDays: rng.weighted(TERMS),
    });
  }
  return { openingEntries, creditTerms };
}
