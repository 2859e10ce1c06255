import type { LedgerKind } from "~/lib/ledger";
import { formatMoney } from "~/lib/money";
import { POST_TYPE_LABELS, type PostType, SALE_PRODUCT_LABELS, type SaleProduct } from "~/lib/post-types";

// A dealer's statement as the page, the shared page and the .xlsx word it (issue 48, item 4).
// Browser-safe.

/** The post an entry came from, as the statement names it (type null: the post was deleted). */
export type StatementPost = {
  id: number;
  type: PostType | null;
  product: SaleProduct | null;
  bags: number | null;
  priceCents: bigint | null;
};

/** "Sale #12: SSP Fertilizer, 10 bags at $1,250.00", "Recovery #13", "Post #14 (deleted)". */
export function postDetails(post: StatementPost, currencySymbol: string): string {
  if (post.type === null) return `Post #${post.id} (deleted)`;
  const named = `${POST_TYPE_LABELS[post.type]} #${post.id}`;
  if (post.type !== "SALE" || post.product === null) return named;
  const bags = post.bags === null ? "" : `, ${post.bags} ${post.bags === 1 ? "bag" : "bags"}`;
  const price = post.priceCents === null ? "" : ` at ${formatMoney(post.priceCents, currencySymbol)}`;
  return `${named}: ${SALE_PRODUCT_LABELS[post.product]}${bags}${price}`;
}

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
