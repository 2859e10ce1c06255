import type { Route } from "./+types/team";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole, requireUser } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { deleteTeam, getTeam, getTeamFor, updateTeam } from "~/models/team.server";
import { TEAM_NOT_FOUND, teamDetailSchema, teamSchema } from "~/models/team.schema";

/** GET /api/teams/{id}: the team with its members and managers, for an admin or someone in it or leading it. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return apiCall(async () => Response.json(await getTeamFor(user, requireId(args.params.id, TEAM_NOT_FOUND))));
}

/** PUT /api/teams/{id} (ADMIN): the name and territory; DELETE (ADMIN): the team, its people unassigned. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  const method = args.request.method;
  if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    // A missing team answers 404 before the body is read.
    const id = (await getTeam(requireId(args.params.id, TEAM_NOT_FOUND))).id;
    if (method === "DELETE") {
      await deleteTeam(id);
      return Response.json({ success: true });
    }
    const input = await readJsonBody(args.request, teamSchema, { readOnly: teamDetailSchema });
    return Response.json(await updateTeam(id, input));
  });
}
