import type { Route } from "./+types/team-pending";
import { methodNotAllowed } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { listPendingAccounts } from "~/models/registration.server";

/** GET /api/team/pending (MANAGER, ADMIN): the accounts waiting for approval, oldest first. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  return Response.json(await listPendingAccounts(), { headers: { "Cache-Control": "no-store" } });
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  return methodNotAllowed(args);
}
