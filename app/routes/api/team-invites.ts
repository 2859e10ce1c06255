import type { Route } from "./+types/team-invites";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { teamChoiceSchema } from "~/models/registration.schema";
import { createInvite } from "~/models/registration.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/team/invites {teamId} (MANAGER of that team, ADMIN): a one-time invite link, valid 7 days. */
export async function action(args: Route.ActionArgs) {
  const maker = requireRole(args, "MANAGER", "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const { teamId } = await readJsonBody(args.request, teamChoiceSchema);
    return Response.json(await createInvite(maker, teamId), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  });
}
