import { Form } from "react-router";
import { Icon } from "~/components/icon";
import { ChartCard, type ChartView, FiguresTable } from "~/components/reports/report-figures";
import { TeamSelect } from "~/components/team-select";
import { TARGET_GROUPINGS, TARGET_GROUPING_LABELS, type TargetGrouping } from "~/lib/report-options";
import { MEASURE_LABELS, TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import type { TeamView } from "~/models/team.schema";

/** What the targets view shows, every figure written for the page (GET /reports?view=targets). */
export type TargetsViewData = {
  isOfficer: boolean;
  /** The team select, for those who see two teams or more. */
  teams: TeamView[];
  /** The months and seasons the form offers. */
  periods: Array<{ value: string; label: string }>;
  form: { period: string; groupBy: TargetGrouping; team: number | null; measure: TargetMeasure };
  errors: string[];
  /** The period's name and its first and last days, as US dates. */
  label: string;
  first: string;
  last: string;
  columns: string[];
  rows: string[][];
  totals: string[];
  chart: ChartView;
  /** The groups with a target of the chart's measure (the bars show the top ones). */
  chartGroups: number;
  /** The query of the files' links. */
  files: string;
};

/**
 * The reports page's targets view: each measure's target against what was done, its percentage
 * and pace, grouped, with its chart and the files. A plain GET form, plain links: nothing needs
 * JavaScript. A measure without a target shows "–", never 0 %.
 */
export function TargetsView({ data }: { data: TargetsViewData }) {
  const {
    isOfficer,
    form,
    errors,
    teams,
    periods,
    label,
    first,
    last,
    columns,
    rows,
    totals,
    chart,
    chartGroups,
    files,
  } = data;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Reports</h1>
      <p className="text-sm text-gray-11">
        {isOfficer ? "Your targets" : "Targets"} for <strong>{label}</strong> ({first} – {last}) against what was done;
        a team&apos;s target is the sum of its officers&apos;.{" "}
        <a href="/reports" className="link">
          Sales and visits
        </a>
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label="Report settings">
        <input type="hidden" name="view" value="targets" />
        <div className="col-span-2">
          <label htmlFor="targets-period" className="field-label">
            Period
          </label>
          <select id="targets-period" name="period" defaultValue={form.period} className="field-input">
            {periods.map((period) => (
              <option key={period.value} value={period.value}>
                {period.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2">
          <label htmlFor="targets-group" className="field-label">
            Group by
          </label>
          <select id="targets-group" name="groupBy" defaultValue={form.groupBy} className="field-input">
            {TARGET_GROUPINGS.map((value) => (
              <option key={value} value={value}>
                {TARGET_GROUPING_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {teams.length > 0 ? (
          <TeamSelect id="targets-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <div className="col-span-2">
          <label htmlFor="targets-measure" className="field-label">
            Chart
          </label>
          <select id="targets-measure" name="measure" defaultValue={form.measure} className="field-input">
            {TARGET_MEASURES.map((value) => (
              <option key={value} value={value}>
                {MEASURE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {errors.length > 0 ? (
          <ul className="col-span-2 field-error" role="alert">
            {errors.map((error) => (
              <li key={error}>{error}. Showing this month by officer.</li>
            ))}
          </ul>
        ) : null}
        <button type="submit" className="btn-primary col-span-2">
          Show report
        </button>
      </Form>

      <ChartCard chart={chart} groups={chartGroups} empty="No target set in this period." />

      <section className="card space-y-2 px-0" aria-labelledby="report-table-title">
        <div className="flex flex-wrap items-center gap-2 px-4">
          <h2 id="report-table-title" className="flex-1 font-semibold">
            Targets by {columns[0]?.toLowerCase()}
          </h2>
          <a href={`/api/targets/report?${files}&format=xlsx`} className="btn-secondary text-sm">
            <Icon name="download" size={16} /> Download Excel
          </a>
          <a href={`/api/targets/report?${files}&format=csv`} className="btn-secondary text-sm" download>
            <Icon name="download" size={16} /> Download CSV
          </a>
        </div>
        <FiguresTable columns={columns} rows={rows} totals={totals} empty="No officer in this report." />
      </section>
    </div>
  );
}
