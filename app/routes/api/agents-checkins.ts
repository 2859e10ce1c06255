import type { Route } from "./+types/agents-checkins";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { versionedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { checkInQuerySchema } from "~/models/checkin.schema";
import { dayCheckInItems, dayCheckInsKey, mapAudience } from "~/models/checkin.server";

/**
 * GET /api/agents/checkins?date=yyyy-MM-dd[&province=Punjab][&agent={userId}][&team={teamId}]:
 * the day's check-ins of the viewer's own people (an officer's team, a manager's teams, everyone
 * for an admin; `team` narrows to one of them) in time order (the call's original fields, plus
 * each one's number in its agent's day, the Start / Stop / Latest label and the agent's colour).
 * A missing or malformed date is a 400; a team not the viewer's, 403. Tagged with the check-ins'
 * version, whose routes it holds and whether the day is today (which names the last stop).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const query = readQuery(args.request, checkInQuerySchema);
  return apiCall(async () => {
    const now = new Date();
    const audience = await mapAudience(user, query.team);
    return versionedJson(args.request, dayCheckInsKey(audience, query, now), async () => ({
      data: dayCheckInItems(audience, query, now),
    }));
  });
}

export const action = methodNotAllowed;
