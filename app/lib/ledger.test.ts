import { describe, expect, it } from "vitest";
import { AGEING_BUCKETS, AGEING_LABELS, bucketOfAge, passesLimit, type AccountSummary } from "~/lib/ledger";

const account = (balanceCents: bigint, creditLimitCents: bigint | null): AccountSummary => ({
  dealerId: 1,
  balanceCents,
  outstandingCents: balanceCents > 0n ? balanceCents : 0n,
  overdueCents: 0n,
  ageing: { days0to30: 0n, days31to60: 0n, days61to90: 0n, over90: 0n },
  creditLimitCents,
  paymentTermsDays: 30,
  oldestUnpaidDays: null,
});

describe("a dealer's account", () => {
  it("ages an unpaid sale into 0–30, 31–60, 61–90 and over 90 days", () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(bucketOfAge)).toEqual([
      "days0to30",
      "days0to30",
      "days31to60",
      "days31to60",
      "days61to90",
      "days61to90",
      "over90",
      "over90",
    ]);
    expect(AGEING_BUCKETS.map((bucket) => AGEING_LABELS[bucket])).toEqual([
      "0–30 days",
      "31–60 days",
      "61–90 days",
      "Over 90 days",
    ]);
  });

  it("passes the limit only past it, counting what was paid at the counter; no limit, never", () => {
    expect(passesLimit(account(90_000n, 100_000n), 10_000n)).toBe(false);
    expect(passesLimit(account(90_000n, 100_000n), 10_001n)).toBe(true);
    expect(passesLimit(account(90_000n, 100_000n), 20_000n, 10_000n)).toBe(false);
    expect(passesLimit(account(-50_000n, 0n), 40_000n)).toBe(false);
    expect(passesLimit(account(10n ** 12n, null), 10n ** 12n)).toBe(false);
  });
});
