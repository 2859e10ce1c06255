import { chartMeasure, reportViewQuery } from "~/http/report-view-query.server";
import type { TargetsViewData } from "~/components/reports/targets-view";
import type { ReportWords } from "~/components/reports/report-words";
import { periodName } from "~/components/targets/period-name";
import { MEASURE_KEYS } from "~/components/targets/target-words";
import { env } from "~/env.server";
import { pageCall } from "~/http/form.server";
import { appDate, currentTime } from "~/infra/clock.server";
import { formatCalendarDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import { REPORT_PERIODS, TARGET_GROUPINGS } from "~/lib/report-options";
import { TARGET_MEASURES } from "~/lib/target-measures";
import { monthOf, nextPeriod, previousPeriod, seasonOf } from "~/lib/target-period";
import { targetsChart, targetsTable, type Cell } from "~/models/report-view.server";
import { teamsVisibleTo, type Viewer } from "~/models/team-scope.server";
import { targetsReportQuerySchema } from "~/models/targets-report.schema";
import { buildTargetsReport } from "~/models/targets-report.server";

// The reports page's targets view (GET /reports?view=targets): targets against what was done in
// a month or a season, from the same model as GET /api/targets/report (decision 91).

function cellText(cell: Cell, currency: string): string {
  switch (cell.kind) {
    case "money":
      return formatMoney(Math.round(cell.value * 100), currency);
    case "number":
      return cell.value === null ? "–" : cell.value.toLocaleString("en-US");
    case "percent":
      return cell.value === null ? "–" : `${cell.value}%`;
    case "text":
    case "date":
      return cell.value;
  }
}

/**
 * The periods the form offers: this season, the one before and the one after; this month, the
 * eleven before and the next. A valid period asked for in the address is offered too.
 */
function periodChoices(
  today: string,
  asked: string,
  { t, language }: ReportWords,
): Array<{ value: string; label: string }> {
  const season = seasonOf(today);
  const months = [nextPeriod(monthOf(today)), monthOf(today)];
  while (months.length < 13) months.push(previousPeriod(months.at(-1) ?? ""));
  const periods = [...new Set([asked, nextPeriod(season), season, previousPeriod(season), ...months])];
  return periods.map((value) => ({ value, label: periodName(value, t, language) }));
}

/**
 * The query as the targets view reads it. Choosing "Targets" in the sales view's form sends that
 * form's fields: its quick period becomes this month (last month for "last-month") and a
 * grouping the targets view does not have is left out, rather than shown as mistakes.
 */
function fromSalesView(sent: Record<string, string>, today: string): Record<string, string> {
  if (!(REPORT_PERIODS as readonly string[]).includes(sent.period ?? "")) return sent;
  const month = monthOf(today);
  const { groupBy, ...rest } = sent;
  return {
    ...rest,
    period: sent.period === "last-month" ? previousPeriod(month) : month,
    ...((TARGET_GROUPINGS as readonly string[]).includes(groupBy ?? "") ? { groupBy: groupBy ?? "" } : {}),
  };
}

/** What the targets view shows: 403 for a team not the viewer's; a malformed query shows this month by officer. */
export async function targetsView(
  url: URL,
  user: Viewer,
  words: ReportWords,
): Promise<TargetsViewData & { view: "targets" }> {
  const { t, language } = words;
  const today = appDate(currentTime());
  const sent = fromSalesView(Object.fromEntries(url.searchParams), today);
  const { query, errors } = reportViewQuery(targetsReportQuerySchema, sent);
  const measure = chartMeasure(TARGET_MEASURES, sent.measure, "salesAmount");
  const [report, teams] = await pageCall(() => Promise.all([buildTargetsReport(user, query), teamsVisibleTo(user)]));
  const currency = env.CURRENCY_SYMBOL;
  const table = targetsTable(report, t);
  const { groups: chartGroups, ...chart } = targetsChart(report, measure, t);
  const files = new URLSearchParams({
    period: report.period,
    groupBy: report.groupBy,
    ...(query.team ? { team: String(query.team) } : {}),
  });
  return {
    view: "targets" as const,
    isOfficer: user.role === "OFFICER",
    teams: teams.length > 1 ? teams : [],
    periods: periodChoices(today, report.period, words),
    form: { period: report.period, groupBy: report.groupBy, team: query.team ?? null, measure },
    errors,
    label: periodName(report.period, t, language),
    first: formatCalendarDate(report.first, language),
    last: formatCalendarDate(report.last, language),
    columns: table.columns,
    rows: table.rows.map((row) => row.map((cell) => cellText(cell, currency))),
    totals: table.totals.map((cell) => cellText(cell, currency)),
    chartGroups,
    chart: {
      ...chart,
      title:
        report.groupBy === "measure"
          ? t("reports:chart.percentOfTarget")
          : t("reports:chart.measurePercentOfTarget", { measure: t(MEASURE_KEYS[measure]) }),
      ticks: chart.ticks.map((tick) => ({ ...tick, label: `${tick.value}%` })),
    },
    files: files.toString(),
  };
}
