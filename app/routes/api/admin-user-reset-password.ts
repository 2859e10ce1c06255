import type { Route } from "./+types/admin-user-reset-password";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { sendAdminPasswordReset } from "~/models/admin.server";
import { PASSWORD_RESET_SENT, USER_NOT_FOUND } from "~/models/admin.schema";
import { requireRole } from "~/http/auth.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/infra/idempotency.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/**
 * POST /api/admin/users/{id}/reset-password (ADMIN; no body): emails the user a reset link;
 * a repeat with the same `Idempotency-Key` (the admin's) sends no second email; the key for
 * another user answers 422.
 */
export async function action(args: Route.ActionArgs) {
  const admin = requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const { replayed } = await sendAdminPasswordReset(
      admin.id,
      requireId(args.params.id, USER_NOT_FOUND),
      submissionKeyFromHeader(args.request),
    );
    return Response.json(
      { message: PASSWORD_RESET_SENT },
      { headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined },
    );
  });
}
