// A dealer's account as the counter, the statement and the reports speak of it (decision 80):
// the kinds of entry, the ageing buckets and the bounds on amounts. Browser-safe.

import { formatMoney } from "~/lib/money";

export const LEDGER_KINDS = ["OPENING", "SALE", "PAYMENT", "RECOVERY", "ADJUSTMENT", "REVERSAL"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

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

/** What a sale's credit check reads of the account. */
type SaleAccount = Pick<AccountSummary, "balanceCents" | "outstandingCents" | "overdueCents" | "creditLimitCents">;

/** Whether a sale of `saleCents` (less `paidCents` paid at the counter) passes the dealer's limit. */
export function passesLimit(account: SaleAccount, saleCents: bigint, paidCents = 0n): boolean {
  return account.creditLimitCents !== null && account.balanceCents + saleCents - paidCents > account.creditLimitCents;
}

/** Added to the warning when the company's setting makes the credit limit block a sale. */
export const LIMIT_BLOCKS_SALE =
  "Sales past a dealer's credit limit are not allowed: take more at the counter, or ask a manager to raise the limit.";

/** The New Post form's confirmation of a sale that was warned of (a checkbox sent as "yes"). */
export const CONFIRM_CREDIT_FIELD = "confirmCredit";
/** A catalog's key (decision 101): New Post's error list says it in the reader's language. */
export const CONFIRM_CREDIT_NEEDED = "posts:credit.confirmNeeded";

/**
 * The warning of a sale that passes the dealer's credit limit or is made while they have overdue
 * money, with what they owe, what is overdue and the limit (null: nothing to warn of). The same
 * words on the server and, with JavaScript, live in the form.
 */
export function saleCreditWarning(account: SaleAccount, saleCents: bigint, paidCents: bigint, symbol = "$") {
  const over = passesLimit(account, saleCents, paidCents);
  const overdue = account.overdueCents > 0n;
  if (!over && !overdue) return null;
  const money = (cents: bigint) => formatMoney(cents, symbol);
  const owes = `This dealer owes ${money(account.outstandingCents)}${overdue ? `, ${money(account.overdueCents)} of it overdue` : ""}.`;
  const limit = account.creditLimitCents === null ? "" : ` Credit limit: ${money(account.creditLimitCents)}.`;
  const after = over
    ? ` This sale takes the balance to ${money(account.balanceCents + saleCents - paidCents)}, past the limit.`
    : "";
  return `${owes}${limit}${after}`;
}
