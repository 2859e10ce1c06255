import type { Route } from "./+types/agents-location-quality";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { locationQualityQuerySchema } from "~/models/checkin.schema";
import { dayLocationQuality } from "~/models/checkin.server";

/**
 * GET /api/agents/location-quality?date=yyyy-MM-dd (managers and admins): per officer with
 * check-ins that day, the share of GPS check-ins, their median accuracy and the legs not counted
 * in distance and hours, by reason.
 */
export function loader(args: Route.LoaderArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  const { date } = readQuery(args.request, locationQualityQuerySchema);
  return Response.json(dayLocationQuality(date));
}

export const action = methodNotAllowed;
