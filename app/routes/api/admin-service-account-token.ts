import type { Route } from "./+types/admin-service-account-token";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requestCredentialKind, requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { SERVICE_ACCOUNT_NOT_FOUND, TOKEN_NOT_FOUND } from "~/models/api-token.schema";
import { revokeServiceToken } from "~/models/api-token.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** DELETE /api/admin/service-accounts/{id}/tokens/{tokenId} (ADMIN): revokes one of a service account's tokens. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    const accountId = requireId(args.params.id, SERVICE_ACCOUNT_NOT_FOUND);
    await revokeServiceToken(accountId, requireId(args.params.tokenId, TOKEN_NOT_FOUND), requestCredentialKind(args));
    return Response.json({ success: true });
  });
}
