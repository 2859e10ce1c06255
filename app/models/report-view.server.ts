import { scaleBand, scaleLinear } from "d3-scale";
import { POST_TYPES, POST_TYPE_LABELS, SALE_PRODUCTS, SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { formatCalendarDate } from "~/lib/date-format";
import { percentChange } from "~/lib/percent-change";
import { type ChartMeasure, REPORT_GROUPING_LABELS } from "~/lib/report-options";
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

const COLUMNS = [
  "Sales",
  "Sales, previous period",
  "Sales change %",
  ...SALE_PRODUCTS.map((product) => `${SALE_PRODUCT_LABELS[product]} bags`),
  "Recovery",
  "Recovery, previous period",
  "Recovery change %",
  "Sales – recovery gap",
  "Posts",
  "Posts, previous period",
  "Posts change %",
  ...POST_TYPES.map((type) => `${POST_TYPE_LABELS[type]} posts`),
  "Visits",
  "Visits, previous period",
  "Visits change %",
  "Dealers visited",
  "New dealers",
  "Distance km",
  "Distance km, previous period",
  "Distance change %",
  "Hours",
];

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

const GROUP_HEADINGS = { ...REPORT_GROUPING_LABELS, week: "Week of" } as const;

/** The report's table: a row per group, then the totals. Day and week rows carry their date. */
export function reportTable(report: Report): ReportTable {
  const calendar = report.groupBy === "day" || report.groupBy === "week";
  return {
    columns: [GROUP_HEADINGS[report.groupBy], ...COLUMNS],
    rows: report.rows.map((row) => [
      calendar ? { kind: "date", value: row.key } : { kind: "text", value: row.label },
      ...figureCells(row.current, row.previous),
    ]),
    totals: [{ kind: "text", value: "Total" }, ...figureCells(report.totals.current, report.totals.previous)],
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

/** The most groups a bar chart lists; the table has them all. */
const MOST_BARS = 12;

/**
 * The size of the chart's words in its own units. The drawing (348 units wide) is scaled to the
 * card, about 302 px at 360 px: 15 units are drawn 13 px tall, above the 12 px a phone outdoors needs.
 */
const CHART_TEXT = 15;

/** The chart of one measure: columns over days or weeks, else the biggest groups as bars. */
export function reportChart(report: Report, measure: ChartMeasure): ReportChart {
  const calendar = report.groupBy === "day" || report.groupBy === "week";
  const data = report.rows.map((row) => ({ key: row.key, label: row.label, value: measureOf(row.current, measure) }));
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
        label: formatCalendarDate(shown[i]?.key ?? "").replace(/, \d{4}$/, ""),
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
