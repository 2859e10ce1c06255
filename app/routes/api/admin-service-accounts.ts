import type { Route } from "./+types/admin-service-accounts";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { newServiceAccountSchema } from "~/models/api-token.schema";
import { createServiceAccount, listServiceAccounts } from "~/models/api-token.server";

/** GET /api/admin/service-accounts (ADMIN): every service account with its tokens. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return Response.json(await listServiceAccounts(), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/service-accounts (ADMIN) `{ username, role, teamId? }` → 201 and the account. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const input = await readJsonBody(args.request, newServiceAccountSchema);
    return Response.json(await createServiceAccount(input), { status: 201 });
  });
}
