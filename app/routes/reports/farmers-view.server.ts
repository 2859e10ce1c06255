import { chartMeasure, reportViewQuery } from "~/http/report-view-query.server";
import type { FarmersViewData } from "~/components/reports/farmers-view";
import { pageCall } from "~/http/form.server";
import { appDate, currentTime } from "~/infra/clock.server";
import { formatCalendarDate } from "~/lib/date-format";
import { FARMER_CHART_MEASURES, FARMER_GROUPINGS, REPORT_PERIODS } from "~/lib/report-options";
import { nextPeriod, previousPeriod, seasonOf } from "~/lib/target-period";
import { FARMER_CHART_KEYS, type ReportWords } from "~/components/reports/report-words";
import { periodName } from "~/components/targets/period-name";
import { farmersReportQuerySchema } from "~/models/farmers-report.schema";
import { buildFarmersReport } from "~/models/farmers-report.server";
import { farmersChart, farmersTable, type Cell } from "~/models/report-view.server";
import { teamsVisibleTo, type Viewer } from "~/models/team-scope.server";

// The reports page's farmers view (GET /reports?view=farmers): the farmers reached, the meetings
// and the demo plots of a season, from the same model as GET /api/farmers/report (decision 98).

/** A count as "1,234"; a gain as "+12.5%" or "−3.0%" (nothing to average is the table's "–"). */
function cellText(cell: Cell): string {
  switch (cell.kind) {
    case "number":
      return cell.value === null ? "–" : cell.value.toLocaleString("en-US");
    case "percent":
      if (cell.value === null) return "–";
      return `${cell.value > 0 ? "+" : cell.value < 0 ? "−" : ""}${Math.abs(cell.value).toFixed(1)}%`;
    case "money":
    case "text":
    case "date":
      return String(cell.value);
  }
}

/** The seasons the form offers: the next, this one and the five before it; a valid season asked for in the address too. */
function seasonChoices(
  today: string,
  asked: string,
  { t, language }: ReportWords,
): Array<{ value: string; label: string }> {
  const seasons = [nextPeriod(seasonOf(today)), seasonOf(today)];
  while (seasons.length < 7) seasons.push(previousPeriod(seasons.at(-1) ?? ""));
  return [...new Set([asked, ...seasons])].map((value) => ({ value, label: periodName(value, t, language) }));
}

/**
 * Choosing "Farmers and demo plots" in the sales view's form sends that form's fields: its quick
 * period and a grouping this view does not have are left out, rather than shown as mistakes.
 */
function fromSalesView(sent: Record<string, string>): Record<string, string> {
  if (!(REPORT_PERIODS as readonly string[]).includes(sent.period ?? "")) return sent;
  const { groupBy, ...rest } = sent;
  return (FARMER_GROUPINGS as readonly string[]).includes(groupBy ?? "") ? { ...rest, groupBy: groupBy ?? "" } : rest;
}

/** What the farmers view shows: 403 for a team not the viewer's; a malformed query shows this season by officer. */
export async function farmersView(
  url: URL,
  user: Viewer,
  words: ReportWords,
): Promise<FarmersViewData & { view: "farmers" }> {
  const { t, language } = words;
  const today = appDate(currentTime());
  const sent = fromSalesView(Object.fromEntries(url.searchParams));
  const { query, errors } = reportViewQuery(farmersReportQuerySchema, sent);
  const measure = chartMeasure(FARMER_CHART_MEASURES, sent.measure, "reached");
  const [report, teams] = await pageCall(() => Promise.all([buildFarmersReport(user, query), teamsVisibleTo(user)]));
  const table = farmersTable(report, t);
  const chart = farmersChart(report, measure, t);
  const files = new URLSearchParams({
    season: report.season,
    groupBy: report.groupBy,
    ...(query.team ? { team: String(query.team) } : {}),
  });
  return {
    view: "farmers" as const,
    isOfficer: user.role === "OFFICER",
    teams: teams.length > 1 ? teams : [],
    seasons: seasonChoices(today, report.season, words),
    form: { season: report.season, groupBy: report.groupBy, team: query.team ?? null, measure },
    errors,
    label: periodName(report.season, t, language),
    first: formatCalendarDate(report.totals.first, language),
    last: formatCalendarDate(report.totals.last, language),
    columns: table.columns,
    rows: table.rows.map((row) => row.map(cellText)),
    totals: table.totals.map(cellText),
    chart: {
      ...chart,
      // By product and crop the bars are always the harvested plots behind each average.
      title: report.groupBy === "product" ? t("reports:column.plotsWithYields") : t(FARMER_CHART_KEYS[measure]),
      ticks: chart.ticks.map((tick) => ({ ...tick, label: tick.value.toLocaleString("en-US") })),
    },
    files: files.toString(),
  };
}
