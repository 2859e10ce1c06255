import { Form } from "react-router";
import { ChartCard, type ChartView } from "~/components/reports/report-figures";
import { choicesOf, ReportFormEnd, ReportSelect, ReportTableCard } from "~/components/reports/report-form";
import { TeamSelect } from "~/components/team-select";
import {
  FARMER_CHART_MEASURES,
  FARMER_CHART_MEASURE_LABELS,
  FARMER_GROUPINGS,
  FARMER_GROUPING_LABELS,
  type FarmerChartMeasure,
  type FarmerGrouping,
} from "~/lib/report-options";
import type { TeamView } from "~/models/team.schema";

/** What the farmers view shows, every figure written for the page (GET /reports?view=farmers). */
export type FarmersViewData = {
  isOfficer: boolean;
  /** The team select, for those who see two teams or more. */
  teams: TeamView[];
  /** The seasons the form offers. */
  seasons: Array<{ value: string; label: string }>;
  form: { season: string; groupBy: FarmerGrouping; team: number | null; measure: FarmerChartMeasure };
  errors: string[];
  /** The season's name, and the first and last days the report covers (by season: the trend's), as US dates. */
  label: string;
  first: string;
  last: string;
  columns: string[];
  rows: string[][];
  totals: string[];
  chart: ChartView;
  /** The query of the files' links. */
  files: string;
};

/**
 * The reports page's farmers view: the farmers reached in a season (new and repeat), the farmer
 * meetings and their attendance, the demo plots by stage and their average yield gain, grouped,
 * with its chart and the files. A plain GET form, plain links: nothing needs JavaScript. Nothing
 * to average shows "–", never 0 %.
 */
export function FarmersView({ data }: { data: FarmersViewData }) {
  const { isOfficer, form, errors, teams, seasons, label, first, last, columns, rows, totals, chart, files } = data;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Reports</h1>
      <p className="text-sm text-gray-11">
        {isOfficer ? "Your farmers" : "Farmers"} reached and demo plots sown in <strong>{label}</strong> ({first} –{" "}
        {last}). A farmer is new when first met or given a plot in the season; a plot&apos;s yield gain is over its
        control plot&apos;s.{" "}
        <a href="/reports" className="link">
          Sales and visits
        </a>
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label="Report settings">
        <input type="hidden" name="view" value="farmers" />
        <ReportSelect id="farmers-season" label="Season" name="season" value={form.season} choices={seasons} />
        <ReportSelect
          id="farmers-group"
          label="Group by"
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(FARMER_GROUPINGS, FARMER_GROUPING_LABELS)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="farmers-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <ReportSelect
          id="farmers-measure"
          label="Chart"
          name="measure"
          value={form.measure}
          choices={choicesOf(FARMER_CHART_MEASURES, FARMER_CHART_MEASURE_LABELS)}
        />
        <ReportFormEnd errors={errors} showing="Showing this season by officer." />
      </Form>

      <ChartCard chart={chart} groups={rows.length} empty="Nothing in this season." />

      <ReportTableCard
        heading={`Farmers and demo plots by ${columns[0]?.toLowerCase()}`}
        api="/api/farmers/report"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty="Nothing in this season."
      />
    </div>
  );
}
