import type { Route } from "./+types/admin-user-reset-password";
import { adminCall, apiUserId } from "~/lib/admin-api.server";
import { methodNotAllowed } from "~/http/api.server";
import { sendAdminPasswordReset } from "~/models/admin.server";
import { PASSWORD_RESET_SENT } from "~/models/admin.schema";
import { requireRole } from "~/models/auth.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/admin/users/{id}/reset-password (ADMIN; no body): emails the user a reset link. */
export async function action(args: Route.ActionArgs) {
  const admin = requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const userId = apiUserId(args.params.id);
  return adminCall(async () => {
    await sendAdminPasswordReset(admin.id, userId);
    return Response.json({ message: PASSWORD_RESET_SENT });
  });
}
