import { scaleBand, scaleLinear } from "d3-scale";
import { POST_TYPES, type PostType, SALE_PRODUCTS, SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { formatCalendarDate } from "~/lib/date-format";
import { percentChange } from "~/lib/percent-change";
import { AGEING_BUCKETS } from "~/lib/ledger";
import {
  type AccountChartMeasure,
  type ChartMeasure,
  type FarmerChartMeasure,
  type FarmerGrouping,
  type ReportGrouping,
  type TargetGrouping,
  type ReportChart,
} from "~/lib/report-options";
import type { MessageKey, Translate } from "~/locales/namespaces";
import { MONEY_MEASURES, TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import { periodLabel, type Standing } from "~/lib/target-period";
import type { AccountFigures, AccountsReport } from "~/models/accounts-report.server";
import type { FarmerFigures, FarmersReport, YieldGain } from "~/models/farmers-report.server";
import type { MeasureFigure, TargetsReport } from "~/models/targets-report.server";
import type { Figures, Report } from "~/models/report.server";

// The report as the page shows it and the files hold it: one table (the same columns, rows
// and totals on the page, in the CSV and in the .xlsx), and the chart's geometry, computed
// here so the phone receives plain SVG numbers and no chart code.

export type Cell =
  | { kind: "text"; value: string }
  | { kind: "date"; value: string }
  | { kind: "money"; value: number }
  | { kind: "number"; value: number | null; decimals: number }
  | { kind: "percent"; value: number | null };

export type ReportTable = { columns: string[]; rows: Cell[][]; totals: Cell[] };

const money = (cents: bigint): Cell => ({ kind: "money", value: Number(cents) / 100 });
const count = (value: number | null, decimals = 0): Cell => ({ kind: "number", value, decimals });
const change = (current: number | null, previous: number | null): Cell => ({
  kind: "percent",
  value: current === null || previous === null ? null : percentChange(current, previous),
});

/** Each post type's count column. */
const POSTS_OF_TYPE: Record<PostType, MessageKey> = {
  FIELD_VISIT: "reports:column.postsOfType.FIELD_VISIT",
  FARMER_MEETING: "reports:column.postsOfType.FARMER_MEETING",
  DEALER_MEETING: "reports:column.postsOfType.DEALER_MEETING",
  SALE: "reports:column.postsOfType.SALE",
  RECOVERY: "reports:column.postsOfType.RECOVERY",
  DEMO_PLOT: "reports:column.postsOfType.DEMO_PLOT",
  ANNOUNCEMENT: "reports:column.postsOfType.ANNOUNCEMENT",
};

/** The figures' columns, in the order of figureCells. */
function figureColumns(t: Translate): string[] {
  return [
    t("reports:column.sales"),
    t("reports:column.salesPrevious"),
    t("reports:column.salesChange"),
    ...SALE_PRODUCTS.map((product) => t("reports:column.bags", { product: SALE_PRODUCT_LABELS[product] })),
    t("reports:column.recovery"),
    t("reports:column.recoveryPrevious"),
    t("reports:column.recoveryChange"),
    t("reports:column.gap"),
    t("reports:column.posts"),
    t("reports:column.postsPrevious"),
    t("reports:column.postsChange"),
    ...POST_TYPES.map((type) => t(POSTS_OF_TYPE[type])),
    t("reports:column.visits"),
    t("reports:column.visitsPrevious"),
    t("reports:column.visitsChange"),
    t("reports:column.dealersVisited"),
    t("reports:column.newDealers"),
    t("reports:column.distance"),
    t("reports:column.distancePrevious"),
    t("reports:column.distanceChange"),
    t("reports:column.hours"),
  ];
}

function figureCells(current: Figures, previous: Figures): Cell[] {
  const sales = Number(current.salesCents);
  const recovery = Number(current.recoveryCents);
  return [
    money(current.salesCents),
    money(previous.salesCents),
    change(sales, Number(previous.salesCents)),
    ...SALE_PRODUCTS.map((product) => count(current.salesByProduct[product].qty)),
    money(current.recoveryCents),
    money(previous.recoveryCents),
    change(recovery, Number(previous.recoveryCents)),
    money(current.salesCents - current.recoveryCents),
    count(current.posts),
    count(previous.posts),
    change(current.posts, previous.posts),
    ...POST_TYPES.map((type) => count(current.postsByType[type])),
    count(current.visits),
    count(previous.visits),
    change(current.visits, previous.visits),
    count(current.dealersVisited),
    count(current.newDealers),
    count(current.distanceKm, 1),
    count(previous.distanceKm, 1),
    change(current.distanceKm, previous.distanceKm),
    count(current.hours, 1),
  ];
}

/** Each grouping's name (the files' titles say "by week"). */
export const GROUPING_NAMES: Record<ReportGrouping, MessageKey> = {
  officer: "reports:grouping.officer",
  team: "reports:grouping.team",
  province: "reports:grouping.province",
  city: "reports:grouping.city",
  dealer: "reports:grouping.dealer",
  product: "reports:grouping.product",
  day: "reports:grouping.day",
  week: "reports:grouping.week",
};

/** The first column's heading: the grouping's name ("Week of" for weeks, which are rows by their first day). */
const GROUP_HEADINGS: Record<ReportGrouping, MessageKey> = { ...GROUPING_NAMES, week: "reports:column.weekOf" };

/** The row of the rows that belong to no group ("No team"); days and weeks have none. */
const NO_GROUP: Record<Exclude<ReportGrouping, "day" | "week">, MessageKey> = {
  officer: "reports:noGroup.officer",
  team: "reports:noGroup.team",
  province: "reports:noGroup.province",
  city: "reports:noGroup.city",
  dealer: "reports:noGroup.dealer",
  product: "reports:noGroup.product",
};

/** A row's name in `t`'s words: the models name the rows of no group in English, by an empty key. */
function groupName(groupBy: ReportGrouping, row: { key: string; label: string }, t: Translate): string {
  return row.key === "" && groupBy !== "day" && groupBy !== "week" ? t(NO_GROUP[groupBy]) : row.label;
}

/**
 * The report's table: a row per group, then the totals. Day and week rows carry their date. Its
 * words are `t`'s: the page's in the reader's language, /api's files in English.
 */
export function reportTable(report: Report, t: Translate): ReportTable {
  const calendar = report.groupBy === "day" || report.groupBy === "week";
  return {
    columns: [t(GROUP_HEADINGS[report.groupBy]), ...figureColumns(t)],
    rows: report.rows.map((row) => [
      calendar ? { kind: "date", value: row.key } : { kind: "text", value: groupName(report.groupBy, row, t) },
      ...figureCells(row.current, row.previous),
    ]),
    totals: [
      { kind: "text", value: t("reports:column.total") },
      ...figureCells(report.totals.current, report.totals.previous),
    ],
  };
}

function measureOf(figures: Figures, measure: ChartMeasure): number {
  switch (measure) {
    case "sales":
      return Number(figures.salesCents) / 100;
    case "recovery":
      return Number(figures.recoveryCents) / 100;
    case "visits":
      return figures.visits;
    case "posts":
      return figures.posts;
    case "distance":
      return figures.distanceKm ?? 0;
  }
}

/** The most groups a bar chart lists; the table has them all. */
const MOST_BARS = 12;

/**
 * The size of the chart's words in its own units. The drawing (348 units wide) is scaled to the
 * card, about 302 px at 360 px: 15 units are drawn 13 px tall, above the 12 px a phone outdoors needs.
 */
const CHART_TEXT = 15;

/** The chart of one measure: columns over days or weeks, else the biggest groups as bars (named in `t`'s words). */
export function reportChart(report: Report, measure: ChartMeasure, t: Translate): ReportChart {
  const calendar = report.groupBy === "day" || report.groupBy === "week";
  return chartOf(
    report.rows.map((row) => ({
      key: row.key,
      label: groupName(report.groupBy, row, t),
      value: measureOf(row.current, measure),
    })),
    calendar ? (day) => formatCalendarDate(day).replace(/, \d{4}$/, "") : null,
  );
}

/**
 * Columns over a time axis (`axisLabel`: the words under the first and the last column, from a
 * row's key), else the biggest groups as bars.
 */
function chartOf(
  data: Array<{ key: string; label: string; value: number }>,
  axisLabel: ((key: string) => string) | null,
): ReportChart {
  const calendar = axisLabel !== null;
  const shown = calendar ? data : [...data].sort((a, b) => b.value - a.value).slice(0, MOST_BARS);
  const max = Math.max(1, ...shown.map((item) => item.value));
  if (calendar) {
    const plot = { left: 58, top: 10, right: 340, bottom: 160 };
    const x = scaleBand<number>()
      .domain(shown.map((_, i) => i))
      .range([plot.left, plot.right])
      .padding(0.15);
    const y = scaleLinear().domain([0, max]).nice().range([plot.bottom, plot.top]);
    return {
      width: 348,
      height: 160 + CHART_TEXT + 10,
      orientation: "columns",
      bars: shown.map((item, i) => ({
        label: item.label,
        value: item.value,
        x: x(i) ?? 0,
        y: y(item.value),
        width: x.bandwidth(),
        height: plot.bottom - y(item.value),
      })),
      axis: (shown.length > 1 ? [0, shown.length - 1] : [0]).slice(0, shown.length).map((i) => ({
        label: axisLabel(shown[i]?.key ?? ""),
        x: (x(i) ?? 0) + x.bandwidth() / 2,
      })),
      ticks: y.ticks(4).map((value) => ({ value, at: y(value) })),
      plot,
      textSize: CHART_TEXT,
    };
  }
  // Each bar under its label: the label's line, then a bar 12 units thick, then a gap.
  const rowHeight = CHART_TEXT + 20;
  const plot = { left: 8, top: 4, right: 340, bottom: 4 + shown.length * rowHeight };
  const x = scaleLinear().domain([0, max]).nice().range([plot.left, plot.right]);
  return {
    width: 348,
    height: plot.bottom + CHART_TEXT + 8,
    orientation: "bars",
    bars: shown.map((item, i) => ({
      label: item.label,
      value: item.value,
      x: plot.left,
      y: plot.top + i * rowHeight + CHART_TEXT + 2,
      width: x(item.value) - plot.left,
      height: 12,
    })),
    axis: [],
    ticks: x.ticks(3).map((value) => ({ value, at: x(value) })),
    plot,
    textSize: CHART_TEXT,
  };
}

// ---- The accounts view (issue 48): the same table and chart shapes, today's figures ------------

const AGEING_COLUMNS: Record<(typeof AGEING_BUCKETS)[number], MessageKey> = {
  days0to30: "dealers:ledger.ageing.days0to30",
  days31to60: "dealers:ledger.ageing.days31to60",
  days61to90: "dealers:ledger.ageing.days61to90",
  over90: "dealers:ledger.ageing.over90",
};

function accountColumns(t: Translate): string[] {
  return [
    t("reports:column.dealersOwing"),
    t("reports:column.outstanding"),
    t("reports:column.overdue"),
    ...AGEING_BUCKETS.map((bucket) => t(AGEING_COLUMNS[bucket])),
    t("reports:column.recoveredThisMonth"),
    t("reports:column.overdueAtMonthStart"),
  ];
}

function accountCells(figures: AccountFigures): Cell[] {
  return [
    count(figures.dealers),
    money(figures.outstandingCents),
    money(figures.overdueCents),
    ...AGEING_BUCKETS.map((bucket) => money(figures.ageing[bucket])),
    money(figures.recoveredThisMonthCents),
    money(figures.overdueAtMonthStartCents),
  ];
}

/** The accounts report's table: a row per group, then the totals. */
export function accountsTable(report: AccountsReport, t: Translate): ReportTable {
  return {
    columns: [t(GROUP_HEADINGS[report.groupBy]), ...accountColumns(t)],
    rows: report.rows.map((row) => [
      { kind: "text", value: groupName(report.groupBy, row, t) },
      ...accountCells(row.figures),
    ]),
    totals: [{ kind: "text", value: t("reports:column.total") }, ...accountCells(report.totals)],
  };
}

/** The biggest groups' outstanding or overdue, as bars (named in `t`'s words). */
export function accountsChart(report: AccountsReport, measure: AccountChartMeasure, t: Translate): ReportChart {
  return chartOf(
    report.rows.map((row) => ({
      key: row.key,
      label: groupName(report.groupBy, row, t),
      value: Number(measure === "outstanding" ? row.figures.outstandingCents : row.figures.overdueCents) / 100,
    })),
    null,
  );
}

// ---- The targets view (issue 49): target, actual, percentage and standing of each measure ------

/** No target, so no percentage and no standing: "–", never 0 %. */
const NONE: Cell = { kind: "text", value: "–" };

const STANDINGS: Record<Standing, MessageKey> = {
  done: "reports:standing.done",
  onPace: "reports:standing.onPace",
  behind: "reports:standing.behind",
  missed: "reports:standing.missed",
  upcoming: "reports:standing.upcoming",
};

/** The measures' names (the targets' own words). */
const MEASURES: Record<TargetMeasure, MessageKey> = {
  sspBags: "targets:measure.sspBags",
  organicBags: "targets:measure.organicBags",
  sulfurBags: "targets:measure.sulfurBags",
  salesAmount: "targets:measure.salesAmount",
  recoveryAmount: "targets:measure.recoveryAmount",
  dealerVisits: "targets:measure.dealerVisits",
  farmerMeetings: "targets:measure.farmerMeetings",
  demoPlots: "targets:measure.demoPlots",
};

export const TARGET_GROUP_HEADINGS: Record<TargetGrouping, MessageKey> = {
  officer: "reports:grouping.officer",
  team: "reports:grouping.team",
  measure: "reports:grouping.measure",
  period: "reports:grouping.month",
};

/** A targets row's name: a measure's, a team's ("none": no team) or as the model names it. */
function targetsRowName(report: TargetsReport, row: { key: string; label: string }, t: Translate): string {
  if (report.groupBy === "measure") return t(MEASURES[row.key as TargetMeasure]);
  if (report.groupBy === "team" && row.key === "none") return t("reports:noGroup.team");
  return row.label;
}

function measureCells(figure: MeasureFigure, t: Translate): Cell[] {
  const amount = (value: number): Cell =>
    MONEY_MEASURES.has(figure.measure) ? { kind: "money", value: value / 100 } : count(value);
  return [
    figure.target === null ? NONE : amount(figure.target),
    amount(figure.actual),
    figure.percent === null ? NONE : { kind: "percent", value: figure.percent },
    figure.standing === null ? NONE : { kind: "text", value: t(STANDINGS[figure.standing]) },
  ];
}

/** The four columns of each measure, by group: "Sales target", "Sales actual"… */
function measureColumns(measure: TargetMeasure, t: Translate): string[] {
  const values = { measure: t(MEASURES[measure]) };
  return [
    t("reports:column.measureTarget", values),
    t("reports:column.measureActual", values),
    t("reports:column.measurePercent", values),
    t("reports:column.measurePace", values),
  ];
}

/**
 * The targets report's table. By measure: a row per measure (its target, actual, percentage and
 * pace) and no totals, as bags and money do not add up. Otherwise a row per group with those
 * four columns for every measure, then the totals.
 */
export function targetsTable(report: TargetsReport, t: Translate): ReportTable {
  const cells = (figure: MeasureFigure) => measureCells(figure, t);
  const rows = report.rows.map((row): Cell[] => [
    { kind: "text", value: targetsRowName(report, row, t) },
    ...row.measures.flatMap(cells),
  ]);
  if (report.groupBy === "measure")
    return {
      columns: [
        t("reports:grouping.measure"),
        t("reports:column.target"),
        t("reports:column.actual"),
        t("reports:column.percentOfTarget"),
        t("reports:column.pace"),
      ],
      rows,
      totals: [],
    };
  return {
    columns: [
      t(TARGET_GROUP_HEADINGS[report.groupBy]),
      ...TARGET_MEASURES.flatMap((measure) => measureColumns(measure, t)),
    ],
    rows,
    totals: [{ kind: "text", value: t("reports:column.total") }, ...report.totals.measures.flatMap(cells)],
  };
}

/**
 * The percentage of one measure's target each group reached (by measure: each measure's), as
 * bars, or as columns over the months; groups without a target are left out (`groups`: how many
 * are charted, of which the bars show the top ones).
 */
export function targetsChart(
  report: TargetsReport,
  measure: TargetMeasure,
  t: Translate,
): ReportChart & { groups: number } {
  const data = report.rows.flatMap((row) => {
    const figure = report.groupBy === "measure" ? row.measures[0] : row.measures.find((m) => m.measure === measure);
    return figure?.percent == null
      ? []
      : [{ key: row.key, label: targetsRowName(report, row, t), value: figure.percent }];
  });
  return { ...chartOf(data, report.groupBy === "period" ? periodLabel : null), groups: data.length };
}

// ---- The farmers view (issue 50): farmers reached, meetings, demo plots and their yield gain -----

/** The plots behind an average gain, and the average ("–" when there is none to average, never 0 %). */
function gainColumns(t: Translate): string[] {
  return [t("reports:column.plotsWithYields"), t("reports:column.averageYieldGain")];
}

function farmerColumns(t: Translate): string[] {
  return [
    t("reports:column.farmersReached"),
    t("reports:column.newFarmers"),
    t("reports:column.repeatFarmers"),
    t("reports:column.meetings"),
    t("reports:column.headCount"),
    t("reports:column.namedAttendees"),
    t("reports:column.plotsSown"),
    t("reports:column.plotsAtMidSeason"),
    t("reports:column.plotsHarvested"),
    ...gainColumns(t),
  ];
}

export const FARMER_GROUP_HEADINGS: Record<FarmerGrouping, MessageKey> = {
  officer: "reports:grouping.officer",
  team: "reports:grouping.team",
  season: "reports:grouping.season",
  product: "reports:grouping.productAndCrop",
};

function gainCells(gain: YieldGain): Cell[] {
  return [count(gain.plots), gain.percent === null ? NONE : { kind: "percent", value: gain.percent }];
}

function farmerCells(figures: FarmerFigures): Cell[] {
  return [
    count(figures.reached),
    count(figures.newFarmers),
    count(figures.repeatFarmers),
    count(figures.meetings),
    count(figures.headCount),
    count(figures.namedAttendees),
    count(figures.plots.sown),
    count(figures.plots.midSeason),
    count(figures.plots.harvested),
    ...gainCells(figures.yieldGain),
  ];
}

/**
 * The farmers report's table: a row per officer, team or season, then the totals (farmers counted
 * once however many rows they are in); by product and crop, the average yield gain of each.
 */
export function farmersTable(report: FarmersReport, t: Translate): ReportTable {
  if (report.groupBy === "product")
    return {
      columns: [t(FARMER_GROUP_HEADINGS.product), ...gainColumns(t)],
      rows: report.gains.map((row) => [{ kind: "text", value: row.label }, ...gainCells(row.yieldGain)]),
      totals: [{ kind: "text", value: t("reports:column.total") }, ...gainCells(report.totals.figures.yieldGain)],
    };
  return {
    columns: [t(FARMER_GROUP_HEADINGS[report.groupBy]), ...farmerColumns(t)],
    rows: report.rows.map((row) => [
      { kind: "text", value: farmersRowName(report, row, t) },
      ...farmerCells(row.figures),
    ]),
    totals: [{ kind: "text", value: t("reports:column.total") }, ...farmerCells(report.totals.figures)],
  };
}

/** A farmers row's name: a team's ("none": no team) or as the model names it. */
function farmersRowName(report: FarmersReport, row: { key: string; label: string }, t: Translate): string {
  return report.groupBy === "team" && row.key === "none" ? t("reports:noGroup.team") : row.label;
}

function farmerMeasure(figures: FarmerFigures, measure: FarmerChartMeasure): number {
  if (measure === "plots") return figures.plots.sown + figures.plots.midSeason + figures.plots.harvested;
  return figures[measure];
}

/**
 * One measure of each officer or team as bars, or of each season as columns; by product and crop,
 * the harvested plots behind each average (a gain may be negative, which bars do not draw).
 */
export function farmersChart(report: FarmersReport, measure: FarmerChartMeasure, t: Translate): ReportChart {
  if (report.groupBy === "product")
    return chartOf(
      report.gains.map((row) => ({ key: row.label, label: row.label, value: row.yieldGain.plots })),
      null,
    );
  return chartOf(
    report.rows.map((row) => ({
      key: row.key,
      label: farmersRowName(report, row, t),
      value: farmerMeasure(row.figures, measure),
    })),
    report.groupBy === "season" ? periodLabel : null,
  );
}
