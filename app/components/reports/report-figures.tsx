import { useT } from "~/browser/i18n";
import type { ReportChart } from "~/lib/report-options";

// The report page's chart and table, shared by its views (sales and visits, dealer accounts):
// plain SVG and a plain table from the server, nothing that needs JavaScript.

/** The chart's geometry with its words: the title, and each tick's label ("$2M", "1.5K"). */
export type ChartView = Omit<ReportChart, "ticks"> & {
  title: string;
  ticks: Array<{ value: number; at: number; label: string }>;
};

/** A label at the plot's left edge starts there, one at its right edge ends there: neither is cut off. */
function edgeAnchor(x: number, plot: { left: number; right: number }): "start" | "middle" | "end" {
  if (x - plot.left < 20) return "start";
  return plot.right - x < 20 ? "end" : "middle";
}

/** The chart of one column of the table; `groups`: how many rows the table has (the bars show the top ones). */
export function ChartCard({ chart, groups, empty }: { chart: ChartView; groups: number; empty: string }) {
  const t = useT();
  return (
    <section className="card space-y-2" aria-labelledby="report-chart-title">
      <h2 id="report-chart-title" className="font-semibold">
        {chart.title}
        {chart.orientation === "bars" && chart.bars.length < groups
          ? t("reports:chart.top", { count: chart.bars.length })
          : ""}
      </h2>
      {chart.bars.length === 0 ? (
        <p className="text-sm text-gray-11">{empty}</p>
      ) : (
        // The table below has every figure; the chart is a picture of one column of it.
        // Drawn left to right in either language: its geometry comes from the server.
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          className="w-full"
          direction="ltr"
          aria-hidden
          data-testid="report-chart"
        >
          {chart.ticks.map((tickMark) =>
            chart.orientation === "columns" ? (
              <g key={tickMark.value}>
                <line
                  x1={chart.plot.left}
                  x2={chart.plot.right}
                  y1={tickMark.at}
                  y2={tickMark.at}
                  className="stroke-gray-5"
                />
                <text
                  x={chart.plot.left - 4}
                  y={tickMark.at + 5}
                  textAnchor="end"
                  className="fill-gray-11"
                  fontSize={chart.textSize}
                >
                  {tickMark.label}
                </text>
              </g>
            ) : (
              <g key={tickMark.value}>
                <line
                  x1={tickMark.at}
                  x2={tickMark.at}
                  y1={chart.plot.top}
                  y2={chart.plot.bottom}
                  className="stroke-gray-5"
                />
                <text
                  x={tickMark.at}
                  y={chart.plot.bottom + chart.textSize + 2}
                  textAnchor={edgeAnchor(tickMark.at, chart.plot)}
                  className="fill-gray-11"
                  fontSize={chart.textSize}
                >
                  {tickMark.label}
                </text>
              </g>
            ),
          )}
          {chart.axis.map((mark, index) => (
            <text
              key={index}
              x={mark.x}
              y={chart.plot.bottom + chart.textSize + 2}
              textAnchor={chart.axis.length === 1 ? "middle" : mark === chart.axis[0] ? "start" : "end"}
              className="fill-gray-11"
              fontSize={chart.textSize}
            >
              {mark.label}
            </text>
          ))}
          {/* By place, as the table's rows: two officers may share a name. */}
          {chart.bars.map((bar, index) => (
            <g key={index}>
              <rect
                x={bar.x}
                y={bar.y}
                width={Math.max(bar.width, 0)}
                height={Math.max(bar.height, 0)}
                rx={2}
                className="fill-accent-9"
              />
              {chart.orientation === "bars" ? (
                <text x={bar.x} y={bar.y - 3} className="fill-gray-12" fontSize={chart.textSize}>
                  {bar.label}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      )}
    </section>
  );
}

/** The table: a row per group, the totals at its foot (none when empty); `empty`: the words when there is no row. */
export function FiguresTable({
  columns,
  rows,
  totals,
  empty,
}: {
  columns: string[];
  rows: string[][];
  totals: string[];
  empty: string;
}) {
  const t = useT();
  return (
    <>
      <p className="px-4 text-xs text-gray-11">{t("reports:table.swipe")}</p>
      <div className="overflow-x-auto" role="region" aria-label={t("reports:table.label")} tabIndex={0}>
        <table className="w-max min-w-full text-sm">
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-3 py-2 text-start font-medium text-gray-11 ${i === 0 ? "sticky start-0 bg-white" : "text-end"}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {/* By place, not by label: two officers may share a name, and a label twice as a key
                  left the last table's rows behind when the report changed in place. */}
            {rows.map((row, index) => (
              <TableRow key={index} cells={row} columns={columns} className="border-t border-gray-4" />
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-3 text-gray-11">
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
          {totals.length > 0 ? (
            <tfoot>
              <TableRow cells={totals} columns={columns} className="border-t-2 border-gray-6 font-semibold" />
            </tfoot>
          ) : null}
        </table>
      </div>
    </>
  );
}

/** A row of the table: its group (or "Total") as the row's heading, kept in view while the figures scroll. */
function TableRow({ cells, columns, className }: { cells: string[]; columns: string[]; className: string }) {
  return (
    <tr className={className}>
      {cells.map((cell, i) =>
        i === 0 ? (
          <th
            key={columns[i]}
            scope="row"
            className="sticky start-0 max-w-40 bg-white px-3 py-2 text-start font-medium break-words"
          >
            {cell}
          </th>
        ) : (
          <td key={columns[i]} className="px-3 py-2 text-end tabular-nums">
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}
