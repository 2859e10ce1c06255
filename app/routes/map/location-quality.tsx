import { Form } from "react-router";
import type { Route } from "./+types/location-quality";
import { AdminErrorView } from "~/components/access-denied";
import { formatCalendarDate } from "~/lib/date-format";
import { accuracyText, leftOutText } from "~/lib/location-quality";
import { TeamSelect } from "~/components/team-select";
import { requireAllowed } from "~/http/auth.server";
import { pageAudienceQuery } from "~/http/audience-query.server";
import { pageCall } from "~/http/form.server";
import { locationQualityQuerySchema } from "~/models/checkin.schema";
import { appDate } from "~/infra/clock.server";
import { dayLocationQuality, mapAudience } from "~/models/checkin.server";
import { teamsVisibleTo } from "~/models/team-scope.server";

export const meta: Route.MetaFunction = () => [{ title: "Location quality · Fieldline" }];

/**
 * Managers' view of a day: how each officer's places were had, and which legs did not count. The
 * officers of the teams they lead (everyone for an admin), or of one team with `team`.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "locationQuality.read");
  const today = appDate();
  const params = new URL(args.request.url).searchParams;
  const parsed = locationQualityQuerySchema.pick({ date: true }).safeParse({ date: params.get("date") || today });
  const date = parsed.success ? parsed.data.date : today;
  // A malformed team is no filter; a team not the viewer's is refused.
  const { team } = pageAudienceQuery(args.request);
  const audience = await pageCall(() => mapAudience(user, team));
  const teams = await teamsVisibleTo(user);
  return {
    date,
    today,
    dateError: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
    // The team select, for those who see two teams or more.
    teams: teams.length > 1 ? teams : [],
    team: team ?? null,
    // Written here, so the page needs no code to word them.
    rows: dayLocationQuality(audience, date).map((row) => ({
      ...row,
      gps: `${Math.round(row.gpsShare * 100)}%`,
      accuracy: row.medianAccuracyM === null ? "–" : `±${accuracyText(row.medianAccuracyM)}`,
      leftOut: leftOutText(row.legsLeftOut) ?? "None",
    })),
  };
}

export default function LocationQuality({ loaderData }: Route.ComponentProps) {
  const { date, today, dateError, teams, team, rows } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Location quality</h1>
      <p className="text-sm text-gray-11">
        How each officer&apos;s check-ins were placed on {date === today ? "today" : formatCalendarDate(date)}: the
        share from the phone&apos;s GPS, how sure those fixes were, and the legs Distance and Hours leave out (faster
        than 130 km/h, to or from a fix less sure than ±1 km, or a point repeated under another address).
      </p>
      <Form method="get" className="card flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor="quality-date" className="field-label">
            Date
          </label>
          <input id="quality-date" type="date" name="date" defaultValue={date} max={today} className="field-input" />
          {dateError ? <p className="field-error">{dateError}. Showing today.</p> : null}
        </div>
        {teams.length > 0 ? <TeamSelect id="quality-team" teams={teams} team={team} className="flex-1" /> : null}
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="card text-gray-11">No check-ins on this day.</p>
      ) : (
        <ul className="space-y-2" aria-label="Officers">
          {rows.map((row) => (
            <li key={row.userId} className="card">
              <h2 className="font-semibold">
                {row.name} <span className="text-sm font-normal text-gray-11">@{row.username}</span>
              </h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-gray-11">Check-ins</dt>
                <dd>{row.checkIns}</dd>
                <dt className="text-gray-11">From GPS</dt>
                <dd>{row.gps}</dd>
                <dt className="text-gray-11">Median accuracy</dt>
                <dd>{row.accuracy}</dd>
                <dt className="text-gray-11">Legs left out</dt>
                <dd className={row.leftOut === "None" ? "" : "text-warning-11"}>{row.leftOut}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="Failed to load location quality" />;
}
