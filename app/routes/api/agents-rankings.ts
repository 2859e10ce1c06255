import type { Route } from "./+types/agents-rankings";
import { apiCall, methodNotAllowed, readQuery } from "~/http/api.server";
import { revalidatedJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { rankingsFor } from "~/models/metrics.server";
import { rankingsQuerySchema } from "~/models/post.schema";

/**
 * GET /api/agents/rankings?period=today|week|month|all (default month): the agent ranking rows
 * of the viewer's own people; `?scope=company` the whole company's, `?team=` one team's.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return apiCall(async () => {
    const query = readQuery(args.request, rankingsQuerySchema);
    return revalidatedJson(args.request, await rankingsFor(user, query));
  });
}

export const action = methodNotAllowed;
