import { Form } from "react-router";
import { ChartCard, type ChartView } from "~/components/reports/report-figures";
import { choicesOf, ReportFormEnd, ReportSelect, ReportTableCard } from "~/components/reports/report-form";
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
        <ReportSelect id="targets-period" label="Period" name="period" value={form.period} choices={periods} />
        <ReportSelect
          id="targets-group"
          label="Group by"
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(TARGET_GROUPINGS, TARGET_GROUPING_LABELS)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="targets-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <ReportSelect
          id="targets-measure"
          label="Chart"
          name="measure"
          value={form.measure}
          choices={choicesOf(TARGET_MEASURES, MEASURE_LABELS)}
        />
        <ReportFormEnd errors={errors} showing="Showing this month by officer." />
      </Form>

      <ChartCard chart={chart} groups={chartGroups} empty="No target set in this period." />

      <ReportTableCard
        heading={`Targets by ${columns[0]?.toLowerCase()}`}
        api="/api/targets/report"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty="No officer in this report."
      />
    </div>
  );
}
