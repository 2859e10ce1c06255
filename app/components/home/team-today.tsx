import { usePublicEnv } from "~/browser/root-data";
import { displayName } from "~/lib/names";
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

const visits = (count: number) => (count === 1 ? "1 planned visit" : `${count} planned visits`);

/** This month's targets of an officer: on pace, or how many measures are behind; the lowest percentage. */
function TargetsAtAGlance({ targets, name }: { targets: TargetGlance; name: string }) {
  const behind = targets.behind > 0;
  const text = behind ? `Month targets: ${targets.behind} of ${targets.measures} behind` : "Month targets: on pace";
  return (
    <p
      className={`text-sm ${behind ? "text-danger-11" : "text-gray-11"}`}
      aria-label={`${text}, lowest ${targets.lowestPercent} %, ${name}`}
    >
      {text} · lowest {targets.lowestPercent} %
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
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone: usePublicEnv().APP_TIME_ZONE,
    hour: "numeric",
    minute: "2-digit",
  });
  const waiting = day.people.filter((person) => person.posts === 0);
  const posted = day.people.filter((person) => person.posts > 0);
  const teams = new Set(day.people.map((person) => person.team?.id ?? null)).size;
  const row = (person: OfficerToday) => {
    const name = displayName(person);
    const details = [
      person.posts === 0
        ? null
        : `${person.posts === 1 ? "1 post" : `${person.posts} posts`}, last at ${time.format(new Date(person.lastPostAt ?? 0))}`,
      teams > 1 ? (person.team?.name ?? "No team") : null,
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
                  aria-label={`Plan: ${person.done} of ${person.planned} done, ${name}`}
                >
                  Plan: {person.done} of {person.planned} done
                </a>
              ) : person.canPlan ? (
                <a href={planHref(person)} className="link tap" aria-label={`Plan the day of ${name}`}>
                  Plan the day
                </a>
              ) : null}
              {person.missedYesterday > 0 ? (
                <a
                  href={planHref(person, day.yesterday)}
                  className="link tap text-warning-11"
                  aria-label={`Missed ${visits(person.missedYesterday)} yesterday, ${name}`}
                >
                  Missed {visits(person.missedYesterday)} yesterday
                </a>
              ) : null}
            </p>
          ) : null}
          {person.targets ? <TargetsAtAGlance targets={person.targets} name={name} /> : null}
          {person.unconfirmedStops.length > 0 ? (
            <ul className="text-sm text-warning-11" aria-label={`Visits not confirmed at the dealer, ${name}`}>
              {person.unconfirmedStops.map((stop, index) => (
                <li key={index}>
                  {stop.businessName}: {stop.note}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <a href={dayHref(person, day)} className="btn-secondary px-3 text-sm" aria-label={`Day of ${name}`}>
          Day
        </a>
      </li>
    );
  };
  return (
    <section className="card space-y-2 py-3" aria-labelledby="team-today-title" data-testid="team-today">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="team-today-title" className="font-semibold">
          Your people today
        </h2>
        <p className="text-sm font-medium" data-testid="team-posted">
          {day.posted} of {day.total} posted
        </p>
      </div>
      {day.total === 0 ? <p className="text-sm text-gray-11">No officers in your teams yet.</p> : null}
      {waiting.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold text-warning-11">Not posted yet</h3>
          <ul className="divide-y divide-gray-4" aria-label="Not posted yet">
            {waiting.map(row)}
          </ul>
        </>
      ) : null}
      {posted.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold">Posted today</h3>
          <ul className="divide-y divide-gray-4" aria-label="Posted today">
            {posted.map(row)}
          </ul>
        </>
      ) : null}
      {day.people.length < day.total ? (
        <p className="text-sm text-gray-11">
          Showing {day.people.length} of {day.total} officers: choose a team to see the others.
        </p>
      ) : null}
    </section>
  );
}
