import type { Route } from "./+types/dealers";
import { methodNotAllowed, readJsonBody, revalidatedJson } from "~/lib/api.server";
import { PROVINCES } from "~/lib/provinces";
import { requireUser } from "~/models/auth.server";
import { dealerSchema, dealerSearchSchema } from "~/models/dealer.schema";
import { createDealer, listDealerPins, listDealers } from "~/models/dealer.server";

/**
 * GET /api/dealers?query=&province=: the directory, filtered by business name, owner, city or
 * phone, and (for the map) by province; `view=map` answers the map's pins only.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const parsed = dealerSearchSchema.safeParse({ query: params.get("query") ?? undefined });
  if (!parsed.success) return Response.json({ error: "Search text must be 100 characters or less" }, { status: 400 });
  const province = params.get("province") || undefined;
  if (province !== undefined && province !== "All" && !(PROVINCES as readonly string[]).includes(province)) {
    return Response.json({ error: "Unknown province" }, { status: 400 });
  }
  const state = province === "All" ? undefined : province;
  // view=map: the map's pins only (no gallery, notes or pictures), for thousands of markers.
  if (params.get("view") === "map") return revalidatedJson(args.request, await listDealerPins(state));
  return revalidatedJson(args.request, await listDealers(parsed.data.query, { state }));
}

/** POST /api/dealers: a new dealer (the Add Dealer form's fields and rules). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const input = await readJsonBody(args.request, dealerSchema);
  return Response.json(await createDealer(input, user.id), { status: 201 });
}
