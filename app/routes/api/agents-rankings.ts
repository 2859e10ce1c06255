import type { Route } from "./+types/agents-rankings";
import { revalidatedJson } from "~/lib/api.server";
import { requireUser } from "~/models/auth.server";
import { cachedAgentRankings } from "~/models/metrics.server";
import { periodFrom } from "~/models/post.schema";

/** GET /api/agents/rankings?period=today|week|month|all (default month): the agent ranking rows. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const period = periodFrom(new URL(args.request.url).searchParams.get("period"));
  return revalidatedJson(args.request, await cachedAgentRankings(period));
}
