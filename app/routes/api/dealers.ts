import type { Route } from "./+types/dealers";
import { apiCall, methodNotAllowed, readJsonBody, readQuery } from "~/http/api.server";
import { versionedJson, type VersionedAnswer } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { dealerListQuerySchema, dealerSchema, decodeDealerCursor, encodeDealerCursor } from "~/models/dealer.schema";
import { createDealer, listDealerPins, listDealers } from "~/models/dealer.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { listVersion } from "~/models/list-version.server";
import { territoryTeamsOf } from "~/models/team.server";

/**
 * GET /api/dealers?query=&province=: the directory, filtered by business name, owner, city or
 * phone, and (for the map) by province; `view=map` answers the map's pins only. The whole list
 * unless `limit` asks for pages, whose next one is in `Link: <…>; rel="next"`. The answer is
 * tagged with the dealers' version, so an unchanged list is neither read nor sent again.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { query, province, view, limit, cursor, scope } = readQuery(args.request, dealerListQuerySchema);
  const version = listVersion("Dealer");
  const search = view === "map" ? "" : (query ?? "");
  // Without a search, an officer's list starts with their territory's dealers (`scope=company`:
  // all); a search looks through every dealer, and the map's pins are every dealer.
  const territory = view === "map" || search || scope === "company" ? [] : await territoryTeamsOf(user);
  const teamIds = territory.length > 0 ? territory : undefined;
  const key = JSON.stringify([
    "dealers",
    version,
    teamIds ?? null,
    view ?? null,
    province ?? null,
    search,
    limit ?? null,
    cursor ?? null,
  ]);

  return versionedJson(args.request, key, async (): Promise<VersionedAnswer> => {
    // One more than the page tells whether another page follows.
    const options = {
      state: province,
      teamIds,
      limit: limit === undefined ? undefined : limit + 1,
      after: decodeDealerCursor(cursor),
    };
    // view=map: the map's pins only (no gallery, notes or pictures), for thousands of markers.
    const rows = view === "map" ? listDealerPins(options) : listDealers(search, options);
    if (limit === undefined || rows.length <= limit) return { data: rows };
    const page = rows.slice(0, limit);
    const next = new URL(args.request.url);
    next.searchParams.set("cursor", encodeDealerCursor(page[page.length - 1]!));
    return { data: page, headers: { Link: `<${next.pathname}${next.search}>; rel="next"` } };
  });
}

/**
 * POST /api/dealers: a new dealer (the Add Dealer form's fields and rules). With an
 * `Idempotency-Key`, a repeat answers the first dealer (201, `Idempotent-Replayed: true`); the
 * key with other fields answers 422.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const key = submissionKeyFromHeader(args.request);
    const input = await readJsonBody(args.request, dealerSchema);
    const { dealer, replayed } = await createDealer(input, user, key);
    return Response.json(dealer, { status: 201, headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined });
  });
}
