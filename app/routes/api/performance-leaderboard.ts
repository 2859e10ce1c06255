import type { Route } from "./+types/performance-leaderboard";
import { methodNotAllowed } from "~/http/api.server";
import { revalidatedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/models/auth.server";
import { listLeaderboard } from "~/models/performance.server";

/** GET /api/performance/leaderboard: every active officer's entry, ranked ones first. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return revalidatedJson(args.request, await listLeaderboard());
}

export const action = methodNotAllowed;
