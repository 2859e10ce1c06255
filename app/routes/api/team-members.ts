import type { Route } from "./+types/team-members";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { getTeam, setTeamMember } from "~/models/team.server";
import { TEAM_NOT_FOUND, teamMemberSchema } from "~/models/team.schema";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** PUT /api/teams/{id}/members (ADMIN): `{ userId, member }` puts the officer in this team (out of any other) or out of it. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return apiCall(async () => {
    const id = (await getTeam(requireId(args.params.id, TEAM_NOT_FOUND))).id;
    const { userId, member } = await readJsonBody(args.request, teamMemberSchema);
    return Response.json(await setTeamMember(id, userId, member));
  });
}
