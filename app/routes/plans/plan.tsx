import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/plan";
import { planPage, planPath, readPlanForm, refusedUrl, refuseParse, refusePlanForm } from "./plan.server";
import { guardRequest } from "~/browser/request-guard";
import { useHydrated } from "~/browser/hydrated";
import { formatCalendarDate } from "~/lib/date-format";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { requireUser } from "~/http/auth.server";
import { appDate } from "~/infra/clock.server";
import { addPlanStop, moveMissedToToday, removePlanStop, reorderPlan } from "~/models/visit-plan.server";
import {
  PLAN_FULL,
  planDaySchema,
  planMoveSchema,
  planQuerySchema,
  planReorderSchema,
  nextStopOf,
  planStopSchema,
  type StopStatus,
} from "~/models/visit-plan.schema";
import { MAX_STOPS } from "~/lib/visit-order";
import { Icon } from "~/components/icon";
import { PlotVisitsDue } from "~/components/plots/plot-visits-due";
import { STOP_STATUS_KEYS } from "~/components/map/stop-status";
import { visitWhyWords } from "~/components/plans/visit-why";
import { metaTitle, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { pageMessages, requestTranslator } from "~/http/language.server";
import type { MessageKey, Translate } from "~/locales/namespaces";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "plans:page.pageTitle") }];

/** The path's day (today without one, or the day picker's `?day`) and `?user&query&lat&lng`; malformed: 400. */
function planRequest({ request, params }: { request: Request; params: { day?: string } }) {
  const searchParams = new URL(request.url).searchParams;
  const query = planQuerySchema.safeParse(Object.fromEntries(searchParams));
  if (!query.success) refusedUrl(query.error);
  const picked = params.day === undefined ? searchParams.get("day") || undefined : undefined;
  const day = planDaySchema.safeParse(params.day ?? picked ?? appDate());
  if (!day.success) refusedUrl(day.error);
  return { day: day.data, query: query.data, picked: picked !== undefined };
}

