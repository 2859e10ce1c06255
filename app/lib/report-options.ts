// The report's choices and their words, without zod: the page's form imports them,
// and report.schema.ts checks a query against them.

export const REPORT_PERIODS = ["this-week", "last-week", "this-month", "last-month", "last-90-days"] as const;
export const REPORT_PERIOD_LABELS = {
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
  "last-90-days": "Last 90 days",
} as const;

export const REPORT_GROUPINGS = ["officer", "team", "province", "city", "dealer", "product", "day", "week"] as const;
export const REPORT_GROUPING_LABELS = {
  officer: "Officer",
  team: "Team",
  province: "Province",
  city: "City",
  dealer: "Dealer",
  product: "Product",
  day: "Day",
  week: "Week",
} as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** What the page's chart can show (`measure`, the page only: the files hold every column). */
export const CHART_MEASURES = ["sales", "recovery", "visits", "posts", "distance"] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];
export const CHART_MEASURE_LABELS: Record<ChartMeasure, string> = {
  sales: "Sales",
  recovery: "Recovery",
  visits: "Visits",
  posts: "Posts",
  distance: "Distance (km)",
};
