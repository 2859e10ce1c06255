import type { Route } from "./+types/agents-location-quality";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { locationQualityQuerySchema } from "~/models/checkin.schema";
import { dayLocationQuality, mapAudience } from "~/models/checkin.server";

/**
 * GET /api/agents/location-quality?date=yyyy-MM-dd[&team={teamId}] (managers and admins): per
 * officer of the viewer's teams (everyone for an admin; `team` narrows to one) with check-ins that
 * day, the share of GPS check-ins, their median accuracy and the legs not counted in distance and
 * hours, by reason.
 */
export function loader(args: Route.LoaderArgs) {
  const user = requireRole(args, "MANAGER", "ADMIN");
  const { date, team } = readQuery(args.request, locationQualityQuerySchema);
  return apiCall(async () => Response.json(dayLocationQuality(await mapAudience(user, team), date)));
}

export const action = methodNotAllowed;
