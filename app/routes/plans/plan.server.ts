import { data } from "react-router";
import { formCall, pageCall, readForm, pageRefusal } from "~/http/form.server";
import { said } from "~/http/language.server";
import { redirectWithToast } from "~/http/toast.server";
import { addDays } from "~/lib/calendar";
import { appDate } from "~/infra/clock.server";
import type { Viewer } from "~/models/team-scope.server";
import { getVisitPlan, lastPlanDay, missedStops, planCandidates } from "~/models/visit-plan.server";
import { plotVisitsDue } from "~/models/plot-visits-due.server";
import { type PlanQuery, planReorderSchema } from "~/models/visit-plan.schema";

// The /plan page's server side: which plan the URL names, what the page shows, and its forms.

/** The first message of a refused parse. */
const firstMessage = (error: { issues: Array<{ message: string }> }) => error.issues[0]?.message ?? "Invalid request";

/** A malformed day or query string answers 400 with its message. */
export function refusedUrl(error: { issues: Array<{ message: string }> }): never {
  throw pageRefusal(said(firstMessage(error)), 400);
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

/**
 * The plan page's data: the plan, the days around it, today's missed stops, the plot visits due
 * and, while it can change, the dealers to add.
 */
export async function planPage(viewer: Viewer, day: string, query: PlanQuery) {
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
  const today = appDate();
  // Today's plan offers the stops missed on the last week's plans, to move here.
  const missed = plan.day === today && plan.editable ? await pageCall(() => missedStops(viewer, userId)) : [];
  // Today's and a coming day's plan list the demo plot visits due by then (decision 97).
  const plotVisits = plan.day >= today ? await pageCall(() => plotVisitsDue(viewer, userId, plan.day)) : [];
  return {
    plan,
    missed,
    plotVisits,
    own: userId === viewer.id,
    today,
    lastDay: lastPlanDay(),
    previousDay: addDays(day, -1),
    nextDay: addDays(day, 1),
    query: query.query ?? "",
    /** Where the page's forms post: this plan, whose it is, the search and where the officer is. */
    formAction: planPath(day, query),
    user: query.user ?? null,
    here: query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null,
    candidates,
  };
}

/** A refused form: its intent and message (said in the reader's language), with the error's status. */
export const refusePlanForm = (
  intent: string,
  error: string,
  status: number,
  values?: Record<string, string | number>,
) => data({ intent, error: said(error, values) }, { status });

/** The first message of a refused form's parse, as the page's answer (400). */
export const refuseParse = (intent: string, error: { issues: Array<{ message: string }> }) =>
  refusePlanForm(intent, firstMessage(error), 400);

/**
 * A plan form's request: the plan it names (day, whose), the form's fields, and `run`, which
 * makes the change and goes back to the page with `title` (or refuses with the model's message).
 */
export async function readPlanForm(viewer: Viewer, request: Request, day: string, query: PlanQuery) {
  const fields = Object.fromEntries(await readForm(request));
  const intent = String(fields.intent ?? "");
  const change = { viewer, userId: query.user ?? viewer.id, day };
  const run = (call: () => Promise<unknown>, title: string) =>
    formCall(
      async () => {
        await call();
        return redirectWithToast(planPath(day, { ...query, ...placeOf(fields) }), { title });
      },
      (error) => refusePlanForm(intent, error.message, error.status, error.values),
    );
  return { intent, fields, change, run };
}

/** The place a form sent, when it sent a whole one (else none: the page keeps the URL's). */
function placeOf(fields: Record<string, FormDataEntryValue>): { lat?: number; lng?: number } {
  const parsed = planReorderSchema.safeParse({ lat: fields.lat, lng: fields.lng });
  return parsed.success && parsed.data.lat !== undefined ? parsed.data : {};
}
