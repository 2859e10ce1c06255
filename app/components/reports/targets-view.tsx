import { Form } from "react-router";
import { RichMessage, useT } from "~/browser/i18n";
import { ChartCard, type ChartView } from "~/components/reports/report-figures";
import { choicesOf, ReportFormEnd, ReportSelect, ReportTableCard } from "~/components/reports/report-form";
import { TeamSelect } from "~/components/team-select";
import { TARGET_GROUPING_KEYS, VIEW_KEYS } from "~/components/reports/report-words";
import { MEASURE_KEYS } from "~/components/targets/target-words";
import { TARGET_GROUPINGS, type TargetGrouping } from "~/lib/report-options";
import { TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import type { MessageKey } from "~/locales/namespaces";
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
/** The table's heading by its grouping. */
const TARGETS_BY_KEYS: Record<TargetGrouping, MessageKey> = {
  officer: "reports:targets.by.officer",
  team: "reports:targets.by.team",
  measure: "reports:targets.by.measure",
  period: "reports:targets.by.period",
};

export function TargetsView({ data }: { data: TargetsViewData }) {
  const t = useT();
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
      <h1 className="text-xl font-bold">{t("reports:page.title")}</h1>
      <p className="text-sm text-gray-11">
        <RichMessage
          id={isOfficer ? "reports:targets.introOwn" : "reports:targets.introAll"}
          values={{ label, first, last }}
          components={{ 0: <strong /> }}
        />{" "}
        <a href="/reports" className="link">
          {t(VIEW_KEYS.activity)}
        </a>
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label={t("reports:form.settings")}>
        <input type="hidden" name="view" value="targets" />
        <ReportSelect
          id="targets-period"
          label={t("reports:form.period")}
          name="period"
          value={form.period}
          choices={periods}
        />
        <ReportSelect
          id="targets-group"
          label={t("reports:form.groupBy")}
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(TARGET_GROUPINGS, TARGET_GROUPING_KEYS, t)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="targets-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <ReportSelect
          id="targets-measure"
          label={t("reports:form.chart")}
          name="measure"
          value={form.measure}
          choices={choicesOf(TARGET_MEASURES, MEASURE_KEYS, t)}
        />
        <ReportFormEnd errors={errors} showing={t("reports:targets.showing")} />
      </Form>

      <ChartCard chart={chart} groups={chartGroups} empty={t("reports:targets.chartEmpty")} />

      <ReportTableCard
        heading={t(TARGETS_BY_KEYS[form.groupBy])}
        api="/api/targets/report"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty={t("reports:targets.tableEmpty")}
      />
    </div>
  );
}
