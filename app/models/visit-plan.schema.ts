import { isCalendarDate } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { MAX_STOPS } from "~/lib/visit-order";
import type { VisitWhy } from "~/lib/visit-place";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";

// Visit plans' inputs and answer (decision 43): one schema per input, shared by the /plan page's
// forms and /api/plans. Browser-safe (no server imports).

/** How many days ahead a plan may be made (today is day 0). */
export const PLAN_HORIZON_DAYS = 14;

// The rules' messages are catalogs' keys (decision 101), said in the reader's language.
export const PLAN_PAST: MessageKey = "plans:errors.past";
/** With `{ days: PLAN_HORIZON_DAYS }`. */
export const PLAN_TOO_FAR: MessageKey = "plans:errors.tooFar";
/** Its English names MAX_STOPS (a schema's message carries no values). */
export const PLAN_FULL: MessageKey = "plans:errors.full";
export const PLAN_USER_NOT_FOUND: MessageKey = "plans:errors.userNotFound";
const PLAN_PLACE_INCOMPLETE: MessageKey = "plans:errors.placeIncomplete";
const DEALER_ID_INVALID: MessageKey = "plans:errors.dealerInvalid";
const USER_ID_INVALID: MessageKey = "plans:errors.userInvalid";
/** lib/calendar.ts's calendarDateMessage("day") in English, as a key the page says in Urdu too. */
export const PLAN_DAY_INVALID: MessageKey = "plans:errors.dayInvalid";

/** The plan's day in a path or a form: a real yyyy-MM-dd date (which days may be changed is the model's rule). */
export const planDaySchema = z.string({ error: PLAN_DAY_INVALID }).refine(isCalendarDate, PLAN_DAY_INVALID);

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const coordinate = (min: number, max: number, message: MessageKey) =>
  z.preprocess(
    (value) => {
      const given = blank(value);
      return typeof given === "string" ? Number(given) : given;
    },
    z.number({ error: message }).min(min, message).max(max, message).optional(),
  );

/** Where the officer is now, as the browser sent it: both coordinates or neither. */
const placeFields = {
  lat: coordinate(-90, 90, "plans:errors.latitude"),
  lng: coordinate(-180, 180, "plans:errors.longitude"),
};
const bothOrNeither = (place: { lat?: number; lng?: number }, ctx: z.RefinementCtx) => {
  if ((place.lat === undefined) !== (place.lng === undefined))
    ctx.addIssue({ code: "custom", path: [place.lat === undefined ? "lat" : "lng"], message: PLAN_PLACE_INCOMPLETE });
};

/** `?user=<id>` of /api/plans/{day}: whose plan (one's own by default). */
export const planUserQuerySchema = z.object({ user: z.preprocess(blank, idSchema(USER_ID_INVALID).optional()) });

/** The page's `?user&query&lat&lng`: whose plan, the dealer search, and where the officer is. */
export const planQuerySchema = z
  .object({
    ...planUserQuerySchema.shape,
    query: z.preprocess(blank, z.string().trim().max(100, "plans:errors.searchTooLong").optional()),
    ...placeFields,
  })
  .superRefine(bothOrNeither);
export type PlanQuery = z.infer<typeof planQuerySchema>;

/** The page's Add and Remove forms: one dealer, and where the officer is now (to order from there). */
export const planStopSchema = z
  .object({ dealerId: idSchema(DEALER_ID_INVALID), ...placeFields })
  .superRefine(bothOrNeither);

/** The page's "Move to today" (one missed stop) and "Move all to today" (no dealer). */
export const planMoveSchema = z
  .object({ dealerId: z.preprocess(blank, idSchema(DEALER_ID_INVALID).optional()), ...placeFields })
  .superRefine(bothOrNeither);

/** A stop of a past day's plan left without any visit, not yet on today's plan nor visited since. */
export type MissedStop = { dealerId: number; businessName: string; city: string; day: string };

/** The page's "Order from here": where the officer is now. */
export const planReorderSchema = z.object(placeFields).superRefine(bothOrNeither);

/**
 * PUT /api/plans/{day}: the plan's dealers (the server puts them in driving order), from where the
 * officer is. The whole plan is replaced: no dealers (or none given) leaves it empty.
 */
