import type { Route } from "./+types/teams";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole, requireUser } from "~/http/auth.server";
import { createTeam, listTeamsFor } from "~/models/team.server";
import { teamSchema } from "~/models/team.schema";

/** GET /api/teams: every team for an admin; for others, their own team and the teams they lead. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return Response.json(await listTeamsFor(user), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/teams (ADMIN): `{ name, provinces, districts }` → 201 and the team; a taken name 409. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const input = await readJsonBody(args.request, teamSchema);
    return Response.json(await createTeam(input), { status: 201 });
  });
}
