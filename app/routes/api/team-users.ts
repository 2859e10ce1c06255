import type { Route } from "./+types/team-users";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { searchUsers } from "~/models/admin.server";
import { userSearchSchema } from "~/models/admin.schema";

/**
 * GET /api/team/users?query=&page=&team= (MANAGER, ADMIN): the people of the teams the manager
 * leads (an admin's: everyone), matching every word, newest first, 20 a page, with the total.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "MANAGER", "ADMIN");
  const search = readQuery(args.request, userSearchSchema);
  return apiCall(async () =>
    Response.json(await searchUsers(viewer, search), { headers: { "Cache-Control": "no-store" } }),
  );
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  return methodNotAllowed(args);
}
