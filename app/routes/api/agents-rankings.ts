import type { Route } from "./+types/agents-rankings";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { revalidatedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { cachedAgentRankings } from "~/models/metrics.server";
import { rankingsQuerySchema } from "~/models/post.schema";

/** GET /api/agents/rankings?period=today|week|month|all (default month): the agent ranking rows. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const { period } = readQuery(args.request, rankingsQuerySchema);
  return revalidatedJson(args.request, await cachedAgentRankings(period));
}

export const action = methodNotAllowed;
