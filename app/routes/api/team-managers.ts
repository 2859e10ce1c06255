import type { Route } from "./+types/team-managers";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { getTeam, setTeamManager } from "~/models/team.server";
import { TEAM_NOT_FOUND, teamManagerSchema } from "~/models/team.schema";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** PUT /api/teams/{id}/managers (ADMIN): `{ userId, manager }` makes a MANAGER lead this team, or stop leading it. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return apiCall(async () => {
    const id = (await getTeam(requireId(args.params.id, TEAM_NOT_FOUND))).id;
    const { userId, manager } = await readJsonBody(args.request, teamManagerSchema);
    return Response.json(await setTeamManager(id, userId, manager));
  });
}
