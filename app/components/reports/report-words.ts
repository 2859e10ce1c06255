import type {
  AccountChartMeasure,
  ChartMeasure,
  FarmerChartMeasure,
  FarmerGrouping,
  ReportGrouping,
  ReportView,
  TargetGrouping,
} from "~/lib/report-options";
import type { Language } from "~/lib/languages";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The reports page's choices in the reader's language (decision 101): lib/report-options holds
// the codes and the English the files' headers use; the page names each code by its key.

/** What a view's builder words its page with: the reader's language and its messages. */
export type ReportWords = { t: Translate; language: Language };

export const VIEW_KEYS: Record<ReportView, MessageKey> = {
  activity: "reports:view.activity",
  accounts: "reports:view.accounts",
  targets: "reports:view.targets",
  farmers: "reports:view.farmers",
};

export const PERIOD_KEYS = {
  "this-week": "reports:period.thisWeek",
  "last-week": "reports:period.lastWeek",
  "this-month": "reports:period.thisMonth",
  "last-month": "reports:period.lastMonth",
  "last-90-days": "reports:period.last90Days",
} as const satisfies Record<string, MessageKey>;

export const GROUPING_KEYS: Record<ReportGrouping, MessageKey> = {
  officer: "reports:grouping.officer",
  team: "reports:grouping.team",
  province: "reports:grouping.province",
  city: "reports:grouping.city",
  dealer: "reports:grouping.dealer",
  product: "reports:grouping.product",
  day: "reports:grouping.day",
  week: "reports:grouping.week",
};

export const TARGET_GROUPING_KEYS: Record<TargetGrouping, MessageKey> = {
  officer: "reports:grouping.officer",
  team: "reports:grouping.team",
  measure: "reports:grouping.measure",
  period: "reports:grouping.month",
};

export const FARMER_GROUPING_KEYS: Record<FarmerGrouping, MessageKey> = {
  officer: "reports:grouping.officer",
  team: "reports:grouping.team",
  season: "reports:grouping.season",
  product: "reports:grouping.productAndCrop",
};

export const CHART_KEYS: Record<ChartMeasure, MessageKey> = {
  sales: "reports:chart.sales",
  recovery: "reports:chart.recovery",
  visits: "reports:chart.visits",
  posts: "reports:chart.posts",
  distance: "reports:chart.distance",
};

export const ACCOUNT_CHART_KEYS: Record<AccountChartMeasure, MessageKey> = {
  outstanding: "reports:chart.outstanding",
  overdue: "reports:chart.overdue",
};

export const FARMER_CHART_KEYS: Record<FarmerChartMeasure, MessageKey> = {
  reached: "reports:chart.reached",
  newFarmers: "reports:chart.newFarmers",
  meetings: "reports:chart.meetings",
  headCount: "reports:chart.headCount",
  plots: "reports:chart.plots",
};
