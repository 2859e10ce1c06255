import { useT } from "~/browser/i18n";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { LOCALES } from "~/lib/date-format";
import { namesInList } from "~/lib/names";
import type { TargetGlance } from "~/models/targets.schema";
import type { OfficerToday, TeamDay } from "~/models/team-day.schema";

/** An officer's day: their route and posts on the map's day view. */
function dayHref(person: OfficerToday, day: TeamDay): string {
  const params = new URLSearchParams({ agent: String(person.id), date: day.date });
  if (day.team !== null) params.set("team", String(day.team));
  return `/dealer-map?${params}`;
}

/** An officer's visit plan of a day (today's without the date). */
const planHref = (person: OfficerToday, date?: string) => `/plan${date ? `/${date}` : ""}?user=${person.id}`;

/** This month's targets of an officer: on pace, or how many measures are behind; the lowest percentage. */
function TargetsAtAGlance({ targets, name }: { targets: TargetGlance; name: string }) {
  const t = useT();
  const behind = targets.behind > 0;
  const text = behind
    ? t("feed:teamToday.targetsBehind", { behind: targets.behind, measures: targets.measures })
    : t("feed:teamToday.targetsOnPace");
  const percent = targets.lowestPercent;
  return (
    <p
      className={`text-sm ${behind ? "text-danger-11" : "text-gray-11"}`}
      aria-label={t("feed:teamToday.targetsLabel", { text, percent, name })}
    >
      {t("feed:teamToday.targets", { text, percent })}
    </p>
  );
}

/**
 * The manager's day above the feed: their officers, those who have not posted today first, each
 * with today's plan against what is done (and the visits not confirmed at the dealer, with why),
 * yesterday's missed visits, a link to plan the day of each officer the viewer may plan, and a
 * link to their day.
 * Plain links: nothing here needs JavaScript.
 */
export function TeamToday({ day }: { day: TeamDay }) {
  const t = useT();
  const time = new Intl.DateTimeFormat(LOCALES[useLanguage()], {
    timeZone: usePublicEnv().APP_TIME_ZONE,
    numberingSystem: "latn",
    hour: "numeric",
    minute: "2-digit",
  });
  const waiting = day.people.filter((person) => person.posts === 0);
  const posted = day.people.filter((person) => person.posts > 0);
  const teams = new Set(day.people.map((person) => person.team?.id ?? null)).size;
  const nameOf = namesInList(day.people);
  const row = (person: OfficerToday) => {
    const name = nameOf(person);
    const details = [
      person.posts === 0
        ? null
        : t("feed:teamToday.posts", { count: person.posts, time: time.format(new Date(person.lastPostAt ?? 0)) }),
      teams > 1 ? (person.team?.name ?? t("feed:teamToday.noTeam")) : null,
    ].filter(Boolean);
    return (
      <li key={person.id} className="flex items-center gap-2 py-1" data-officer-id={person.id}>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{name}</p>
          {details.length > 0 ? <p className="text-sm text-gray-11">{details.join(" · ")}</p> : null}
          {person.planned > 0 || person.missedYesterday > 0 || person.canPlan ? (
            <p className="flex flex-wrap gap-x-3 text-sm">
              {person.planned > 0 ? (
                <a
                  href={planHref(person)}
                  className="link tap"
                  aria-label={t("feed:teamToday.planLabel", { done: person.done, planned: person.planned, name })}
                >
                  {t("feed:teamToday.plan", { done: person.done, planned: person.planned })}
                </a>
              ) : person.canPlan ? (
                <a
                  href={planHref(person)}
                  className="link tap"
                  aria-label={t("feed:teamToday.planTheDayLabel", { name })}
                >
                  {t("feed:teamToday.planTheDay")}
                </a>
              ) : null}
              {person.missedYesterday > 0 ? (
                <a
                  href={planHref(person, day.yesterday)}
                  className="link tap text-warning-11"
                  aria-label={t("feed:teamToday.missedLabel", { count: person.missedYesterday, name })}
                >
                  {t("feed:teamToday.missed", { count: person.missedYesterday })}
                </a>
              ) : null}
            </p>
          ) : null}
          {person.targets ? <TargetsAtAGlance targets={person.targets} name={name} /> : null}
          {person.unconfirmedStops.length > 0 ? (
            <ul className="text-sm text-warning-11" aria-label={t("feed:teamToday.unconfirmedLabel", { name })}>
              {person.unconfirmedStops.map((stop, index) => (
                <li key={index}>
                  {stop.businessName}: {stop.note}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <a
          href={dayHref(person, day)}
          className="btn-secondary px-3 text-sm"
          aria-label={t("feed:teamToday.dayLabel", { name })}
        >
          {t("feed:teamToday.day")}
        </a>
      </li>
    );
  };
  return (
    <section className="card space-y-2 py-3" aria-labelledby="team-today-title" data-testid="team-today">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="team-today-title" className="font-semibold">
          {t("feed:teamToday.title")}
        </h2>
        <p className="text-sm font-medium" data-testid="team-posted">
          {t("feed:teamToday.posted", { posted: day.posted, total: day.total })}
        </p>
      </div>
      {day.total === 0 ? <p className="text-sm text-gray-11">{t("feed:teamToday.noOfficers")}</p> : null}
      {waiting.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold text-warning-11">{t("feed:teamToday.notPostedYet")}</h3>
          <ul className="divide-y divide-gray-4" aria-label={t("feed:teamToday.notPostedYet")}>
            {waiting.map(row)}
          </ul>
        </>
      ) : null}
      {posted.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold">{t("feed:teamToday.postedToday")}</h3>
          <ul className="divide-y divide-gray-4" aria-label={t("feed:teamToday.postedToday")}>
            {posted.map(row)}
          </ul>
        </>
      ) : null}
      {day.people.length < day.total ? (
        <p className="text-sm text-gray-11">
          {t("feed:teamToday.showing", { shown: day.people.length, total: day.total })}
        </p>
      ) : null}
    </section>
  );
}
