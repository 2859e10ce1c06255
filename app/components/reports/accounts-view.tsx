import { Form } from "react-router";
import { ChartCard, type ChartView } from "~/components/reports/report-figures";
import {
  choicesOf,
  PROVINCE_CHOICES,
  ReportFormEnd,
  ReportSelect,
  ReportTableCard,
} from "~/components/reports/report-form";
import { TeamSelect } from "~/components/team-select";
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
        <ReportSelect
          id="accounts-group"
          label="Group by"
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(ACCOUNT_GROUPINGS, REPORT_GROUPING_LABELS)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="accounts-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <ReportSelect
          id="accounts-province"
          label="Province"
          name="province"
          value={form.province}
          choices={PROVINCE_CHOICES}
          half
        />
        <ReportSelect
          id="accounts-measure"
          label="Chart"
          name="measure"
          value={form.measure}
          choices={choicesOf(ACCOUNT_CHART_MEASURES, ACCOUNT_CHART_MEASURE_LABELS)}
          half
        />
        <ReportFormEnd errors={errors} showing="Showing every dealer by dealer." />
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

      <ReportTableCard
        heading={`Accounts by ${columns[0]?.toLowerCase()}`}
        api="/api/accounts"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty="No dealer owes anything."
      />
    </div>
  );
}
