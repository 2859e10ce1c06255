import type { Route } from "./+types/agents-rankings";
import { apiError, fieldErrorsOf, revalidatedJson } from "~/lib/api.server";
import { requireUser } from "~/models/auth.server";
import { cachedAgentRankings } from "~/models/metrics.server";
import { rankingsQuerySchema } from "~/models/post.schema";

/** GET /api/agents/rankings?period=today|week|month|all (default month): the agent ranking rows. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const query = rankingsQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!query.success) return apiError(400, fieldErrorsOf(query.error).message);
  return revalidatedJson(args.request, await cachedAgentRankings(query.data.period));
}
