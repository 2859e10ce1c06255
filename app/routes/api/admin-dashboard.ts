import type { Route } from "./+types/admin-dashboard";
import { methodNotAllowed } from "~/http/api.server";
import { getAdminDashboard } from "~/models/admin.server";
import { requireRole } from "~/http/auth.server";

/** GET /api/admin/dashboard (ADMIN): the stat cards and the latest posts, registrations and imports. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return Response.json(await getAdminDashboard(), { headers: { "Cache-Control": "no-store" } });
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}
