import { Form } from "react-router";
import { Icon } from "~/components/icon";
import { ChartCard, type ChartView, FiguresTable } from "~/components/reports/report-figures";
import { TeamSelect } from "~/components/team-select";
import { PROVINCES } from "~/lib/provinces";
import {
  ACCOUNT_CHART_MEASURES,
  ACCOUNT_CHART_MEASURE_LABELS,
  ACCOUNT_GROUPINGS,
  type AccountChartMeasure,
  type AccountGrouping,
  REPORT_GROUPING_LABELS,
} from "~/lib/report-options";
import type { TeamView } from "~/models/team.schema";

/** What the accounts view shows, every figure written for the page (GET /reports?view=accounts). */
export type AccountsViewData = {
  /** The team select, for those who see two teams or more. */
  teams: TeamView[];
  form: { groupBy: AccountGrouping; team: number | null; province: string; measure: AccountChartMeasure };
  errors: string[];
  /** Today and the month's first day, as US dates. */
  date: string;
  monthStart: string;
  columns: string[];
  rows: string[][];
  totals: string[];
  chart: ChartView;
  mostOverdue: Array<{
    id: number;
    businessName: string;
    city: string;
    overdue: string;
    outstanding: string;
    oldestUnpaidDays: number | null;
  }>;
  /** The query of the files' links. */
  files: string;
};

/**
 * The reports page's accounts view: what the dealers owe today, grouped, with its chart, the
 * most overdue dealers and the files. A plain GET form, plain links: nothing needs JavaScript.
 */
export function AccountsView({ data }: { data: AccountsViewData }) {
  const { form, errors, teams, date, monthStart, columns, rows, totals, chart, mostOverdue, files } = data;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Reports</h1>
      <p className="text-sm text-gray-11">
        Dealer accounts on <strong>{date}</strong>; recovered since {monthStart} beside what was overdue then. A
        dealer&apos;s officer is the one who added the dealer.{" "}
        <a href="/reports" className="link">
          Sales and visits
        </a>
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label="Report settings">
        <input type="hidden" name="view" value="accounts" />
        <div className="col-span-2">
          <label htmlFor="accounts-group" className="field-label">
            Group by
          </label>
          <select id="accounts-group" name="groupBy" defaultValue={form.groupBy} className="field-input">
            {ACCOUNT_GROUPINGS.map((value) => (
              <option key={value} value={value}>
                {REPORT_GROUPING_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {teams.length > 0 ? (
          <TeamSelect id="accounts-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <div>
          <label htmlFor="accounts-province" className="field-label">
            Province
          </label>
          <select id="accounts-province" name="province" defaultValue={form.province} className="field-input">
            <option value="">All</option>
            {PROVINCES.map((province) => (
              <option key={province}>{province}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="accounts-measure" className="field-label">
            Chart
          </label>
          <select id="accounts-measure" name="measure" defaultValue={form.measure} className="field-input">
            {ACCOUNT_CHART_MEASURES.map((value) => (
              <option key={value} value={value}>
                {ACCOUNT_CHART_MEASURE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {errors.length > 0 ? (
          <ul className="col-span-2 field-error" role="alert">
            {errors.map((error) => (
              <li key={error}>{error}. Showing every dealer by dealer.</li>
            ))}
          </ul>
        ) : null}
        <button type="submit" className="btn-primary col-span-2">
          Show report
        </button>
      </Form>

      <section className="card space-y-2" aria-labelledby="most-overdue-title">
        <h2 id="most-overdue-title" className="font-semibold">
          Most overdue dealers
        </h2>
        {mostOverdue.length === 0 ? (
          <p className="text-sm text-gray-11">No dealer has money overdue.</p>
        ) : (
          <ol className="divide-y divide-gray-4">
            {mostOverdue.map((dealer) => (
              <li key={dealer.id} className="flex items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <a href={`/dealer-details/${dealer.id}`} className="link tap font-medium">
                    {dealer.businessName}
                  </a>
                  <p className="text-sm text-gray-11">
                    {dealer.city} · owes {dealer.outstanding}
                    {dealer.oldestUnpaidDays === null ? "" : ` · oldest unpaid ${dealer.oldestUnpaidDays} days`}
                  </p>
                </div>
                <span className="font-semibold tabular-nums">{dealer.overdue} overdue</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ChartCard chart={chart} groups={rows.length} empty="No dealer owes anything." />

      <section className="card space-y-2 px-0" aria-labelledby="report-table-title">
        <div className="flex flex-wrap items-center gap-2 px-4">
          <h2 id="report-table-title" className="flex-1 font-semibold">
            Accounts by {columns[0]?.toLowerCase()}
          </h2>
          <a href={`/api/accounts?${files}&format=xlsx`} className="btn-secondary text-sm">
            <Icon name="download" size={16} /> Download Excel
          </a>
          <a href={`/api/accounts?${files}&format=csv`} className="btn-secondary text-sm" download>
            <Icon name="download" size={16} /> Download CSV
          </a>
        </div>
        <FiguresTable columns={columns} rows={rows} totals={totals} empty="No dealer owes anything." />
      </section>
    </div>
  );
}
