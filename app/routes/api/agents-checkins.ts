import type { Route } from "./+types/agents-checkins";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { versionedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { checkInQuerySchema } from "~/models/checkin.schema";
import { dayCheckInItems, localDate } from "~/models/checkin.server";
import { listVersion } from "~/models/list-version.server";

/**
 * GET /api/agents/checkins?date=yyyy-MM-dd[&province=Punjab][&agent={userId}]: the day's
 * check-ins in time order (the call's original fields, plus each one's number in its agent's day, the
 * Start / Stop / Latest label and the agent's colour). A missing or malformed date is a 400.
 * Tagged with the check-ins' version (and whether the day is today, which names the last stop).
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const query = readQuery(args.request, checkInQuerySchema);
  const now = new Date();
  const version = listVersion("CheckIn");
  const key = JSON.stringify([
    "checkins",
    version,
    query.date,
    localDate(now) === query.date,
    query.province ?? null,
    query.agent ?? null,
  ]);
  return versionedJson(args.request, key, async () => ({ data: dayCheckInItems(query, now) }));
}

export const action = methodNotAllowed;
