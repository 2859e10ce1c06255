import type { Route } from "./+types/team-day";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { teamDayQuerySchema } from "~/models/team-day.schema";
import { teamDay } from "~/models/team-day.server";

/**
 * GET /api/team-day[?team={teamId}] (managers and admins): the viewer's officers today (a
 * manager's teams; everyone for an admin; `team` narrows to one), who has posted and who has not.
 */
export function loader(args: Route.LoaderArgs) {
  const user = requireRole(args, "MANAGER", "ADMIN");
  return apiCall(async () => {
    const query = readQuery(args.request, teamDayQuerySchema);
    return Response.json(await teamDay(user, query), { headers: { "Cache-Control": "no-store" } });
  });
}

export const action = methodNotAllowed;
