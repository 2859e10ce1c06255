import type { Route } from "./+types/admin-invites";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { teamChoiceSchema } from "~/models/registration.schema";
import { createInvite } from "~/models/registration.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/admin/invites {teamId} (ADMIN; a manager's is POST /api/team/invites): a one-time invite link, valid 7 days. */
export async function action(args: Route.ActionArgs) {
  const maker = requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const { teamId } = await readJsonBody(args.request, teamChoiceSchema);
    return Response.json(await createInvite(maker, teamId), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  });
}
