import path from "node:path";
import { Worker } from "node:worker_threads";
import { POST_TYPE_LABELS, type PostType } from "~/lib/post-types";
import { REPORT_GROUPING_LABELS } from "~/lib/report-options";
import type { Report } from "~/models/report.server";
import type { Cell, ReportTable } from "~/models/report-view.server";

// The report's files: CSV (streamed, a few hundred rows at a time) and .xlsx (written by SheetJS
// in a worker thread), each exactly the page's table under one row that names the period, the
// grouping and the filters.

/** "Fieldline report, 2026-11-15 to 2026-11-21 (previous period 2026-11-08 to 2026-11-14), by officer; officer: all; province: Punjab; post type: all" */
export function reportTitle(report: Report, officerName: string | null): string {
  const type = report.filters.type ? POST_TYPE_LABELS[report.filters.type as PostType] : "all";
  return (
    `Fieldline report, ${report.range.from} to ${report.range.to} (previous period ${report.previousRange.from} to ${report.previousRange.to}), ` +
    [
      `by ${REPORT_GROUPING_LABELS[report.groupBy].toLowerCase()}`,
      ...(report.teamName ? [`team: ${report.teamName}`] : []),
      `officer: ${officerName ?? "all"}`,
      `province: ${report.filters.province ?? "all"}`,
      `post type: ${type}`,
    ].join("; ")
  );
}

export function reportFileName(report: Report, extension: "csv" | "xlsx"): string {
  return `fieldline-report-${report.groupBy}-${report.range.from}-to-${report.range.to}.${extension}`;
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(cell: Cell): string {
  switch (cell.kind) {
    case "text":
      return csvField(cell.value);
    case "date":
      return cell.value;
    case "money":
      return cell.value.toFixed(2);
    case "number":
      return cell.value === null ? "" : cell.value.toFixed(cell.decimals);
    case "percent":
      return cell.value === null ? "" : cell.value.toFixed(1);
  }
}

const ROWS_PER_CHUNK = 500;

/** The CSV as a stream: the title, the columns, the rows a chunk at a time, the totals. */
export function reportCsv(title: string, table: ReportTable): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const lines = function* () {
    yield `${csvField(title)}\r\n${table.columns.map(csvField).join(",")}\r\n`;
    for (let start = 0; start < table.rows.length; start += ROWS_PER_CHUNK) {
      yield table.rows
        .slice(start, start + ROWS_PER_CHUNK)
        .map((row) => `${row.map(csvCell).join(",")}\r\n`)
        .join("");
    }
    yield `${table.totals.map(csvCell).join(",")}\r\n`;
  };
  const chunks = lines();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

/** The worker's entry: plain JavaScript shipped beside this module, found from the app's root. */
const XLSX_WORKER = path.resolve("app/models/report-xlsx.worker.mjs");

/** The .xlsx, written in a worker thread: the title row, the columns, the rows and the totals. */
export function reportXlsx(title: string, table: ReportTable): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(XLSX_WORKER, {
      workerData: { title, columns: table.columns, rows: [...table.rows, table.totals] },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.once("message", (bytes: Uint8Array<ArrayBuffer>) => {
      resolve(bytes);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`The report's .xlsx worker exited with ${code}`));
    });
  });
}
