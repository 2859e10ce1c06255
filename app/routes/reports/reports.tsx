import { Form } from "react-router";
import { chartMeasure, reportViewQuery } from "~/http/report-view-query.server";
import type { Route } from "./+types/reports";
import { AdminErrorView } from "~/components/access-denied";
import { TeamSelect } from "~/components/team-select";
import { env } from "~/env.server";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { languageContext } from "~/http/context";
import { pageMessages, requestTranslator } from "~/http/language.server";
import type { Language } from "~/lib/languages";
import type { MessageKey, Translate } from "~/locales/namespaces";
import { formatCalendarDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import { POST_TYPES } from "~/lib/post-types";
import { postTypeLabel } from "~/components/posts/post-type-labels";
import { requestViewer, requireUser } from "~/http/auth.server";
import { can } from "~/models/policy";
import { pageCall } from "~/http/form.server";
import { type Cell, reportChart, reportTable } from "~/models/report-view.server";
import {
  CHART_MEASURES,
  type ChartMeasure,
  REPORT_GROUPINGS,
  REPORT_PERIODS,
  REPORT_VIEWS,
} from "~/lib/report-options";
import { reportQuerySchema } from "~/models/report.schema";
import { buildReport, reportOfficers } from "~/models/report.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { ChartCard } from "~/components/reports/report-figures";
import {
  choicesOf,
  provinceChoices,
  ReportFormEnd,
  ReportSelect,
  ReportTableCard,
} from "~/components/reports/report-form";
import { CHART_KEYS, GROUPING_KEYS, PERIOD_KEYS, VIEW_KEYS } from "~/components/reports/report-words";
import { AccountsView } from "~/components/reports/accounts-view";
import { FarmersView } from "~/components/reports/farmers-view";
import { TargetsView } from "~/components/reports/targets-view";
import { accountsView } from "./accounts-view.server";
import { farmersView } from "./farmers-view.server";
import { targetsView } from "./targets-view.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "reports:page.pageTitle") }];

function cellText(cell: Cell, currency: string, language: Language): string {
  switch (cell.kind) {
    case "text":
      return cell.value;
    case "date":
      return formatCalendarDate(cell.value, language);
    case "money":
      return formatMoney(Math.round(cell.value * 100), currency);
    case "number":
      return cell.value === null
        ? "–"
        : cell.value.toLocaleString("en-US", {
            minimumFractionDigits: cell.decimals,
            maximumFractionDigits: cell.decimals,
          });
    case "percent":
      return cell.value === null
        ? "–"
        : `${cell.value > 0 ? "+" : cell.value < 0 ? "−" : ""}${Math.abs(cell.value).toFixed(1)}%`;
  }
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** The chart's geometry with its words: the title, and ticks as "$2M", "1.5K". */
function chartView(
  report: Awaited<ReturnType<typeof buildReport>>,
  measure: ChartMeasure,
  currency: string,
  t: Translate,
) {
  const chart = reportChart(report, measure, t);
  const money = measure === "sales" || measure === "recovery";
  return {
    ...chart,
    title: t(CHART_KEYS[measure]),
    ticks: chart.ticks.map((tick) => ({ ...tick, label: `${money ? currency : ""}${compact.format(tick.value)}` })),
  };
}

/**
 * GET /reports: a period, a grouping and filters in a plain GET form; the table, its chart as
 * SVG and the files, all from the server. Officers see their own figures only; managers their
 * teams'; admins everyone's, or one team's. A team or an officer outside them answers 403.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const url = new URL(args.request.url);
  const words = {
    t: requestTranslator(args.context, "reports", "targets", "dealers"),
    language: args.context.get(languageContext),
  };
  // "posts": the post types' names of the activity view's form.
  const messages = pageMessages(args.context, "reports", "targets", "posts");
  // The accounts view (managers and admins): what the dealers owe today.
  if (url.searchParams.get("view") === "accounts") return { ...(await accountsView(url, user, words)), messages };
  // The targets view (everyone: an officer their own): targets against what was done.
  if (url.searchParams.get("view") === "targets") return { ...(await targetsView(url, user, words)), messages };
  // The farmers view (everyone: an officer their own): farmers reached and demo plots in a season.
  if (url.searchParams.get("view") === "farmers") return { ...(await farmersView(url, user, words)), messages };
  const { t, language } = words;
  const policy = await requestViewer(args, user);
  const seesOthers = can(policy, "reports.others");
  const sent = Object.fromEntries(url.searchParams);
  const { query, errors } = reportViewQuery(reportQuerySchema, sent);
  const measure = chartMeasure(CHART_MEASURES, sent.measure, "sales");
  const [report, officers, teams] = await pageCall(() =>
    Promise.all([
      buildReport(user, query),
      seesOthers ? reportOfficers(user, query.team) : [],
      seesOthers ? teamsVisibleTo(user) : [],
    ]),
  );
  const table = reportTable(report, t);
  const currency = env.CURRENCY_SYMBOL;
  // The files take the same query, so they hold exactly this table.
  const files = new URLSearchParams(url.searchParams);
  files.delete("measure");
  return {
    view: "activity" as const,
    seesAccounts: can(policy, "dealerAccounts.report"),
    isOfficer: !seesOthers,
    officers,
    // The team select, for those who see two teams or more (an admin, a manager of several).
    teams: teams.length > 1 ? teams : [],
    form: {
      team: query.team ?? null,
      period: sent.period ?? (query.from ? "" : "this-month"),
      from: query.period ? "" : (query.from ?? ""),
      to: query.period ? "" : (query.to ?? ""),
      groupBy: query.groupBy,
      officer: String(query.officer ?? ""),
      province: query.province ?? "",
      type: query.type ?? "",
      measure,
    },
    errors,
    period: `${formatCalendarDate(report.range.from, language)} – ${formatCalendarDate(report.range.to, language)}`,
    previousPeriod: `${formatCalendarDate(report.previousRange.from, language)} – ${formatCalendarDate(report.previousRange.to, language)}`,
    columns: table.columns,
    rows: table.rows.map((row) => row.map((cell) => cellText(cell, currency, language))),
    totals: table.totals.map((cell) => cellText(cell, currency, language)),
    chart: chartView(report, measure, currency, t),
    files: files.toString(),
    messages,
  };
}

/** The table's heading by its grouping ("Totals by week of": the table's first column). */
const TOTALS_BY_KEYS: Record<(typeof REPORT_GROUPINGS)[number], MessageKey> = {
  officer: "reports:activity.totalsBy.officer",
  team: "reports:activity.totalsBy.team",
  province: "reports:activity.totalsBy.province",
  city: "reports:activity.totalsBy.city",
  dealer: "reports:activity.totalsBy.dealer",
  product: "reports:activity.totalsBy.product",
  day: "reports:activity.totalsBy.day",
  week: "reports:activity.totalsBy.week",
};

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.view === "accounts") return <AccountsView data={loaderData} />;
  if (loaderData.view === "targets") return <TargetsView data={loaderData} />;
  if (loaderData.view === "farmers") return <FarmersView data={loaderData} />;
  const {
    seesAccounts,
    form,
    errors,
    officers,
    teams,
    isOfficer,
    period,
    previousPeriod,
    columns,
    rows,
    totals,
    chart,
    files,
  } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("reports:page.title")}</h1>
      <p className="text-sm text-gray-11">
        <RichMessage
          id={isOfficer ? "reports:activity.introOwn" : "reports:activity.introTeam"}
          values={{ period, previousPeriod }}
          components={{ 0: <strong /> }}
        />
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label={t("reports:form.settings")}>
        <ReportSelect
          id="report-view"
          label={t("reports:form.report")}
          name="view"
          value="activity"
          choices={choicesOf(
            REPORT_VIEWS.filter((value) => seesAccounts || value !== "accounts"),
            VIEW_KEYS,
            t,
          )}
        />
        <ReportSelect
          id="report-period"
          label={t("reports:form.period")}
          name="period"
          value={form.period}
          choices={[...choicesOf(REPORT_PERIODS, PERIOD_KEYS, t), { value: "", label: t("reports:form.fromToBelow") }]}
        />
        <div>
          <label htmlFor="report-from" className="field-label">
            {t("reports:form.from")}
          </label>
          <input id="report-from" type="date" name="from" defaultValue={form.from} className="field-input" />
        </div>
        <div>
          <label htmlFor="report-to" className="field-label">
            {t("reports:form.to")}
          </label>
          <input id="report-to" type="date" name="to" defaultValue={form.to} className="field-input" />
        </div>
        <ReportSelect
          id="report-group"
          label={t("reports:form.groupBy")}
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(REPORT_GROUPINGS, GROUPING_KEYS, t)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="report-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        {isOfficer ? null : (
          <ReportSelect
            id="report-officer"
            label={t("reports:form.officer")}
            name="officer"
            value={form.officer}
            choices={[
              { value: "", label: t("reports:form.allOfficers") },
              ...officers.map((officer) => ({ value: String(officer.id), label: officer.name })),
            ]}
          />
        )}
        <ReportSelect
          id="report-province"
          label={t("reports:form.province")}
          name="province"
          value={form.province}
          choices={provinceChoices(t)}
          half
        />
        <ReportSelect
          id="report-type"
          label={t("reports:form.postType")}
          name="type"
          value={form.type}
          choices={[
            { value: "", label: t("reports:form.all") },
            ...POST_TYPES.map((type) => ({ value: type, label: postTypeLabel(t, type) })),
          ]}
          half
        />
        <ReportSelect
          id="report-measure"
          label={t("reports:form.chart")}
          name="measure"
          value={form.measure}
          choices={choicesOf(CHART_MEASURES, CHART_KEYS, t)}
        />
        <ReportFormEnd errors={errors} showing={t("reports:activity.showing")} />
      </Form>

      <ChartCard chart={chart} groups={rows.length} empty={t("reports:activity.empty")} />

      <ReportTableCard
        heading={t(TOTALS_BY_KEYS[form.groupBy])}
        api="/api/reports"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty={t("reports:activity.empty")}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.loadReport" />;
}
