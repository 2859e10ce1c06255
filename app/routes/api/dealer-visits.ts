import type { Route } from "./+types/dealer-visits";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { visitsQuerySchema } from "~/models/dealer-visits.schema";
import { dealerVisits } from "~/models/dealer-visits.server";
import { DEALER_NOT_FOUND } from "~/models/dealer.server";

/** GET /api/dealers/{id}/visits?cursor=&limit=: the last visit and a page of visits, newest first. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return apiCall(async () => {
    const id = requireId(args.params.id, DEALER_NOT_FOUND);
    return Response.json(await dealerVisits(id, readQuery(args.request, visitsQuerySchema)));
  });
}

export const action = methodNotAllowed;
