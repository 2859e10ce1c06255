import type { Route } from "./+types/performance-leaderboard";
import { methodNotAllowed } from "~/http/api.server";
import { versionedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { listVersion } from "~/models/list-version.server";
import { listLeaderboard } from "~/models/performance.server";

/**
 * GET /api/performance/leaderboard: every active officer's entry, ranked ones first. The same
 * for everyone until a calculation or an officer's shown details change (the Leaderboard list
 * version), so it is read once per version and kept.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return versionedJson(args.request, `leaderboard ${listVersion("Leaderboard")}`, async () => ({
    data: await listLeaderboard(),
  }));
}

export const action = methodNotAllowed;
