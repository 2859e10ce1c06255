import type { Route } from "./+types/admin-user-refuse";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { PENDING_NOT_FOUND, refuseAccount } from "~/models/registration.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/admin/users/{id}/refuse (ADMIN, no body; a manager's is /api/team/users/{id}/refuse): the waiting account can never sign in. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    await refuseAccount(requireId(args.params.id, PENDING_NOT_FOUND));
    return Response.json({ message: "Account refused" });
  });
}
