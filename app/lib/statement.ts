import type { LedgerKind } from "~/lib/ledger";
import type { PostType, SaleProduct } from "~/lib/post-types";

// A dealer's statement as the page, the shared page and the .xlsx show it (issue 48, item 4); their
// words are the dealers catalog's (models/statement-words.ts).
// Browser-safe.

/** The post an entry came from, as the statement names it (type null: the post was deleted). */
export type StatementPost = {
  id: number;
  type: PostType | null;
  product: SaleProduct | null;
  bags: number | null;
  priceCents: bigint | null;
};

/** A share link lasts this many days from when it was made. */
export const STATEMENT_LINK_DAYS = 7;

/** A statement as the pages show it: every figure in cents, computed from the ledger. */
export type StatementShown = {
  dealer: { id: number; businessName: string; address: string };
  /** Both days included, yyyy-MM-dd in the app's time zone. */
  period: { from: string; to: string };
  /** The ledger only grows: the statement is the entries written before this moment. */
  asOf: Date;
  openingBalanceCents: bigint;
  entries: {
    id: number;
    kind: LedgerKind;
    amountCents: bigint;
    balanceAfterCents: bigint;
    at: Date;
    reason: string | null;
    post: StatementPost | null;
  }[];
  debitsCents: bigint;
  creditsCents: bigint;
  closingBalanceCents: bigint;
};
