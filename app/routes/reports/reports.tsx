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
} from "~/lib/report-options";
import { reportQuerySchema } from "~/models/report.schema";
import { buildReport, reportOfficers } from "~/models/report.server";
import { teamFilterSchema } from "~/models/team.schema";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { Icon } from "~/components/icon";

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

/** A label at the plot's left edge starts there, one at its right edge ends there: neither is cut off. */
function edgeAnchor(x: number, plot: { left: number; right: number }): "start" | "middle" | "end" {
  if (x - plot.left < 20) return "start";
  return plot.right - x < 20 ? "end" : "middle";
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
  const seesOthers = can(await requestViewer(args, user), "reports.others");
  const url = new URL(args.request.url);
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
  const { form, errors, officers, teams, isOfficer, period, previousPeriod, columns, rows, totals, chart, files } =
    loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Reports</h1>
      <p className="text-sm text-gray-11">
        {isOfficer ? "Your figures" : "The team's figures"} for <strong>{period}</strong>, against {previousPeriod}.
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label="Report settings">
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

      <section className="card space-y-2" aria-labelledby="report-chart-title">
        <h2 id="report-chart-title" className="font-semibold">
          {chart.title}
          {chart.orientation === "bars" && chart.bars.length < rows.length ? `, the top ${chart.bars.length}` : ""}
        </h2>
        {chart.bars.length === 0 ? (
          <p className="text-sm text-gray-11">Nothing in this period.</p>
        ) : (
          // The table below has every figure; the chart is a picture of one column of it.
          <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="w-full" aria-hidden data-testid="report-chart">
            {chart.ticks.map((tickMark) =>
              chart.orientation === "columns" ? (
                <g key={tickMark.value}>
                  <line
                    x1={chart.plot.left}
                    x2={chart.plot.right}
                    y1={tickMark.at}
                    y2={tickMark.at}
                    className="stroke-gray-5"
                  />
                  <text
                    x={chart.plot.left - 4}
                    y={tickMark.at + 5}
                    textAnchor="end"
                    className="fill-gray-11"
                    fontSize={chart.textSize}
                  >
                    {tickMark.label}
                  </text>
                </g>
              ) : (
                <g key={tickMark.value}>
                  <line
                    x1={tickMark.at}
                    x2={tickMark.at}
                    y1={chart.plot.top}
                    y2={chart.plot.bottom}
                    className="stroke-gray-5"
                  />
                  <text
                    x={tickMark.at}
                    y={chart.plot.bottom + chart.textSize + 2}
                    textAnchor={edgeAnchor(tickMark.at, chart.plot)}
                    className="fill-gray-11"
                    fontSize={chart.textSize}
                  >
                    {tickMark.label}
                  </text>
                </g>
              ),
            )}
            {chart.axis.map((mark, index) => (
              <text
                key={index}
                x={mark.x}
                y={chart.plot.bottom + chart.textSize + 2}
                textAnchor={chart.axis.length === 1 ? "middle" : mark === chart.axis[0] ? "start" : "end"}
                className="fill-gray-11"
                fontSize={chart.textSize}
              >
                {mark.label}
              </text>
            ))}
            {/* By place, as the table's rows: two officers may share a name. */}
            {chart.bars.map((bar, index) => (
              <g key={index}>
                <rect
                  x={bar.x}
                  y={bar.y}
                  width={Math.max(bar.width, 0)}
                  height={Math.max(bar.height, 0)}
                  rx={2}
                  className="fill-accent-9"
                />
                {chart.orientation === "bars" ? (
                  <text x={bar.x} y={bar.y - 3} className="fill-gray-12" fontSize={chart.textSize}>
                    {bar.label}
                  </text>
                ) : null}
              </g>
            ))}
          </svg>
        )}
      </section>

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
        <p className="px-4 text-xs text-gray-11">Swipe the table for every figure →</p>
        <div className="overflow-x-auto" role="region" aria-label="Report table" tabIndex={0}>
          <table className="w-max min-w-full text-sm">
            <thead>
              <tr>
                {columns.map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={`px-3 py-2 text-left font-medium text-gray-11 ${i === 0 ? "sticky left-0 bg-white" : "text-right"}`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {/* By place, not by label: two officers may share a name, and a label twice as a key
                  left the last table's rows behind when the report changed in place. */}
              {rows.map((row, index) => (
                <TableRow key={index} cells={row} columns={columns} className="border-t border-gray-4" />
              ))}
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-4 py-3 text-gray-11">
                    Nothing in this period.
                  </td>
                </tr>
              ) : null}
            </tbody>
            <tfoot>
              <TableRow cells={totals} columns={columns} className="border-t-2 border-gray-6 font-semibold" />
            </tfoot>
          </table>
        </div>
      </section>
    </div>
  );
}

/** A row of the table: its group (or "Total") as the row's heading, kept in view while the figures scroll. */
function TableRow({ cells, columns, className }: { cells: string[]; columns: string[]; className: string }) {
  return (
    <tr className={className}>
      {cells.map((cell, i) =>
        i === 0 ? (
          <th
            key={columns[i]}
            scope="row"
            className="sticky left-0 max-w-40 bg-white px-3 py-2 text-left font-medium break-words"
          >
            {cell}
          </th>
        ) : (
          <td key={columns[i]} className="px-3 py-2 text-right tabular-nums">
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="Failed to load the report" />;
}
