import { DealerDetailsLink, ShowMoreDealers } from "~/components/dealers/dealer-list-links";
import type { LegReason } from "~/lib/location-quality";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/dealer-map";
import { formatCalendarDate, LOCALES } from "~/lib/date-format";
import { useHydrated } from "~/browser/hydrated";
import { maskPhone } from "~/lib/phone";
import { PROVINCES, type Province } from "~/lib/provinces";
import { TeamSelect } from "~/components/team-select";
import { requestViewer, requireUser } from "~/http/auth.server";
import { can } from "~/models/policy";
import { pageAudienceQuery } from "~/http/audience-query.server";
import { pageCall } from "~/http/form.server";
import { checkInQuerySchema, DATE_INVALID } from "~/models/checkin.schema";
import { appDate } from "~/infra/clock.server";
import { dayCheckIns, mapAudience, type StopLabel } from "~/models/checkin.server";
import { countDealers, listDealerPins } from "~/models/dealer.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { planOnMap } from "~/models/visit-plan.server";
import { env } from "~/env.server";
import { Icon } from "~/components/icon";
import { MapErrorBoundary } from "~/components/map/map-error-boundary";
import { STOP_STATUS_KEYS } from "~/components/map/stop-status";
import { checkInTypeWords } from "~/components/map/check-in-words";
import { placeSourceLabel } from "~/components/posts/place-labels";
import { DemoPlotList } from "~/components/plots/demo-plot-list";
import { plotsOnMap } from "~/models/plot-map.server";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { languageContext } from "~/http/context";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import type { Language } from "~/lib/languages";
import type { MessageKey, Translate } from "~/locales/namespaces";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "map:dealerMap.pageTitle") }];

// Leaflet touches `window` when imported: the map is a browser-only chunk loaded on this page.
const DealerMap = lazy(() => import("~/components/map/dealer-map.client"));

const LIST_PAGE = 20;

/** Why a leg of a route is not counted, said in its popup and the route list. */
const LEG_NOTES: Record<LegReason, MessageKey> = {
  "too fast": "map:legNote.tooFast",
  "poor fix": "map:legNote.poorFix",
  "repeated point": "map:legNote.repeatedPoint",
};

/** The first and last check-ins' tags in the route list and their popups. */
const STOP_LABELS: Record<StopLabel, MessageKey> = {
  Start: "map:stopLabel.start",
  Stop: "map:stopLabel.stop",
  Latest: "map:stopLabel.latest",
};

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const today = appDate();
  // A submitted form carries `f`; a first visit (or a bare link) shows every layer.
  const submitted = params.has("f");
  const showDealers = !submitted || params.has("dealers");
  const showRoutes = !submitted || params.has("routes");
  const showPlots = !submitted || params.has("plots");
  const parsed = checkInQuerySchema.safeParse({
    date: params.get("date") || today,
    province: params.get("province") ?? undefined,
    agent: params.get("agent") ?? undefined,
  });
  const query = parsed.success ? parsed.data : { date: today, province: undefined, agent: undefined };
  const dateError = parsed.success ? null : said(parsed.error.issues[0]?.message ?? DATE_INVALID);
  const province: Province | undefined = query.province;
  const limitText = params.get("limit") ?? "";
  const limit = /^\d{1,5}$/.test(limitText) ? Math.min(Math.max(Number(limitText), LIST_PAGE), 10_000) : LIST_PAGE;
  // Routes of the viewer's own people, or of one of their teams (a malformed team is no filter;
  // a team not theirs is refused).
  const { team } = pageAudienceQuery(args.request);
  const audience = await pageCall(() => mapAudience(user, team));

  // The visit plan beside the routes: the chosen agent's, else the viewer's own.
  const planOf = query.agent ?? user.id;
  const [total, matching, listed, day, teams, plan] = await Promise.all([
    countDealers(),
    showDealers ? countDealers(undefined, province) : 0,
    showDealers ? listDealerPins({ state: province, limit }) : [],
    showRoutes ? dayCheckIns(audience, query) : null,
    teamsVisibleTo(user),
    showRoutes ? planOnMap(user, planOf, query.date) : null,
  ]);
  // The demo plots of the same people as the routes: their officers' (decision 97).
  const plots = showPlots ? plotsOnMap(audience) : [];
  const language = args.context.get(languageContext);
  const time = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: env.APP_TIME_ZONE,
    numberingSystem: "latn",
    hour: "numeric",
    minute: "2-digit",
  });
  // The routes' words are said here, so the page's scripts need neither the code nor the posts' words.
  const t = requestTranslator(args.context, "map", "posts");

  return {
    // The plan's stop statuses are the plans' words; the demo plots' list is the farmers'; the dealers' links are the dealers'.
    messages: pageMessages(args.context, "map", "plans", "farmers", "dealers"),
    today,
    // Managers and admins may open the day's "Location quality".
    canSeeQuality: can(await requestViewer(args, user), "locationQuality.read"),
    // The filter sheet opens on a page that answers a filter (or refuses its date).
    filtered: submitted || dateError !== null,
    date: query.date,
    dateError,
    province: province ?? "All",
    agent: query.agent ?? null,
    // The team select, for those who see two teams or more (an admin, a manager of several).
    teams: teams.length > 1 ? teams : [],
    team: team ?? null,
    showDealers,
    showRoutes,
    showPlots,
    // Without JavaScript the list shows each stage's newest plots, or all with `?plotList=all`.
    allPlots: params.get("plotList") === "all",
    plots,
    total,
    matching,
    limit,
    dealers: listed.map((dealer) => ({
      id: dealer.id,
      businessName: dealer.businessName,
      owner: [dealer.ownerFirstName, dealer.ownerLastName].filter(Boolean).join(" "),
      maskedPhone: maskPhone(dealer.phone),
      address: dealer.formattedAddress || dealer.street,
      city: dealer.city,
      state: dealer.state,
    })),
    plan: plan && {
      officerName: plan.officerName,
      own: plan.userId === user.id,
      path: `/plan/${plan.day}${plan.userId === user.id ? "" : `?user=${plan.userId}`}`,
      start: plan.start,
      stops: plan.stops.map((stop) => ({
        position: stop.position,
        dealerId: stop.dealerId,
        businessName: stop.businessName,
        city: stop.city,
        lat: stop.lat,
        lng: stop.lng,
        status: stop.status,
      })),
    },
    isToday: day?.isToday ?? query.date === today,
    agents: day?.agents ?? [],
    routes: (day?.routes ?? []).map((route) => ({
      userId: route.userId,
      name: route.name,
      color: route.color,
      distance: route.distanceKm.toFixed(1),
      hours: route.hours.toFixed(1),
      stops: route.stops.map((stop) => ({
        id: stop.id,
        number: stop.number,
        label: stop.label ? t(STOP_LABELS[stop.label]) : null,
        typeLabel: checkInTypeWords(t, stop.type),
        time: time.format(new Date(stop.createdAt)),
        address: stop.address,
        lat: stop.lat,
        lng: stop.lng,
        placeLabel: placeSourceLabel(t, stop.source, stop.accuracyM),
        legNote: stop.legLeftOut ? t(LEG_NOTES[stop.legLeftOut], { from: stop.number - 1 }) : null,
      })),
    })),
  };
}

