import type { Route } from "./+types/team-user-refuse";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { PENDING_NOT_FOUND, refuseAccount } from "~/models/registration.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/team/users/{id}/refuse (MANAGER, ADMIN; no body): the waiting account can never sign in. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    await refuseAccount(requireId(args.params.id, PENDING_NOT_FOUND));
    return Response.json({ message: "Account refused" });
  });
}
