import type { Route } from "./+types/admin-users";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { searchUsers } from "~/models/admin.server";
import { userSearchSchema } from "~/models/admin.schema";
import { requireRole } from "~/http/auth.server";

/** GET /api/admin/users?query=&page= (ADMIN): users matching every word, newest first, 20 a page, with the total. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  const search = readQuery(args.request, userSearchSchema);
  return Response.json(await searchUsers(search), { headers: { "Cache-Control": "no-store" } });
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}
