import type { Route } from "./+types/me-stats";
import { methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { userStats } from "~/models/stats.server";

/** GET /api/me/stats: the signed-in user's figures for today, this week, this month and all time. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return Response.json(await userStats(user), { headers: { "Cache-Control": "no-store" } });
}

export const action = methodNotAllowed;
