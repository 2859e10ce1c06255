import type { Route } from "./+types/admin-webhooks";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { webhookSchema } from "~/models/webhook.schema";
import { createWebhook, listWebhooks } from "~/models/webhook.server";

/** GET /api/admin/webhooks (ADMIN): every webhook with its last delivery's status. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return Response.json(await listWebhooks(), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/webhooks `{ url, events }` (ADMIN): 201, the webhook and its secret, shown this once. */
export async function action(args: Route.ActionArgs) {
  const admin = requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const input = await readJsonBody(args.request, webhookSchema);
    return Response.json(await createWebhook(admin.id, input), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  });
}
