// The report's choices and their words, without zod: the page's form imports them,
// and report.schema.ts checks a query against them.

export const REPORT_PERIODS = ["this-week", "last-week", "this-month", "last-month", "last-90-days"] as const;

export const REPORT_GROUPINGS = ["officer", "team", "province", "city", "dealer", "product", "day", "week"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** What the page's chart can show (`measure`, the page only: the files hold every column). */
export const CHART_MEASURES = ["sales", "recovery", "visits", "posts", "distance"] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];

/**
 * What a report is about: the officers' work over a period, the dealers' accounts today, targets
 * against what was done, or the farmers reached and the demo plots of a season.
 */
export const REPORT_VIEWS = ["activity", "accounts", "targets", "farmers"] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** The groupings of the farmers view: officers, their teams, the seasons up to the one asked (a trend), or the plots' product and crop. */
export const FARMER_GROUPINGS = ["officer", "team", "season", "product"] as const;
export type FarmerGrouping = (typeof FARMER_GROUPINGS)[number];

/** What the farmers view's chart can show (by product and crop: always the harvested plots). */
export const FARMER_CHART_MEASURES = ["reached", "newFarmers", "meetings", "headCount", "plots"] as const;
export type FarmerChartMeasure = (typeof FARMER_CHART_MEASURES)[number];

/** The groupings of the targets view: officers, their teams (the sums of their officers'), the measures, or the months. */
export const TARGET_GROUPINGS = ["officer", "team", "measure", "period"] as const;
export type TargetGrouping = (typeof TARGET_GROUPINGS)[number];

/** The groupings of the accounts view: a dealer's account belongs to one dealer, its officer, team and province. */
export const ACCOUNT_GROUPINGS = ["dealer", "officer", "team", "province"] as const satisfies readonly ReportGrouping[];
export type AccountGrouping = (typeof ACCOUNT_GROUPINGS)[number];

/** What the accounts view's chart can show. */
export const ACCOUNT_CHART_MEASURES = ["outstanding", "overdue"] as const;
export type AccountChartMeasure = (typeof ACCOUNT_CHART_MEASURES)[number];

/** A chart's geometry, computed on the server so the phone receives plain SVG numbers. */
export type ReportChart = {
  width: number;
  height: number;
  /** Bars across a time axis (days, weeks) or down a list of groups (the others). */
  orientation: "columns" | "bars";
  bars: Array<{ label: string; value: number; x: number; y: number; width: number; height: number }>;
  /** Under columns: the first and the last day or week ("Aug 23"), where they stand. */
  axis: Array<{ label: string; x: number }>;
  ticks: Array<{ value: number; at: number }>;
  plot: { left: number; top: number; right: number; bottom: number };
  /** The words' size, in the drawing's units. */
  textSize: number;
};
