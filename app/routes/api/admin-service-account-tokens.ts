import type { Route } from "./+types/admin-service-account-tokens";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requestCredentialKind, requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { newTokenSchema, SERVICE_ACCOUNT_NOT_FOUND } from "~/models/api-token.schema";
import { createServiceToken } from "~/models/api-token.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/admin/service-accounts/{id}/tokens (ADMIN) `{ name, scope, expiresInDays? }` → 201 with the token, shown this once. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const accountId = requireId(args.params.id, SERVICE_ACCOUNT_NOT_FOUND);
    const input = await readJsonBody(args.request, newTokenSchema);
    return Response.json(await createServiceToken(accountId, input, requestCredentialKind(args)), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  });
}