export default function DealerMapPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const t = useT();
  const language = useLanguage();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [focusDealerId, setFocusDealerId] = useState<number | null>(null);
  const shownDealers = data.showDealers ? data.matching : 0;
  const dealersUrl = data.showDealers
    ? `/api/dealers?${new URLSearchParams({ view: "map", ...(data.province === "All" ? {} : { province: data.province }) })}`
    : null;
  const listParams = (limit: number) => {
    const params = new URLSearchParams({ f: "1", date: data.date, province: data.province });
    if (data.showDealers) params.set("dealers", "on");
    if (data.showRoutes) params.set("routes", "on");
    if (data.showPlots) params.set("plots", "on");
    if (data.agent !== null) params.set("agent", String(data.agent));
    if (data.team !== null) params.set("team", String(data.team));
    params.set("limit", String(limit));
    return params;
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Icon name="map-pin" size={22} className="text-accent-11" />
        <h1 className="flex-1 text-xl font-bold">{t("map:dealerMap.title")}</h1>
        <span
          className="rounded-full bg-accent-3 px-3 py-1 text-sm font-semibold text-accent-11"
          data-testid="dealer-badge"
        >
          {t("map:dealerMap.badge", { shown: shownDealers, total: data.total })}
        </span>
      </div>

      {hydrated ? (
        <MapErrorBoundary heightClass="h-[420px]" note={t("map:dealerMap.mapErrorNote")}>
          <Suspense fallback={<MapMessage>{t("map:loadingMap")}</MapMessage>}>
            <DealerMap
              dealersUrl={dealersUrl}
              routes={data.routes}
              plan={data.plan}
              plots={data.plots}
              focusDealerId={focusDealerId}
              label={t("map:dealerMap.mapLabel")}
            />
          </Suspense>
        </MapErrorBoundary>
      ) : (
        // The map's place is kept from the first paint; without JavaScript there is no map to wait for.
        <MapMessage className="noscript:hidden">{t("map:loadingMap")}</MapMessage>
      )}

      <details className="card py-0" open={data.filtered} data-testid="map-filters">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
          <Icon name="sliders-horizontal" size={18} />
          {t("map:filters.title")}
          <span className="min-w-0 flex-1 truncate text-sm font-normal text-gray-11">
            {filterSummary(data, t, language)}
          </span>
        </summary>
        <Form
          method="get"
          className="grid grid-cols-2 gap-3 pt-3"
          aria-label={t("map:filters.label")}
          onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <input type="hidden" name="f" value="1" />
          <div className="col-span-2">
            <label htmlFor="map-date" className="field-label">
              {t("map:filters.date")}
            </label>
            <input
              id="map-date"
              type="date"
              name="date"
              defaultValue={data.date}
              max={data.today}
              className="field-input"
              aria-invalid={data.dateError ? true : undefined}
              aria-describedby={data.dateError ? "map-date-error" : undefined}
            />
            {data.dateError ? (
              <p id="map-date-error" className="field-error">
                {t("map:filters.dateError", { error: data.dateError })}
              </p>
            ) : null}
          </div>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="dealers" defaultChecked={data.showDealers} className="size-5" />
            {t("map:layers.dealers")}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="routes" defaultChecked={data.showRoutes} className="size-5" />
            {t("map:layers.routes")}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="plots" defaultChecked={data.showPlots} className="size-5" />
            {t("map:layers.plots")}
          </label>
          <div className="col-span-2">
            <label htmlFor="map-province" className="field-label">
              {t("map:filters.province")}
            </label>
            <select id="map-province" name="province" defaultValue={data.province} className="field-input">
              <option value="All">{t("map:filters.all")}</option>
              {PROVINCES.map((province) => (
                <option key={province} value={province}>
                  {province}
                </option>
              ))}
            </select>
          </div>
          {data.teams.length > 0 ? (
            <TeamSelect id="map-team" teams={data.teams} team={data.team} className="col-span-2" />
          ) : null}
          {data.showRoutes && data.agents.length > 0 ? (
            <div className="col-span-2">
              <label htmlFor="map-agent" className="field-label">
                {t("map:filters.agent")}
              </label>
              <select id="map-agent" name="agent" defaultValue={data.agent ?? ""} className="field-input">
                <option value="">{t("map:filters.allAgents")}</option>
                {data.agents.map((agent) => (
                  <option key={agent.userId} value={agent.userId}>
                    {agent.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className="btn-primary col-span-2 mb-3">
            {navigation.state === "loading" && navigation.location.pathname === "/dealer-map"
              ? t("map:filters.loading")
              : t("map:filters.apply")}
          </button>
        </Form>
      </details>

      {data.showRoutes ? (
        <section aria-labelledby="routes-heading" className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <h2 id="routes-heading" className="font-semibold">
              {t("map:routes.heading", {
                day: data.isToday ? t("map:today") : formatCalendarDate(data.date, language),
              })}
            </h2>
            {data.canSeeQuality ? (
              <Link
                to={`/location-quality?${new URLSearchParams({ date: data.date, ...(data.team === null ? {} : { team: String(data.team) }) })}`}
                className="link tap text-sm"
              >
                {t("map:routes.qualityLink")}
              </Link>
            ) : null}
          </div>
          {data.routes.length === 0 ? (
            <p className="card text-center text-sm text-gray-11">{t("map:routes.empty")}</p>
          ) : (
            <ul className="space-y-2" aria-label={t("map:routes.legend")}>
              {data.routes.map((route) => (
                <li key={route.userId} className="card p-3" data-agent-id={route.userId}>
                  <details open={data.routes.length === 1}>
                    <summary className="flex min-h-11 cursor-pointer items-center gap-2">
                      <span className="size-4 shrink-0 rounded-full" style={{ background: route.color }} aria-hidden />
                      <span className="min-w-0 flex-1 truncate font-medium">{route.name}</span>
                      <span className="text-sm text-gray-11">
                        {t("map:routes.summary", {
                          count: route.stops.length,
                          distance: route.distance,
                          hours: route.hours,
                        })}
                      </span>
                    </summary>
                    <ol className="mt-2 space-y-1 text-sm" aria-label={t("map:routes.stopsOf", { name: route.name })}>
                      {route.stops.map((stop) => (
                        <li key={stop.id} className="flex gap-2">
                          <span
                            className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white"
                            style={{ background: route.color }}
                          >
                            {stop.number}
                          </span>
                          <span className="min-w-0 flex-1">
                            <span className="font-medium">{stop.time}</span> · {stop.typeLabel}
                            {stop.label ? (
                              <span className="ms-1 rounded-full bg-gray-4 px-2 text-xs font-semibold">
                                {stop.label}
                              </span>
                            ) : null}
                            {stop.address ? <span className="block text-gray-11">{stop.address}</span> : null}
                            {stop.placeLabel ? (
                              <span className="block text-xs text-gray-11">{stop.placeLabel}</span>
                            ) : null}
                            {stop.legNote ? (
                              <span className="block text-xs text-warning-11">{stop.legNote}</span>
                            ) : null}
                          </span>
                        </li>
                      ))}
                    </ol>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {data.plan ? (
        <section aria-labelledby="plan-heading" className="card space-y-2 p-3" data-testid="map-plan">
          <div className="flex items-center justify-between gap-2">
            <h2 id="plan-heading" className="font-semibold">
              {data.plan.own ? t("map:plan.own") : t("map:plan.of", { name: data.plan.officerName })}
            </h2>
            <Link to={data.plan.path} className="link tap text-sm">
              {t("map:plan.open")}
            </Link>
          </div>
          <p className="text-xs text-gray-11">{t("map:plan.note")}</p>
          <ol className="space-y-1 text-sm" aria-label={t("map:plan.stops")}>
            {data.plan.stops.map((stop) => (
              <li key={stop.dealerId} className="flex items-center gap-2">
                <span className="flex size-6 shrink-0 items-center justify-center rounded border-2 border-gray-12 text-xs font-bold">
                  {stop.position}
                </span>
                <span className="min-w-0 flex-1 truncate">
                  {stop.businessName}, {stop.city}
                </span>
                <span className="text-xs font-semibold text-gray-11">{t(STOP_STATUS_KEYS[stop.status])}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {data.showPlots ? (
        <DemoPlotList
          plots={data.plots}
          all={data.allPlots}
          allHref={`/dealer-map?${new URLSearchParams([...listParams(data.limit), ["plotList", "all"]])}#demo-plots`}
        />
      ) : null}

      {data.showDealers ? (
        <section aria-labelledby="dealers-heading" className="space-y-2">
          <details open>
            <summary id="dealers-heading" className="cursor-pointer py-2.5 font-semibold">
              {t("map:dealers.heading", { count: data.matching })}
            </summary>
            {data.dealers.length === 0 ? (
              <p className="card mt-2 text-center text-sm text-gray-11">{t("map:dealers.empty")}</p>
            ) : (
              <ul className="mt-2 space-y-2" aria-label={t("map:dealers.list")}>
                {data.dealers.map((dealer) => (
                  <li key={dealer.id} className="card space-y-0.5 p-3 text-sm">
                    <p className="font-semibold">{dealer.businessName}</p>
                    {dealer.owner ? <p>{t("map:dealers.owner", { name: dealer.owner })}</p> : null}
                    {/* Masked as in the directory: the full number is on the dealer's page. */}
                    {dealer.maskedPhone ? (
                      <p>
                        <span className="sr-only">{t("map:dealers.phoneEnding")}</span>
                        <bdi dir="ltr">{dealer.maskedPhone}</bdi>
                      </p>
                    ) : null}
                    <p className="text-gray-11">{dealer.address}</p>
                    <p className="text-gray-11">
                      {dealer.city}, {dealer.state}
                    </p>
                    <div className="flex flex-wrap gap-x-4">
                      {hydrated ? (
                        <button
                          type="button"
                          className="link tap text-sm"
                          onClick={() => {
                            setFocusDealerId(dealer.id);
                            document.querySelector(".leaflet-container")?.scrollIntoView({ block: "center" });
                          }}
                        >
                          <RichMessage
                            id="map:dealers.showOnMap"
                            values={{ name: dealer.businessName }}
                            components={{ 0: <span className="sr-only" /> }}
                          />
                        </button>
                      ) : null}
                      <DealerDetailsLink dealer={dealer} className="link tap text-sm" />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {data.matching > data.dealers.length ? (
              <ShowMoreDealers
                shown={data.dealers.length}
                matching={data.matching}
                to={`/dealer-map?${listParams(data.limit + LIST_PAGE)}`}
                className="mt-2"
              />
            ) : null}
          </details>
        </section>
      ) : null}
    </div>
  );
}

function MapMessage({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={`flex h-[420px] w-full items-center justify-center rounded-lg border border-gray-6 bg-gray-3 text-sm text-gray-11 ${className}`}
    >
      {children}
    </div>
  );
}

/** The filters in a line, for the closed sheet: "Today · All provinces · Dealers, Agent Routes, Demo plots". */
function filterSummary(
  data: {
    isToday: boolean;
    date: string;
    province: string;
    showDealers: boolean;
    showRoutes: boolean;
    showPlots: boolean;
  },
  t: Translate,
  language: Language,
): string {
  const layers =
    [
      data.showDealers ? t("map:layers.dealers") : null,
      data.showRoutes ? t("map:layers.routes") : null,
      data.showPlots ? t("map:layers.plots") : null,
    ]
      .filter(Boolean)
      .join(t("map:filters.listSeparator")) || t("map:filters.nothingShown");
  const day = data.isToday ? t("map:today") : formatCalendarDate(data.date, language);
  return [day, data.province === "All" ? t("map:filters.allProvinces") : data.province, layers].join(" · ");
}
