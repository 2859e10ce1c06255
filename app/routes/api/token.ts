import type { Route } from "./+types/token";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requestCredentialKind, requireUser } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { TOKEN_NOT_FOUND } from "~/models/api-token.schema";
import { revokeToken } from "~/models/api-token.server";

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}

/** DELETE /api/tokens/{id}: revokes one of the caller's tokens; calls with it answer 401 from now on. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    await revokeToken(user.id, requireId(args.params.id, TOKEN_NOT_FOUND), requestCredentialKind(args));
    return Response.json({ success: true });
  });
}
