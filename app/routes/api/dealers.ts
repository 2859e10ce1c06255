import type { Route } from "./+types/dealers";
import { methodNotAllowed, readJsonBody, readQuery, versionedJson } from "~/lib/api.server";
import { requireUser } from "~/models/auth.server";
import { dealerListQuerySchema, dealerSchema } from "~/models/dealer.schema";
import { createDealer, listDealerPins, listDealers } from "~/models/dealer.server";
import { listVersion } from "~/models/list-version.server";

/**
 * GET /api/dealers?query=&province=: the directory, filtered by business name, owner, city or
 * phone, and (for the map) by province; `view=map` answers the map's pins only. The answer is
 * tagged with the dealers' version, so an unchanged list is neither read nor sent again.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const { query, province, view } = readQuery(args.request, dealerListQuerySchema);
  const version = await listVersion("Dealer");
  const key = JSON.stringify(["dealers", version, view ?? null, province ?? null, view === "map" ? null : (query ?? "")]);
  // view=map: the map's pins only (no gallery, notes or pictures), for thousands of markers.
  return versionedJson(args.request, key, () => (view === "map" ? listDealerPins(province) : listDealers(query, { state: province })));
}

/** POST /api/dealers: a new dealer (the Add Dealer form's fields and rules). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const input = await readJsonBody(args.request, dealerSchema);
  return Response.json(await createDealer(input, user.id), { status: 201 });
}
