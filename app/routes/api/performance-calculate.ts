import type { Route } from "./+types/performance-calculate";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { requireRole, requireUser } from "~/models/auth.server";
import { calculatePerformance } from "~/models/performance.server";

export const RECALCULATED = "Performance scores have been recalculated and badges assigned.";

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}

/** POST /api/performance/calculate (MANAGER, ADMIN; no body): recalculates scores, ranks and badges. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  try {
    const result = await calculatePerformance();
    return Response.json({ message: RECALCULATED, ...result });
  } catch (error) {
    console.error("Performance calculation failed:", error);
    return apiError(503, "Failed to calculate performance scores");
  }
}
