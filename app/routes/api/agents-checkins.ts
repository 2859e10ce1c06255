import type { Route } from "./+types/agents-checkins";
import { methodNotAllowed, readQuery, revalidatedJson } from "~/lib/api.server";
import { requireUser } from "~/models/auth.server";
import { checkInQuerySchema } from "~/models/checkin.schema";
import { dayCheckIns } from "~/models/checkin.server";

/**
 * GET /api/agents/checkins?date=yyyy-MM-dd[&province=Punjab][&agent={userId}]: the day's
 * check-ins in time order (the spec's fields, plus each one's number in its agent's day, the
 * Start / Stop / Latest label and the agent's colour). A missing or malformed date is a 400.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const day = await dayCheckIns(readQuery(args.request, checkInQuerySchema));
  return revalidatedJson(args.request, day.items);
}

export const action = methodNotAllowed;
