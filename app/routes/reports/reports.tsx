import { data as answer, Form } from "react-router";
import { chartMeasure, reportViewQuery } from "~/http/report-view-query.server";
import type { Route } from "./+types/reports";
import { AdminErrorView } from "~/components/access-denied";
import { TeamSelect } from "~/components/team-select";
import { env } from "~/env.server";
import { formatCalendarDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import { POST_TYPES, POST_TYPE_LABELS } from "~/lib/post-types";
import { requestViewer, requireUser } from "~/http/auth.server";
import { can } from "~/models/policy";
import { formCall } from "~/http/form.server";
import { type Cell, reportChart, reportTable } from "~/models/report-view.server";
import {
  CHART_MEASURES,
  CHART_MEASURE_LABELS,
  type ChartMeasure,
  REPORT_GROUPINGS,
  REPORT_GROUPING_LABELS,
  REPORT_PERIODS,
  REPORT_PERIOD_LABELS,
  REPORT_VIEWS,
  REPORT_VIEW_LABELS,
} from "~/lib/report-options";
import { reportQuerySchema } from "~/models/report.schema";
import { buildReport, reportOfficers } from "~/models/report.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { ChartCard } from "~/components/reports/report-figures";
import {
  choicesOf,
  PROVINCE_CHOICES,
  ReportFormEnd,
  ReportSelect,
  ReportTableCard,
} from "~/components/reports/report-form";
import { AccountsView } from "~/components/reports/accounts-view";
import { FarmersView } from "~/components/reports/farmers-view";
import { TargetsView } from "~/components/reports/targets-view";
import { accountsView } from "./accounts-view.server";
import { farmersView } from "./farmers-view.server";
import { targetsView } from "./targets-view.server";

export const meta: Route.MetaFunction = () => [{ title: "Reports · Fieldline" }];

function cellText(cell: Cell, currency: string): string {
  switch (cell.kind) {
    case "text":
      return cell.value;
    case "date":
      return formatCalendarDate(cell.value);
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
function chartView(report: Awaited<ReturnType<typeof buildReport>>, measure: ChartMeasure, currency: string) {
  const chart = reportChart(report, measure);
  const money = measure === "sales" || measure === "recovery";
  return {
    ...chart,
    title: CHART_MEASURE_LABELS[measure],
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
  // The accounts view (managers and admins): what the dealers owe today.
  if (url.searchParams.get("view") === "accounts") return accountsView(url, user);
  // The targets view (everyone: an officer their own): targets against what was done.
  if (url.searchParams.get("view") === "targets") return targetsView(url, user);
  // The farmers view (everyone: an officer their own): farmers reached and demo plots in a season.
  if (url.searchParams.get("view") === "farmers") return farmersView(url, user);
  const policy = await requestViewer(args, user);
  const seesOthers = can(policy, "reports.others");
  const sent = Object.fromEntries(url.searchParams);
  const { query, errors } = reportViewQuery(reportQuerySchema, sent);
  const measure = chartMeasure(CHART_MEASURES, sent.measure, "sales");
  const [report, officers, teams] = await formCall(
    () =>
      Promise.all([
        buildReport(user, query),
        seesOthers ? reportOfficers(user, query.team) : [],
        seesOthers ? teamsVisibleTo(user) : [],
      ]),
    (error) => {
      throw answer(error.message, { status: error.status });
    },
  );
  const table = reportTable(report);
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
    period: `${formatCalendarDate(report.range.from)} – ${formatCalendarDate(report.range.to)}`,
    previousPeriod: `${formatCalendarDate(report.previousRange.from)} – ${formatCalendarDate(report.previousRange.to)}`,
    columns: table.columns,
    rows: table.rows.map((row) => row.map((cell) => cellText(cell, currency))),
    totals: table.totals.map((cell) => cellText(cell, currency)),
    chart: chartView(report, measure, currency),
    files: files.toString(),
  };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
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
      <h1 className="text-xl font-bold">Reports</h1>
      <p className="text-sm text-gray-11">
        {isOfficer ? "Your figures" : "The team's figures"} for <strong>{period}</strong>, against {previousPeriod}.
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label="Report settings">
        <ReportSelect
          id="report-view"
          label="Report"
          name="view"
          value="activity"
          choices={choicesOf(
            REPORT_VIEWS.filter((value) => seesAccounts || value !== "accounts"),
            REPORT_VIEW_LABELS,
          )}
        />
        <ReportSelect
          id="report-period"
          label="Period"
          name="period"
          value={form.period}
          choices={[...choicesOf(REPORT_PERIODS, REPORT_PERIOD_LABELS), { value: "", label: "From and to below" }]}
        />
        <div>
          <label htmlFor="report-from" className="field-label">
            From
          </label>
          <input id="report-from" type="date" name="from" defaultValue={form.from} className="field-input" />
        </div>
        <div>
          <label htmlFor="report-to" className="field-label">
            To
          </label>
          <input id="report-to" type="date" name="to" defaultValue={form.to} className="field-input" />
        </div>
        <ReportSelect
          id="report-group"
          label="Group by"
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(REPORT_GROUPINGS, REPORT_GROUPING_LABELS)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="report-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        {isOfficer ? null : (
          <ReportSelect
            id="report-officer"
            label="Officer"
            name="officer"
            value={form.officer}
            choices={[
              { value: "", label: "All officers" },
              ...officers.map((officer) => ({ value: String(officer.id), label: officer.name })),
            ]}
          />
        )}
        <ReportSelect
          id="report-province"
          label="Province"
          name="province"
          value={form.province}
          choices={PROVINCE_CHOICES}
          half
        />
        <ReportSelect
          id="report-type"
          label="Post type"
          name="type"
          value={form.type}
          choices={[{ value: "", label: "All" }, ...choicesOf(POST_TYPES, POST_TYPE_LABELS)]}
          half
        />
        <ReportSelect
          id="report-measure"
          label="Chart"
          name="measure"
          value={form.measure}
          choices={choicesOf(CHART_MEASURES, CHART_MEASURE_LABELS)}
        />
        <ReportFormEnd errors={errors} showing="Showing this month." />
      </Form>

      <ChartCard chart={chart} groups={rows.length} empty="Nothing in this period." />

      <ReportTableCard
        heading={`Totals by ${columns[0]?.toLowerCase()}`}
        api="/api/reports"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty="Nothing in this period."
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="Failed to load the report" />;
}
