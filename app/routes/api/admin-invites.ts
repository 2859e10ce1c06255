import type { Route } from "./+types/admin-invites";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { teamChoiceSchema } from "~/models/registration.schema";
import { createInvite } from "~/models/registration.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN", "MANAGER");
  return methodNotAllowed(args);
}

/** POST /api/admin/invites {teamId} (MANAGER of that team, ADMIN): a one-time invite link, valid 7 days. */
export async function action(args: Route.ActionArgs) {
  const maker = requireRole(args, "ADMIN", "MANAGER");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const { teamId } = await readJsonBody(args.request, teamChoiceSchema);
    return Response.json(await createInvite(maker, teamId), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  });
}