/** The plan of a day of oneself or, with `?user`, of an officer of a team one leads. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { day, query, picked } = planRequest(args);
  // The day picker's GET form sends ?day=: the plan of that day has its own path.
  if (picked) throw redirect(planPath(day, query));
  // The location words are the map's; the plot visits due are the farmers'.
  return { ...(await planPage(user, day, query)), messages: pageMessages(args.context, "plans", "map", "farmers") };
}

/**
 * The plan's forms, named by `intent`: `add` and `remove` a dealer, `reorder` from where the
 * officer is now, `move` a missed stop (or, without a dealer, all of them) to today. Each puts the
 * plan in driving order again; any other intent answers 400.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { day, query } = planRequest(args);
  const { intent, fields, change, run } = await readPlanForm(user, args.request, day, query);
  const t = requestTranslator(args.context, "plans");
  switch (intent) {
    case "add":
    case "remove": {
      const parsed = planStopSchema.safeParse(fields);
      if (!parsed.success) return refuseParse(intent, parsed.error);
      const { dealerId, lat, lng } = parsed.data;
      return intent === "add"
        ? run(() => addPlanStop({ ...change, current: { lat, lng } }, dealerId), t("plans:notice.added"))
        : run(() => removePlanStop({ ...change, current: { lat, lng } }, dealerId), t("plans:notice.removed"));
    }
    case "reorder": {
      const parsed = planReorderSchema.safeParse(fields);
      if (!parsed.success) return refuseParse(intent, parsed.error);
      return run(() => reorderPlan({ ...change, current: parsed.data }), t("plans:notice.reordered"));
    }
    case "move": {
      const parsed = planMoveSchema.safeParse(fields);
      if (!parsed.success) return refuseParse(intent, parsed.error);
      const { dealerId, lat, lng } = parsed.data;
      return run(
        () => moveMissedToToday({ ...change, current: { lat, lng } }, dealerId === undefined ? undefined : [dealerId]),
        dealerId === undefined ? t("plans:notice.missedMoved") : t("plans:notice.moved"),
      );
    }
    default:
      return refusePlanForm(intent, UNKNOWN_ACTION, 400);
  }
}

const FAILURES = new Map<string, string>([
  ["add", "common:failed.planAdd"],
  ["remove", "common:failed.planRemove"],
  ["reorder", "common:failed.planOrder"],
  ["move", "common:failed.planMove"],
]);

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: FAILURES.get(String(form.get("intent"))) ?? UNKNOWN_ACTION,
  }));

const STATUS_STYLES: Record<StopStatus, string> = {
  planned: "bg-gray-4 text-gray-12",
  done: "bg-accent-3 text-accent-11",
  unconfirmed: "bg-warning-3 text-warning-11",
  missed: "bg-danger-3 text-danger-11",
};

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, candidates, own, today, here } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<MessageKey | null>(null);
  const t = useT();
  const language = useLanguage();
  const refused = isFailedRequest(actionData) ? null : actionData;
  const busy = navigation.state === "submitting";
  const dayLabel = plan.day === today ? t("plans:today") : formatCalendarDate(plan.day, language);
  const userParam: Record<string, string> = loaderData.user === null ? {} : { user: String(loaderData.user) };
  const dayPath = (day: string) => `/plan/${day}${loaderData.user === null ? "" : `?user=${loaderData.user}`}`;
  const loggable = plan.day === today && own;
  // Today, one's own plan: the first stop not yet logged is the next, #next-stop.
  const next = loggable ? nextStopOf(plan.stops) : undefined;
  const nextLogVisit = useNextStopFocus();

  /** "Use my location": the page again, nearest first from here (and the plan ordered from here when changed). */
  function locateMe() {
    if (!("geolocation" in navigator)) {
      setLocationError("map:location.unsupported");
      return;
    }
    setLocating(true);
    setLocationError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const params = new URLSearchParams({
          ...userParam,
          ...(loaderData.query ? { query: loaderData.query } : {}),
          lat: position.coords.latitude.toFixed(6),
          lng: position.coords.longitude.toFixed(6),
        });
        navigate(`/plan/${plan.day}?${params}`, { replace: true, preventScrollReset: true });
      },
      () => {
        setLocating(false);
        setLocationError("plans:add.locationFailed");
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Icon name="calendar-days" size={22} className="text-accent-11" />
        <h1 className="flex-1 text-xl font-bold">{t("plans:page.title")}</h1>
        <Link to="/dealer-map" className="link tap text-sm">
          {t("plans:page.map")}
        </Link>
      </div>
      <p className="text-sm text-gray-11" data-testid="plan-whose">
        {own
          ? t("plans:page.yourPlan", { day: dayLabel })
          : t("plans:page.planOf", { name: plan.officerName, day: dayLabel })}
      </p>

      <nav className="grid grid-cols-3 gap-2" aria-label={t("plans:days.label")}>
        <Link to={dayPath(loaderData.previousDay)} className="btn-secondary px-2 text-sm">
          {t("plans:days.previous")}
        </Link>
        <Link
          to={dayPath(today)}
          className="btn-secondary px-2 text-sm"
          aria-current={plan.day === today ? "page" : undefined}
        >
          {t("plans:today")}
        </Link>
        <Link to={dayPath(loaderData.nextDay)} className="btn-secondary px-2 text-sm">
          {t("plans:days.next")}
        </Link>
      </nav>
      <Form method="get" action="/plan" className="flex items-end gap-2" aria-label={t("plans:days.choose")}>
        {loaderData.user === null ? null : <input type="hidden" name="user" value={loaderData.user} />}
        <div className="flex-1">
          <label htmlFor="plan-day" className="field-label">
            {t("plans:days.day")}
          </label>
          <input
            id="plan-day"
            type="date"
            name="day"
            defaultValue={plan.day}
            max={loaderData.lastDay}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t("plans:days.show")}
        </button>
      </Form>

      {refused?.error ? (
        <p role="alert" className="card border-danger-7 bg-danger-3 text-sm text-danger-11">
          {refused.error}
        </p>
      ) : null}

      <section aria-labelledby="stops-heading" className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="stops-heading" className="font-semibold">
            {t("plans:stops.title")}
          </h2>
          <p className="text-sm text-gray-11" data-testid="plan-progress">
            {[
              t("plans:progress.planned", { count: plan.progress.planned }),
              t("plans:progress.done", { count: plan.progress.done }),
              plan.progress.unconfirmed > 0
                ? t("plans:progress.unconfirmed", { count: plan.progress.unconfirmed })
                : null,
              t("plans:progress.missed", { count: plan.progress.missed }),
              plan.stops.length > 0 ? t("plans:km", { km: plan.totalKm }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        {plan.stops.length > 0 ? (
          <p className="text-sm text-gray-11" data-testid="plan-start">
            {plan.start === null
              ? t("plans:start.orderAdded")
              : plan.start.source === "CURRENT"
                ? t("plans:start.fromCurrent")
                : own
                  ? t("plans:start.fromYourHome")
                  : t("plans:start.fromOfficersHome")}
          </p>
        ) : null}
        {plan.editable && own && here && plan.stops.length > 1 && plan.start?.source !== "CURRENT" ? (
          <PlanForm action={loaderData.formAction} intent="reorder" here={here}>
            <button type="submit" className="btn-secondary w-full text-sm" disabled={busy}>
              <Icon name="locate-fixed" size={16} />
              {t("plans:stops.orderFromHere")}
            </button>
          </PlanForm>
        ) : null}
        {plan.stops.length === 0 ? (
          <p className="card text-center text-sm text-gray-11">
            {plan.editable ? t("plans:stops.emptyEditable") : t("plans:stops.emptyDay")}
          </p>
        ) : (
          <ol className="space-y-2" aria-label={t("plans:stops.list")}>
            {plan.stops.map((stop) => (
              <li
                key={stop.dealerId}
                id={stop === next ? NEXT_STOP_ID : undefined}
                className={`card space-y-2 p-3 ${stop === next ? "border-accent-8" : ""}`}
                data-stop-status={stop.status}
              >
                <div className="flex items-start gap-2">
                  <span
                    className="flex size-7 shrink-0 items-center justify-center rounded-md bg-accent-9 text-sm font-bold text-white"
                    aria-hidden
                  >
                    {stop.position}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      <span className="sr-only">{t("plans:stops.stopNumber", { position: stop.position })}</span>
                      {stop.businessName}
                    </p>
                    <p className="text-sm text-gray-11">
                      {stop.city}
                      {stop.kmFromPrevious === null ? "" : ` · ${t("plans:km", { km: stop.kmFromPrevious })}`}
                    </p>
                    {stop.visitWhy ? (
                      <p className="text-sm text-warning-11">{visitWhyWords(t, stop.visitWhy)}</p>
                    ) : null}
                    {stop === next ? (
                      <p className="text-sm font-semibold text-accent-11">{t("plans:stops.next")}</p>
                    ) : null}
                  </div>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[stop.status]}`}>
                    {t(STOP_STATUS_KEYS[stop.status])}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={stop.directionsUrl}
                    className="btn-secondary px-3 text-sm"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("plans:stops.directionsTo", { name: stop.businessName })}
                  >
                    <Icon name="navigation" size={16} className="rtl:-scale-x-100" />
                    {t("plans:stops.directions")}
                  </a>
                  {loggable && stop.status !== "done" ? (
                    <Link
                      ref={stop === next ? nextLogVisit : undefined}
                      to={stop.logVisitUrl}
                      // The service worker keeps the page it opens with the plan, for offline use.
                      data-keep-offline
                      className="btn-primary px-3 text-sm"
                      aria-label={t("plans:stops.logVisitTo", { name: stop.businessName })}
                    >
                      <Icon name="notebook-pen" size={16} />
                      {t("plans:stops.logVisit")}
                    </Link>
                  ) : null}
                  {plan.editable ? (
                    <PlanForm action={loaderData.formAction} intent="remove" dealerId={stop.dealerId} here={here}>
                      <button
                        type="submit"
                        className="btn-ghost px-3 text-sm"
                        disabled={busy}
                        aria-label={t("plans:stops.removeName", { name: stop.businessName })}
                      >
                        <Icon name="x" size={16} />
                        {t("plans:stops.remove")}
                      </button>
                    </PlanForm>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
        {plan.routeDirections.length > 0 ? (
          <div className="space-y-1" data-testid="route-directions">
            {plan.routeDirections.map((leg) => (
              <a
                key={leg.from}
                href={leg.url}
                className="btn-secondary w-full text-sm"
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon name="route" size={16} />
                {plan.routeDirections.length === 1
                  ? t("plans:stops.wholeRoute")
                  : t("plans:stops.routePart", { from: leg.from, to: leg.to })}
              </a>
            ))}
            {plan.routeDirections.length > 1 ? (
              <p className="text-xs text-gray-11">{t("plans:stops.googleLimit")}</p>
            ) : null}
          </div>
        ) : null}
      </section>

      {loaderData.missed.length > 0 ? (
        <section id="missed" aria-labelledby="missed-heading" className="space-y-2">
          <h2 id="missed-heading" className="font-semibold text-warning-11">
            {t("plans:missed.title")}
          </h2>
          <ul className="space-y-2" aria-label={t("plans:missed.title")}>
            {loaderData.missed.map((stop) => (
              <li key={stop.dealerId} className="card flex items-center gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{stop.businessName}</p>
                  <p className="text-sm text-gray-11">
                    {stop.city} · {t("plans:missed.on", { date: formatCalendarDate(stop.day, language) })}
                  </p>
                </div>
                <PlanForm action={loaderData.formAction} intent="move" dealerId={stop.dealerId} here={here}>
                  <button
                    type="submit"
                    className="btn-secondary px-3 text-sm"
                    disabled={busy}
                    aria-label={t("plans:missed.moveName", { name: stop.businessName })}
                  >
                    {t("plans:missed.move")}
                  </button>
                </PlanForm>
              </li>
            ))}
          </ul>
          <PlanForm action={loaderData.formAction} intent="move" here={here}>
            <button type="submit" className="btn-secondary w-full text-sm" disabled={busy}>
              {t("plans:missed.moveAll")}
            </button>
          </PlanForm>
        </section>
      ) : null}

      {loaderData.plotVisits.length > 0 ? <PlotVisitsDue visits={loaderData.plotVisits} recordable={loggable} /> : null}

      {candidates ? (
        <section aria-labelledby="add-heading" className="space-y-2">
          <h2 id="add-heading" className="font-semibold">
            {t("plans:add.title")}
          </h2>
          <Form method="get" action={`/plan/${plan.day}`} role="search" className="flex gap-2">
            {loaderData.user === null ? null : <input type="hidden" name="user" value={loaderData.user} />}
            <PlaceFields here={here} />
            <label htmlFor="plan-search" className="sr-only">
              {t("plans:add.searchLabel")}
            </label>
            <input
              id="plan-search"
              type="search"
              name="query"
              defaultValue={loaderData.query}
              placeholder={t("plans:add.searchPlaceholder")}
              className="field-input flex-1"
            />
            <button type="submit" className="btn-secondary px-3" aria-label={t("plans:add.search")}>
              <Icon name="search" size={18} />
            </button>
          </Form>
          {own ? (
            <div className="noscript:hidden">
              <button
                type="button"
                className={`btn-secondary w-full text-sm ${hydrated ? "" : "invisible"}`}
                disabled={!hydrated || locating}
                onClick={locateMe}
              >
                <Icon name="locate-fixed" size={16} />
                {locating ? t("map:location.locating") : t("plans:add.useMyLocation")}
              </button>
              {locationError ? (
                <p role="alert" className="mt-1 text-sm text-warning-11">
                  {t(locationError)}
                </p>
              ) : null}
            </div>
          ) : null}
          <p className="text-sm text-gray-11" data-testid="candidates-order">
            {candidatesCaption(t, loaderData.query, candidates.from?.source ?? null, own)}
          </p>
          {plan.stops.length >= MAX_STOPS ? (
            <p className="card text-sm text-gray-11">{t(PLAN_FULL)}</p>
          ) : candidates.dealers.length === 0 ? (
            <p className="card text-center text-sm text-gray-11">
              {loaderData.query ? t("plans:add.noneFound") : t("plans:add.noneYet")}
            </p>
          ) : (
            <ul className="space-y-2" aria-label={t("plans:add.list")}>
              {candidates.dealers.map((dealer) => (
                <li key={dealer.id} className="card flex items-center gap-2 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{dealer.businessName}</p>
                    <p className="text-sm text-gray-11">
                      {dealer.city}
                      {dealer.km === null ? "" : ` · ${t("plans:km", { km: dealer.km })}`}
                      {dealer.inTerritory ? t("plans:add.territory") : ""}
                    </p>
                  </div>
                  <PlanForm action={loaderData.formAction} intent="add" dealerId={dealer.id} here={here}>
                    <button
                      type="submit"
                      className="btn-primary px-4 text-sm"
                      disabled={busy}
                      aria-label={t("plans:add.addName", { name: dealer.businessName })}
                    >
                      {t("plans:add.add")}
                    </button>
                  </PlanForm>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The next stop's element: Log visit comes back to it (`/plan#next-stop`) and the home links to it. */
const NEXT_STOP_ID = "next-stop";

/**
 * Back at `#next-stop` (after Log visit, or from the home), the stop comes to the middle of the
 * screen and its Log visit link takes the focus, so the next visit is one tap (or Enter) away. Without JavaScript the browser scrolls to
 * the stop by itself.
 */
function useNextStopFocus() {
  const link = useRef<HTMLAnchorElement>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${NEXT_STOP_ID}` || !link.current) return;
    // In the middle of the screen: the stop just logged above it, the toast clear of it.
    link.current.focus({ preventScroll: true });
    document.getElementById(NEXT_STOP_ID)?.scrollIntoView({ block: "center" });
  }, [hash, key]);
  return link;
}

type Place = { lat: number; lng: number } | null;

/** Where the officer is, when the page knows it: the plan is ordered, and dealers listed, from there. */
function PlaceFields({ here }: { here: Place }) {
  if (!here) return null;
  return (
    <>
      <input type="hidden" name="lat" value={here.lat} />
      <input type="hidden" name="lng" value={here.lng} />
    </>
  );
}

/** A change to the plan (add, remove, reorder): a plain form posting its intent, the dealer and where the officer is. */
function PlanForm({
  action,
  intent,
  dealerId,
  here,
  children,
}: {
  action: string;
  intent: "add" | "remove" | "reorder" | "move";
  dealerId?: number;
  here: Place;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {dealerId === undefined ? null : <input type="hidden" name="dealerId" value={dealerId} />}
      <PlaceFields here={here} />
      {children}
    </Form>
  );
}

function candidatesCaption(t: Translate, query: string, from: "CURRENT" | "HOME" | null, own: boolean): string {
  const dealers = query ? t("plans:add.matching") : t("plans:add.territoryFirst");
  if (from === "CURRENT") return t("plans:add.nearestToHere", { dealers });
  if (from === "HOME")
    return own ? t("plans:add.nearestToYourHome", { dealers }) : t("plans:add.nearestToOfficersHome", { dealers });
  return t("plans:add.byName", { dealers });
}
