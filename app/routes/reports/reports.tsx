import { data as answer, Form } from "react-router";
import type { Route } from "./+types/reports";
import { AdminErrorView } from "~/components/access-denied";
import { TeamSelect } from "~/components/team-select";
import { env } from "~/env.server";
import { formatCalendarDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import { POST_TYPES, POST_TYPE_LABELS } from "~/lib/post-types";
import { PROVINCES } from "~/lib/provinces";
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
import { teamFilterSchema } from "~/models/team.schema";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { Icon } from "~/components/icon";
import { ChartCard, FiguresTable } from "~/components/reports/report-figures";
import { AccountsView } from "~/components/reports/accounts-view";
import { TargetsView } from "~/components/reports/targets-view";
import { accountsView } from "./accounts-view.server";
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
  const policy = await requestViewer(args, user);
  const seesOthers = can(policy, "reports.others");
  const sent = Object.fromEntries(url.searchParams);
  const parsed = reportQuerySchema.safeParse(sent);
  // A malformed query shows this month, still within the team asked for when that one is well formed.
  const team = teamFilterSchema.safeParse({ team: sent.team || undefined }).data?.team;
  const query = parsed.success ? parsed.data : { ...reportQuerySchema.parse({}), team };
  const measure: ChartMeasure = (CHART_MEASURES as readonly string[]).includes(sent.measure ?? "")
    ? (sent.measure as ChartMeasure)
    : "sales";
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
    errors: parsed.success ? [] : parsed.error.issues.map((issue) => issue.message),
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
        <div className="col-span-2">
          <label htmlFor="report-view" className="field-label">
            Report
          </label>
          <select id="report-view" name="view" defaultValue="activity" className="field-input">
            {REPORT_VIEWS.filter((value) => seesAccounts || value !== "accounts").map((value) => (
              <option key={value} value={value}>
                {REPORT_VIEW_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2">
          <label htmlFor="report-period" className="field-label">
            Period
          </label>
          <select id="report-period" name="period" defaultValue={form.period} className="field-input">
            {REPORT_PERIODS.map((value) => (
              <option key={value} value={value}>
                {REPORT_PERIOD_LABELS[value]}
              </option>
            ))}
            <option value="">From and to below</option>
          </select>
        </div>
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
        <div className="col-span-2">
          <label htmlFor="report-group" className="field-label">
            Group by
          </label>
          <select id="report-group" name="groupBy" defaultValue={form.groupBy} className="field-input">
            {REPORT_GROUPINGS.map((value) => (
              <option key={value} value={value}>
                {REPORT_GROUPING_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {teams.length > 0 ? (
          <TeamSelect id="report-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        {isOfficer ? null : (
          <div className="col-span-2">
            <label htmlFor="report-officer" className="field-label">
              Officer
            </label>
            <select id="report-officer" name="officer" defaultValue={form.officer} className="field-input">
              <option value="">All officers</option>
              {officers.map((officer) => (
                <option key={officer.id} value={officer.id}>
                  {officer.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="report-province" className="field-label">
            Province
          </label>
          <select id="report-province" name="province" defaultValue={form.province} className="field-input">
            <option value="">All</option>
            {PROVINCES.map((province) => (
              <option key={province}>{province}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-type" className="field-label">
            Post type
          </label>
          <select id="report-type" name="type" defaultValue={form.type} className="field-input">
            <option value="">All</option>
            {POST_TYPES.map((type) => (
              <option key={type} value={type}>
                {POST_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2">
          <label htmlFor="report-measure" className="field-label">
            Chart
          </label>
          <select id="report-measure" name="measure" defaultValue={form.measure} className="field-input">
            {CHART_MEASURES.map((value) => (
              <option key={value} value={value}>
                {CHART_MEASURE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {errors.length > 0 ? (
          <ul className="col-span-2 field-error" role="alert">
            {errors.map((error) => (
              <li key={error}>{error}. Showing this month.</li>
            ))}
          </ul>
        ) : null}
        <button type="submit" className="btn-primary col-span-2">
          Show report
        </button>
      </Form>

      <ChartCard chart={chart} groups={rows.length} empty="Nothing in this period." />

      <section className="card space-y-2 px-0" aria-labelledby="report-table-title">
        <div className="flex flex-wrap items-center gap-2 px-4">
          <h2 id="report-table-title" className="flex-1 font-semibold">
            Totals by {columns[0]?.toLowerCase()}
          </h2>
          {/* No `download` attribute: the file comes as an attachment, and a busy server's refusal
              brings the reader back to this page with its message instead of saving it as a file. */}
          <a href={`/api/reports?${files}${files ? "&" : ""}format=xlsx`} className="btn-secondary text-sm">
            <Icon name="download" size={16} /> Download Excel
          </a>
          <a href={`/api/reports?${files}${files ? "&" : ""}format=csv`} className="btn-secondary text-sm" download>
            <Icon name="download" size={16} /> Download CSV
          </a>
        </div>
        <FiguresTable columns={columns} rows={rows} totals={totals} empty="Nothing in this period." />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="Failed to load the report" />;
}
