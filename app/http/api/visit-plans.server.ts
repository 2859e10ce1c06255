import * as answers from "~/http/api-answers";
import { operation } from "~/http/api/operation.server";
import { AppError } from "~/lib/app-error";
import { planAnswer, planDaySchema, planStopsSchema, planUserQuerySchema } from "~/models/visit-plan.schema";
import { deletePlan, getVisitPlan, setPlanStops } from "~/models/visit-plan.server";

const planDay = { description: "The plan's day, yyyy-MM-dd (Asia/Karachi)", example: "2026-11-27" };

/** The plan's day in the path: a malformed one answers 400 with its message. */
function pathDay(value: string): string {
  const parsed = planDaySchema.safeParse(value);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? "Invalid day", { field: "day" });
  return parsed.data;
}

export const visitPlanOperations = [
  operation({
    method: "get",
    path: "/api/plans/{day}",
    summary:
      "A user's visit plan of a day (oneself by default; a manager: the officers of the teams they lead; an admin: anyone), its stops in driving order with their status",
    tag: "Visit plans",
    access: "app.use",
    pathParams: { day: planDay },
    query: planUserQuerySchema,
    answer: { status: 200, description: "The plan (no stops when there is none)", schema: planAnswer },
    errors: [400, 403, 404],
    handler: async ({ user, params, query }) =>
      Response.json(planAnswer.parse(await getVisitPlan(user, query.user ?? user.id, pathDay(params.day)))),
  }),
  operation({
    method: "put",
    path: "/api/plans/{day}",
    summary:
      "Set the plan's dealers (at most 25) for today or a coming day (14 days ahead); the server puts them in driving order from lat/lng (the officer's own place) or their home",
    tag: "Visit plans",
    access: "app.use",
    pathParams: { day: planDay },
    query: planUserQuerySchema,
    body: { kind: "json", schema: planStopsSchema, example: { dealerIds: [1], lat: 31.5204, lng: 74.3587 } },
    answer: { status: 200, description: "The plan", schema: planAnswer },
    errors: [400, 403, 404],
    handler: async ({ user, params, query, body }) => {
      const change = { viewer: user, userId: query.user ?? user.id, day: pathDay(params.day) };
      const { dealerIds, lat, lng } = await body();
      // The answer's fields only (the models' plan also says why a visit is not at the dealer, for the page).
      return Response.json(planAnswer.parse(await setPlanStops({ ...change, current: { lat, lng } }, dealerIds)));
    },
  }),
  operation({
    method: "delete",
    path: "/api/plans/{day}",
    summary: "Delete the plan of today or a coming day",
    tag: "Visit plans",
    access: "app.use",
    pathParams: { day: planDay },
    query: planUserQuerySchema,
    answer: { status: 200, description: "Deleted (or there was none)", schema: answers.successAnswer },
    errors: [400, 403, 404],
    handler: async ({ user, params, query }) => {
      await deletePlan({ viewer: user, userId: query.user ?? user.id, day: pathDay(params.day) });
      return Response.json({ success: true });
    },
  }),
];
