// A dealer's account as the counter, the statement and the reports speak of it (decision 80):
// the kinds of entry, the ageing buckets and the bounds on amounts. Browser-safe.

export const LEDGER_KINDS = ["OPENING", "SALE", "PAYMENT", "RECOVERY", "ADJUSTMENT", "REVERSAL"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  OPENING: "Opening balance",
  SALE: "Sale",
  PAYMENT: "Paid at the counter",
  RECOVERY: "Recovery",
  ADJUSTMENT: "Adjustment",
  REVERSAL: "Reversal",
};

/** The most one entry, a credit limit or a dealer's payment terms may be: $1,000,000,000 and a year. */
export const MAX_LEDGER_CENTS = 100_000_000_000;
export const MAX_TERMS_DAYS = 365;
/** The payment terms of a dealer without their own, until an admin sets the company's. */
export const DEFAULT_TERMS_DAYS = 30;

/** Unpaid sales by days since the sale: 0–30, 31–60, 61–90 and over 90. */
export const AGEING_BUCKETS = ["days0to30", "days31to60", "days61to90", "over90"] as const;
type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_LABELS: Record<AgeingBucket, string> = {
  days0to30: "0–30 days",
  days31to60: "31–60 days",
  days61to90: "61–90 days",
  over90: "Over 90 days",
};

export function bucketOfAge(days: number): AgeingBucket {
  if (days <= 30) return "days0to30";
  if (days <= 60) return "days31to60";
  if (days <= 90) return "days61to90";
  return "over90";
}

/** A dealer's account at a moment: every figure in cents, computed from the ledger. */
export type AccountSummary = {
  dealerId: number;
  /** The sum of every entry: more than 0 the dealer owes, less than 0 they have paid ahead. */
  balanceCents: bigint;
  /** What the dealer owes (the balance, or 0 when they have paid ahead). */
  outstandingCents: bigint;
  /** The part of the outstanding from sales older than the dealer's payment terms. */
  overdueCents: bigint;
  ageing: Record<AgeingBucket, bigint>;
  creditLimitCents: bigint | null;
  paymentTermsDays: number;
  /** Days since the oldest unpaid sale (null: nothing unpaid). */
  oldestUnpaidDays: number | null;
};

/** One entry of a dealer's account as the pages and /api show it (computed by ledger.server.ts). */
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

/** Whether a sale of `saleCents` (less `paidCents` paid at the counter) passes the dealer's limit. */
export function passesLimit(account: AccountSummary, saleCents: bigint, paidCents = 0n): boolean {
  return account.creditLimitCents !== null && account.balanceCents + saleCents - paidCents > account.creditLimitCents;
}
