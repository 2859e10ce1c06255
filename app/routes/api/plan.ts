import type { Route } from "./+types/plan";
import { apiCall, methodNotAllowed, readJsonBody, readQuery } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { AppError } from "~/lib/app-error";
import { deletePlan, getVisitPlan, setPlanStops } from "~/models/visit-plan.server";
import { planDaySchema, planUserQuerySchema, planStopsSchema } from "~/models/visit-plan.schema";

/** The plan's day in the path: a malformed one answers 400 with its message. */
function pathDay(value: string | undefined): string {
  const parsed = planDaySchema.safeParse(value);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? "Invalid day", { field: "day" });
  return parsed.data;
}

/** GET /api/plans/{day}?user=: the plan of the user (oneself by default) for the day, with each stop's status. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return apiCall(async () => {
    const day = pathDay(args.params.day);
    const query = readQuery(args.request, planUserQuerySchema);
    return Response.json(await getVisitPlan(user, query.user ?? user.id, day));
  });
}

/**
 * PUT /api/plans/{day}?user=: the plan's dealers, put in driving order from `lat`/`lng` (the
 * officer's own place) or their home; DELETE: no plan for that day.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const method = args.request.method;
  if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    const day = pathDay(args.params.day);
    const query = readQuery(args.request, planUserQuerySchema);
    const change = { viewer: user, userId: query.user ?? user.id, day };
    if (method === "DELETE") {
      await deletePlan(change);
      return Response.json({ success: true });
    }
    const { dealerIds, lat, lng } = await readJsonBody(args.request, planStopsSchema);
    return Response.json(await setPlanStops({ ...change, current: { lat, lng } }, dealerIds));
  });
}
