import type { Route } from "./+types/agents-checkins";
import { apiError, fieldErrorsOf, methodNotAllowed, revalidatedJson } from "~/lib/api.server";
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
  const params = new URL(args.request.url).searchParams;
  const parsed = checkInQuerySchema.safeParse({
    date: params.get("date") ?? undefined,
    province: params.get("province") ?? undefined,
    agent: params.get("agent") ?? undefined,
  });
  if (!parsed.success) {
    const { message, fieldErrors } = fieldErrorsOf(parsed.error);
    return apiError(400, message, fieldErrors);
  }
  const day = await dayCheckIns(parsed.data);
  return revalidatedJson(args.request, day.items);
}

export const action = methodNotAllowed;
