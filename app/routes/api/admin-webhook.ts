import type { Route } from "./+types/admin-webhook";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { WEBHOOK_NOT_FOUND } from "~/models/webhook.schema";
import { deleteWebhook } from "~/models/webhook.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** DELETE /api/admin/webhooks/{id} (ADMIN): the webhook and its waiting deliveries. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    await deleteWebhook(requireId(args.params.id, WEBHOOK_NOT_FOUND));
    return Response.json({ success: true });
  });
}
