import type { Route } from "./+types/changes";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { changesQuerySchema } from "~/models/change.schema";
import { listChanges } from "~/models/change.server";

/**
 * GET /api/changes?since=&limit=&entity= (ADMIN): the posts, dealers, check-ins and users created,
 * updated and deleted after the cursor `since`, oldest first, each with the row as it is now.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireRole(args, "ADMIN");
  return apiCall(async () => {
    const query = readQuery(args.request, changesQuerySchema);
    return Response.json(await listChanges(admin, query), { headers: { "Cache-Control": "no-store" } });
  });
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}
