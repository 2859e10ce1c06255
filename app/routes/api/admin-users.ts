import type { Route } from "./+types/admin-users";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { searchUsers } from "~/models/admin.server";
import { userSearchSchema } from "~/models/admin.schema";
import { requireRole } from "~/http/auth.server";

/**
 * GET /api/admin/users?query=&page=&team= (ADMIN, MANAGER): users matching every word, newest
 * first, 20 a page, with the total; a manager's cover the teams they lead (decision 42).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "ADMIN", "MANAGER");
  const search = readQuery(args.request, userSearchSchema);
  return apiCall(async () =>
    Response.json(await searchUsers(viewer, search), { headers: { "Cache-Control": "no-store" } }),
  );
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN", "MANAGER");
  return methodNotAllowed(args);
}