export const planStopsSchema = z
  .object({
    dealerIds: z
      .array(idSchema(DEALER_ID_INVALID), { error: "plans:errors.dealerIdsList" })
      .max(MAX_STOPS, PLAN_FULL)
      .default([]),
    ...placeFields,
  })
  .superRefine(bothOrNeither);

const STOP_STATUSES = ["planned", "done", "unconfirmed", "missed"] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];

const placeAnswer = z.object({ lat: z.number(), lng: z.number() });

const planStopAnswer = z.object({
  position: z.number().int().describe("1 for the first stop of the driving order"),
  dealerId: z.number().int(),
  businessName: z.string(),
  city: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  kmFromPrevious: z.number().nullable().describe("Straight-line km from the previous stop (the start for the first)"),
  status: z
    .enum(STOP_STATUSES)
    .describe(
      "done: a post by the officer for this dealer that day from a GPS fix within VISIT_RADIUS_M of it; unconfirmed: posts that day, none of them so; missed: the day ended without one",
    ),
  visitedAt: z
    .string()
    .nullable()
    .describe("The time of the visit that counts (the first at the dealer, else the first)"),
  visitNote: z
    .string()
    .nullable()
    .describe(
      'Why an unconfirmed visit is not at the dealer: "Logged 40 km from the dealer", "Place typed, not from GPS"',
    ),
  directionsUrl: z.string(),
  logVisitUrl: z
    .string()
    .describe(
      "New Post with the dealer, Dealer Meeting and the dealer's place filled in, back to the plan once posted",
    ),
});
type PlanStop = z.infer<typeof planStopAnswer>;

const personAnswer = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A plan as GET and PUT /api/plans/{day} answer it (a day without a plan: no stops). */
export const planAnswer = z.object({
  userId: z.number().int(),
  officerName: z.string(),
  day: z.string().describe("yyyy-MM-dd, Asia/Karachi"),
  editable: z.boolean().describe("Today or a coming day within the horizon"),
  start: placeAnswer
    .extend({ source: z.enum(["CURRENT", "HOME"]) })
    .nullable()
    .describe("Where the driving order starts"),
  stops: z.array(planStopAnswer),
  totalKm: z.number(),
  routeDirections: z
    .array(z.object({ from: z.number().int(), to: z.number().int(), url: z.string() }))
    .describe("Links for the whole route, split where Google's 9-waypoint limit requires"),
  progress: z.object({
    planned: z.number().int(),
    done: z.number().int(),
    unconfirmed: z.number().int(),
    missed: z.number().int(),
  }),
  createdBy: personAnswer,
  updatedBy: personAnswer,
  updatedAt: z.string().nullable(),
});
export type PlanView = z.infer<typeof planAnswer>;

/**
 * A plan as the models read it: each stop also says why its visit is not at the dealer, without
 * words (the plan page says it in its reader's language; /api answers planAnswer, with visitNote).
 */
export type PlanWithWhy = Omit<PlanView, "stops"> & { stops: Array<PlanStop & { visitWhy: VisitWhy | null }> };

/** Today's plan on the officer's home: the next stop's number (null when all are logged), stops done and planned. */
export type PlanNext = { next: number | null; done: number; planned: number };

/** The stop to go to next: the first in driving order not yet logged (none once every stop is). */
export function nextStopOf<T extends { status: StopStatus }>(stops: readonly T[]): T | undefined {
  return stops.find((stop) => stop.status === "planned");
}

/** Where New Post goes back to after a visit is logged: today's plan, at its next stop. */
const AFTER_VISIT_PATH = "/plan#next-stop";

/**
 * New Post for a visit to the dealer: the dealer, Dealer Meeting and the dealer's place filled in,
 * and the plan's next stop to come back to once it is posted.
 */
export function logVisitPath(stop: { dealerId: number; lat: number; lng: number; address: string }): string {
  const params = new URLSearchParams({
    dealer: String(stop.dealerId),
    type: "DEALER_MEETING",
    lat: String(stop.lat),
    lng: String(stop.lng),
    address: stop.address.slice(0, 300),
    returnTo: AFTER_VISIT_PATH,
  });
  return `/new-post?${params}`;
}
