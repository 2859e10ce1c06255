import { chartMeasure, reportViewQuery } from "~/http/report-view-query.server";
import type { AccountsViewData } from "~/components/reports/accounts-view";
import { ACCOUNT_CHART_KEYS, type ReportWords } from "~/components/reports/report-words";
import { env } from "~/env.server";
import { pageCall } from "~/http/form.server";
import { formatCalendarDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import { ACCOUNT_CHART_MEASURES } from "~/lib/report-options";
import { accountsQuerySchema } from "~/models/accounts-report.schema";
import { buildAccountsReport } from "~/models/accounts-report.server";
import { accountsChart, accountsTable, type Cell } from "~/models/report-view.server";
import { teamsVisibleTo, type Viewer } from "~/models/team-scope.server";

// The reports page's accounts view (GET /reports?view=accounts): outstanding and overdue today by
// dealer, officer, team or province, from the same model as GET /api/accounts.

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

function cellText(cell: Cell, currency: string): string {
  switch (cell.kind) {
    case "money":
      return formatMoney(Math.round(cell.value * 100), currency);
    case "number":
      return cell.value === null ? "–" : cell.value.toLocaleString("en-US");
    case "text":
    case "date":
    case "percent":
      return String(cell.value ?? "–");
  }
}

/** What the accounts view shows: 403 for an officer or a team not the viewer's; a malformed query shows the defaults. */
export async function accountsView(
  url: URL,
  user: Viewer,
  { t, language }: ReportWords,
): Promise<AccountsViewData & { view: "accounts" }> {
  const sent = Object.fromEntries(url.searchParams);
  const { query, errors } = reportViewQuery(accountsQuerySchema, sent);
  const measure = chartMeasure(ACCOUNT_CHART_MEASURES, sent.measure, "overdue");
  const [report, teams] = await pageCall(() => Promise.all([buildAccountsReport(user, query), teamsVisibleTo(user)]));
  const currency = env.CURRENCY_SYMBOL;
  const table = accountsTable(report, t);
  const chart = accountsChart(report, measure, t);
  const files = new URLSearchParams({
    groupBy: query.groupBy,
    ...(query.team ? { team: String(query.team) } : {}),
    ...(query.province ? { province: query.province } : {}),
  });
  return {
    view: "accounts" as const,
    teams: teams.length > 1 ? teams : [],
    form: { groupBy: query.groupBy, team: query.team ?? null, province: query.province ?? "", measure },
    errors,
    date: formatCalendarDate(report.date, language),
    monthStart: formatCalendarDate(report.monthStart, language),
    columns: table.columns,
    rows: table.rows.map((row) => row.map((cell) => cellText(cell, currency))),
    totals: table.totals.map((cell) => cellText(cell, currency)),
    chart: {
      ...chart,
      title: t(ACCOUNT_CHART_KEYS[measure]),
      ticks: chart.ticks.map((tick) => ({ ...tick, label: `${currency}${compact.format(tick.value)}` })),
    },
    mostOverdue: report.mostOverdue.map((dealer) => ({
      id: dealer.id,
      businessName: dealer.businessName,
      city: dealer.city,
      overdue: formatMoney(dealer.overdueCents, currency),
      outstanding: formatMoney(dealer.outstandingCents, currency),
      oldestUnpaidDays: dealer.oldestUnpaidDays,
    })),
    files: files.toString(),
  };
}
