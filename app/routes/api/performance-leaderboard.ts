import type { Route } from "./+types/performance-leaderboard";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { versionedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { listVersion } from "~/models/list-version.server";
import { listLeaderboard } from "~/models/performance.server";
import { audienceQuerySchema } from "~/models/team.schema";
import { requestedAudience } from "~/models/team-scope.server";

/**
 * GET /api/performance/leaderboard: the active officers' entries, ranked ones first: the
 * viewer's own people by default, `?scope=company` everyone, `?team=` one team. Ranks, scores and
 * badges are the company's; `teamRank` is the place in the officer's team. The same for an
 * audience until a calculation, an officer's shown details or the teams change (the Leaderboard
 * list version), so it is read once per version and audience and kept.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return apiCall(async () => {
    const audience = await requestedAudience(user, readQuery(args.request, audienceQuerySchema), {
      companyAllowed: true,
    });
    const key = `leaderboard ${listVersion("Leaderboard")} ${JSON.stringify(audience)}`;
    return versionedJson(args.request, key, async () => ({ data: await listLeaderboard(audience) }));
  });
}

export const action = methodNotAllowed;
