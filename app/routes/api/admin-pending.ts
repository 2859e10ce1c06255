import type { Route } from "./+types/admin-pending";
import { methodNotAllowed } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { listPendingAccounts } from "~/models/registration.server";

/** GET /api/admin/pending (ADMIN; a manager's is GET /api/team/pending): the accounts waiting for approval, oldest first. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return Response.json(await listPendingAccounts(), { headers: { "Cache-Control": "no-store" } });
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}
