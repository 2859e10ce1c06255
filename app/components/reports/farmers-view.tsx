import { Form } from "react-router";
import { ChartCard, type ChartView } from "~/components/reports/report-figures";
import { choicesOf, ReportFormEnd, ReportSelect, ReportTableCard } from "~/components/reports/report-form";
import { TeamSelect } from "~/components/team-select";
import {
  FARMER_CHART_MEASURES,
  FARMER_GROUPINGS,
  type FarmerChartMeasure,
  type FarmerGrouping,
} from "~/lib/report-options";
import { FARMER_CHART_KEYS, FARMER_GROUPING_KEYS, VIEW_KEYS } from "~/components/reports/report-words";
import { RichMessage, useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";
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
/** The table's heading by its grouping. */
const FARMERS_BY_KEYS: Record<FarmerGrouping, MessageKey> = {
  officer: "reports:farmers.by.officer",
  team: "reports:farmers.by.team",
  season: "reports:farmers.by.season",
  product: "reports:farmers.by.product",
};

export function FarmersView({ data }: { data: FarmersViewData }) {
  const t = useT();
  const { isOfficer, form, errors, teams, seasons, label, first, last, columns, rows, totals, chart, files } = data;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("reports:page.title")}</h1>
      <p className="text-sm text-gray-11">
        <RichMessage
          id={isOfficer ? "reports:farmers.introOwn" : "reports:farmers.introAll"}
          values={{ label, first, last }}
          components={{ 0: <strong /> }}
        />{" "}
        <a href="/reports" className="link">
          {t(VIEW_KEYS.activity)}
        </a>
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label={t("reports:form.settings")}>
        <input type="hidden" name="view" value="farmers" />
        <ReportSelect
          id="farmers-season"
          label={t("reports:form.season")}
          name="season"
          value={form.season}
          choices={seasons}
        />
        <ReportSelect
          id="farmers-group"
          label={t("reports:form.groupBy")}
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(FARMER_GROUPINGS, FARMER_GROUPING_KEYS, t)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="farmers-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <ReportSelect
          id="farmers-measure"
          label={t("reports:form.chart")}
          name="measure"
          value={form.measure}
          choices={choicesOf(FARMER_CHART_MEASURES, FARMER_CHART_KEYS, t)}
        />
        <ReportFormEnd errors={errors} showing={t("reports:farmers.showing")} />
      </Form>

      <ChartCard chart={chart} groups={rows.length} empty={t("reports:farmers.empty")} />

      <ReportTableCard
        heading={t(FARMERS_BY_KEYS[form.groupBy])}
        api="/api/farmers/report"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty={t("reports:farmers.empty")}
      />
    </div>
  );
}
