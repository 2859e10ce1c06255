import { formatMoney } from "~/lib/money";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import type { StatementPost } from "~/lib/statement";
import type { Translate } from "~/locales/namespaces";
import { POST_TYPE_KEYS } from "~/models/post-type-keys";

/**
 * The post a statement's entry came from, in the words of `t` (the page's and its Excel file's):
 * "Sale #12: SSP Fertilizer, 10 bags at $1,250.00", "Recovery #13", "Post #14 (deleted)".
 */
export function statementPostText(t: Translate, post: StatementPost, symbol: string): string {
  if (post.type === null) return t("dealers:statement.postDeleted", { id: post.id });
  const named = t("dealers:statement.postNamed", { type: t(POST_TYPE_KEYS[post.type]), id: post.id });
  if (post.type !== "SALE" || post.product === null) return named;
  const product = SALE_PRODUCT_LABELS[post.product];
  const bags = post.bags === null ? null : t("dealers:statement.bags", { count: post.bags });
  const price = post.priceCents === null ? null : formatMoney(post.priceCents, symbol);
  if (bags !== null && price !== null)
    return t("dealers:statement.saleBagsPrice", { post: named, product, bags, price });
  if (bags !== null) return t("dealers:statement.saleBags", { post: named, product, bags });
  if (price !== null) return t("dealers:statement.salePrice", { post: named, product, price });
  return t("dealers:statement.sale", { post: named, product });
}
