import type { Route } from "./+types/tokens";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requestCredentialKind, requireUser } from "~/http/auth.server";
import { newTokenSchema } from "~/models/api-token.schema";
import { createToken, listTokens } from "~/models/api-token.server";

/** GET /api/tokens: the caller's API tokens (never the tokens themselves), with their last use. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return Response.json(await listTokens(user.id), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/tokens `{ name, scope, expiresInDays? }` → 201 with the token, shown this once. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const input = await readJsonBody(args.request, newTokenSchema);
    return Response.json(await createToken(user, input, { by: requestCredentialKind(args) }), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  });
}
