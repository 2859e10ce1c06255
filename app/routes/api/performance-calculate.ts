import type { Route } from "./+types/performance-calculate";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { RECALCULATED, RECALCULATION_FAILED, RECALCULATORS } from "~/lib/performance";
import { requireRole, requireUser } from "~/http/auth.server";
import { calculatePerformance } from "~/models/performance.server";

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}

/** POST /api/performance/calculate (MANAGER, ADMIN; no body): recalculates scores, ranks and badges. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, ...RECALCULATORS);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  try {
    const result = await calculatePerformance();
    return Response.json({ message: RECALCULATED, ...result });
  } catch (error) {
    console.error("Performance calculation failed:", error);
    return apiError(503, RECALCULATION_FAILED);
  }
}
