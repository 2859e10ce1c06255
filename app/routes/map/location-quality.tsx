import { Form } from "react-router";
import type { Route } from "./+types/location-quality";
import { AdminErrorView } from "~/components/access-denied";
import { formatCalendarDate } from "~/lib/date-format";
import { accuracyText } from "~/lib/location-quality";
import { legsLeftOutWords } from "~/components/map/legs-left-out";
import { TeamSelect } from "~/components/team-select";
import { requireAllowed } from "~/http/auth.server";
import { pageAudienceQuery } from "~/http/audience-query.server";
import { pageCall } from "~/http/form.server";
import { DATE_INVALID, locationQualityQuerySchema } from "~/models/checkin.schema";
import { appDate } from "~/infra/clock.server";
import { dayLocationQuality, mapAudience } from "~/models/checkin.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { metaTitle, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { pageMessages, requestTranslator, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "map:quality.pageTitle") }];

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
  const t = requestTranslator(args.context, "map");
  return {
    messages: pageMessages(args.context, "map"),
    date,
    today,
    dateError: parsed.success ? null : said(parsed.error.issues[0]?.message ?? DATE_INVALID),
    // The team select, for those who see two teams or more.
    teams: teams.length > 1 ? teams : [],
    team: team ?? null,
    // Written here, so the page needs no code to word them.
    rows: dayLocationQuality(audience, date).map((row) => ({
      ...row,
      gps: `${Math.round(row.gpsShare * 100)}%`,
      accuracy: row.medianAccuracyM === null ? "–" : `±${accuracyText(row.medianAccuracyM)}`,
      leftOut: legsLeftOutWords(t, row.legsLeftOut),
    })),
  };
}

export default function LocationQuality({ loaderData }: Route.ComponentProps) {
  const { date, today, dateError, teams, team, rows } = loaderData;
  const t = useT();
  const language = useLanguage();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("map:quality.title")}</h1>
      <p className="text-sm text-gray-11">
        {t("map:quality.intro", {
          day: date === today ? t("map:quality.today") : formatCalendarDate(date, language),
        })}
      </p>
      <Form method="get" className="card flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor="quality-date" className="field-label">
            {t("map:filters.date")}
          </label>
          <input id="quality-date" type="date" name="date" defaultValue={date} max={today} className="field-input" />
          {dateError ? <p className="field-error">{t("map:filters.dateError", { error: dateError })}</p> : null}
        </div>
        {teams.length > 0 ? <TeamSelect id="quality-team" teams={teams} team={team} className="flex-1" /> : null}
        <button type="submit" className="btn-primary">
          {t("map:quality.show")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="card text-gray-11">{t("map:quality.empty")}</p>
      ) : (
        <ul className="space-y-2" aria-label={t("map:quality.officers")}>
          {rows.map((row) => (
            <li key={row.userId} className="card">
              <h2 className="font-semibold">
                {row.name}{" "}
                <bdi dir="ltr" className="text-sm font-normal text-gray-11">
                  @{row.username}
                </bdi>
              </h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-gray-11">{t("map:quality.checkIns")}</dt>
                <dd>{row.checkIns}</dd>
                <dt className="text-gray-11">{t("map:quality.fromGps")}</dt>
                <dd>{row.gps}</dd>
                <dt className="text-gray-11">{t("map:quality.accuracy")}</dt>
                <dd>
                  <bdi dir="ltr">{row.accuracy}</bdi>
                </dd>
                <dt className="text-gray-11">{t("map:quality.legsLeftOut")}</dt>
                {row.leftOut === null ? (
                  <dd>{t("map:quality.none")}</dd>
                ) : (
                  <dd className="text-warning-11">{row.leftOut}</dd>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader's words never came: the error's page is the shell's.
  return <AdminErrorView error={error} failedMessage="common:failed.loadLocationQuality" />;
}
