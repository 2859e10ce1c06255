import { data, redirect } from "react-router";
import { formCall, pageCall, readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { addDays } from "~/lib/calendar-date";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { localDate } from "~/models/checkin.server";
import type { Viewer } from "~/models/team-scope.server";
import {
  addPlanStop,
  getVisitPlan,
  lastPlanDay,
  planCandidates,
  removePlanStop,
  reorderPlan,
} from "~/models/visit-plan.server";
import {
  planDaySchema,
  type PlanQuery,
  planQuerySchema,
  planReorderSchema,
  planStopSchema,
} from "~/models/visit-plan.schema";

// The /plan page's server side: which plan the URL names, what the page shows, and its forms.

/** The first message of a refused parse. */
const firstMessage = (error: { issues: Array<{ message: string }> }) => error.issues[0]?.message ?? "Invalid request";

/** The day the path names (today without one); a malformed day answers 400 with its message. */
function pageDay(param: string | undefined): string {
  if (param === undefined) return localDate();
  const parsed = planDaySchema.safeParse(param);
  if (!parsed.success) throw data(firstMessage(parsed.error), { status: 400 });
  return parsed.data;
}

/** `?user&query&lat&lng`; malformed ones answer 400 with their message. */
function pageQuery(url: URL): PlanQuery {
  const parsed = planQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(firstMessage(parsed.error), { status: 400 });
  return parsed.data;
}

/** The page's own URL for `day`, keeping whose plan it is, the search and where the officer is. */
export function planPath(day: string, query: Pick<PlanQuery, "user" | "query" | "lat" | "lng">): string {
  const params = new URLSearchParams();
  if (query.user !== undefined) params.set("user", String(query.user));
  if (query.query) params.set("query", query.query);
  if (query.lat !== undefined && query.lng !== undefined) {
    params.set("lat", String(query.lat));
    params.set("lng", String(query.lng));
  }
  const search = params.toString();
  return `/plan/${day}${search ? `?${search}` : ""}`;
}

/** The plan page's data: the plan, the days around it and, while it can change, the dealers to add. */
export async function planPage(viewer: Viewer, request: Request, dayParam: string | undefined) {
  const url = new URL(request.url);
  // The day picker's GET form sends ?day=: the plan of that day has its own path.
  const picked = url.searchParams.get("day");
  if (picked !== null && dayParam === undefined) throw redirect(planPath(pageDay(picked || undefined), pageQuery(url)));
  const day = pageDay(dayParam);
  const query = pageQuery(url);
  const userId = query.user ?? viewer.id;
  const plan = await pageCall(() => getVisitPlan(viewer, userId, day));
  const candidates = plan.editable
    ? await pageCall(() =>
        planCandidates(viewer, userId, {
          query: query.query,
          near: { lat: query.lat, lng: query.lng },
          exclude: plan.stops.map((stop) => stop.dealerId),
        }),
      )
    : null;
  const today = localDate();
  return {
    plan,
    own: userId === viewer.id,
    today,
    lastDay: lastPlanDay(),
    previousDay: addDays(day, -1),
    nextDay: addDays(day, 1),
    query: query.query ?? "",
    /** Where the page's forms post: this plan, whose it is and where the officer is. */
    formAction: planPath(day, query),
    user: query.user ?? null,
    here: query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null,
    candidates,
  };
}

const refuse = (intent: string, error: string, status: number) => data({ intent, error }, { status });

/**
 * The plan's forms, named by `intent`: `add` and `remove` (a dealer), `reorder` (from where the
 * officer is now). Each puts the plan in driving order again; any other intent answers 400.
 */
export async function planAction(viewer: Viewer, request: Request, dayParam: string | undefined) {
  const url = new URL(request.url);
  const day = pageDay(dayParam);
  const query = pageQuery(url);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries(form);
  const change = { viewer, userId: query.user ?? viewer.id, day };
  const run = (call: () => Promise<unknown>, title: string) =>
    formCall(
      async () => {
        await call();
        return redirectWithToast(planPath(day, { ...query, ...placeOf(fields) }), { title });
      },
      (error) => refuse(intent, error.message, error.status),
    );
  switch (intent) {
    case "add":
    case "remove": {
      const parsed = planStopSchema.safeParse(fields);
      if (!parsed.success) return refuse(intent, firstMessage(parsed.error), 400);
      const { dealerId, lat, lng } = parsed.data;
      return intent === "add"
        ? run(() => addPlanStop({ ...change, current: { lat, lng } }, dealerId), "Added to the plan")
        : run(() => removePlanStop({ ...change, current: { lat, lng } }, dealerId), "Removed from the plan");
    }
    case "reorder": {
      const parsed = planReorderSchema.safeParse(fields);
      if (!parsed.success) return refuse(intent, firstMessage(parsed.error), 400);
      return run(() => reorderPlan({ ...change, current: parsed.data }), "Plan put in driving order");
    }
    default:
      return refuse(intent, UNKNOWN_ACTION, 400);
  }
}

/** The place a form sent, when it sent a whole one (else none: the page keeps the URL's). */
function placeOf(fields: Record<string, FormDataEntryValue>): { lat?: number; lng?: number } {
  const parsed = planReorderSchema.safeParse({ lat: fields.lat, lng: fields.lng });
  return parsed.success && parsed.data.lat !== undefined ? parsed.data : {};
}
