import type { Route } from "./+types/products";
import { methodNotAllowed } from "~/http/api.server";
import { SALE_PRODUCT_LABELS, SALE_PRODUCTS } from "~/lib/post-types";
import { revalidatedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";

/** GET /api/products: the sale products, `[{ id, name }]`. */
export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return revalidatedJson(
    args.request,
    SALE_PRODUCTS.map((id) => ({ id, name: SALE_PRODUCT_LABELS[id] })),
  );
}

export const action = methodNotAllowed;
