import path from "node:path";
import { Worker } from "node:worker_threads";
import { AppError } from "~/lib/app-error";
import { boundedQueue } from "~/lib/bounded-queue";
import { POST_TYPE_LABELS, type PostType } from "~/lib/post-types";
import { FARMER_GROUPING_LABELS, REPORT_GROUPING_LABELS, TARGET_GROUPING_LABELS } from "~/lib/report-options";
import type { AccountsReport } from "~/models/accounts-report.server";
import type { FarmersReport } from "~/models/farmers-report.server";
import type { Report } from "~/models/report.server";
import type { Cell, ReportTable } from "~/models/report-view.server";
import type { TargetsReport } from "~/models/targets-report.server";
import type { MessageKey } from "~/locales/namespaces";

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

/** "Fieldline dealer accounts on 2026-11-28 (recovery since 2026-11-01), by dealer; team: North; province: all" */
export function accountsTitle(report: AccountsReport): string {
  return (
    `Fieldline dealer accounts on ${report.date} (recovery since ${report.monthStart}), ` +
    [
      `by ${REPORT_GROUPING_LABELS[report.groupBy].toLowerCase()}`,
      ...(report.teamName ? [`team: ${report.teamName}`] : []),
      `province: ${report.filters.province ?? "all"}`,
    ].join("; ")
  );
}

export function accountsFileName(report: AccountsReport, extension: "csv" | "xlsx"): string {
  return `fieldline-accounts-${report.groupBy}-${report.date}.${extension}`;
}

/** "Fieldline targets, November 2026 (2026-11-01 to 2026-11-30) on 2026-11-22, by officer; team: North" */
export function targetsTitle(report: TargetsReport): string {
  const months = report.groupBy === "period" ? `, its months from ${report.totals.first}` : "";
  return (
    `Fieldline targets, ${report.label} (${report.first} to ${report.last}${months}) on ${report.today}, ` +
    [
      `by ${TARGET_GROUPING_LABELS[report.groupBy].toLowerCase()}`,
      ...(report.team ? [`team: ${report.team.name}`] : []),
    ].join("; ")
  );
}

export function targetsFileName(report: TargetsReport, extension: "csv" | "xlsx"): string {
  return `fieldline-targets-${report.groupBy}-${report.period}.${extension}`;
}

/** "Fieldline farmers and demo plots, Rabi 2026–27 (2026-10-01 to 2027-03-31) on 2026-11-22, by officer; team: North" */
export function farmersTitle(report: FarmersReport): string {
  const trend = report.groupBy === "season" ? `, the seasons from ${report.totals.first}` : "";
  return (
    `Fieldline farmers and demo plots, ${report.label} (${report.first} to ${report.last}${trend}) on ${report.today}, ` +
    [
      `by ${FARMER_GROUPING_LABELS[report.groupBy].toLowerCase()}`,
      ...(report.team ? [`team: ${report.team.name}`] : []),
    ].join("; ")
  );
}

export function farmersFileName(report: FarmersReport, extension: "csv" | "xlsx"): string {
  return `fieldline-farmers-${report.groupBy}-${report.season}.${extension}`;
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
    if (table.totals.length > 0) yield `${table.totals.map(csvCell).join(",")}\r\n`;
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
/**
 * One worker at a time for the whole server, a few exports waiting behind it, at most two of one
 * person's (running or waiting): each worker is a V8 isolate with SheetJS and a whole report in
 * memory, and 25 at once took the server from 365 to 896 MB on a 1 GB machine.
 */
const XLSX_JOBS = 1;
const XLSX_JOBS_WAITING = 4;
const XLSX_JOBS_PER_USER = 2;
const XLSX_RETRY_AFTER_SEC = 30;
export const EXPORTS_BUSY: MessageKey = "reports:errors.exportsBusy";
export const EXPORTS_OF_YOURS_BUSY: MessageKey = "reports:errors.exportsOfYoursBusy";

const xlsxJobs = boundedQueue({
  concurrency: XLSX_JOBS,
  waiting: XLSX_JOBS_WAITING,
  full: () => new AppError(503, EXPORTS_BUSY, { retryAfterSec: XLSX_RETRY_AFTER_SEC }),
  perKey: {
    limit: XLSX_JOBS_PER_USER,
    refused: () => new AppError(429, EXPORTS_OF_YOURS_BUSY, { retryAfterSec: XLSX_RETRY_AFTER_SEC }),
  },
});

/**
 * The .xlsx, written in a worker thread: the title row, the columns, the rows and the totals.
 * Every export waits its turn in one queue for the server; `userId` counts it against its
 * person's share (503 when the line is full, 429 past the person's share, both with Retry-After).
 */
export function reportXlsx(title: string, table: ReportTable, userId: number): Promise<Uint8Array<ArrayBuffer>> {
  return xlsxJobs.run(() => writeXlsx(title, table), userId);
}

function writeXlsx(title: string, table: ReportTable): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(XLSX_WORKER, {
      workerData: {
        title,
        columns: table.columns,
        rows: table.totals.length > 0 ? [...table.rows, table.totals] : table.rows,
      },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      // Not the server's loader flags (tsx): the worker is plain JavaScript.
      execArgv: [],
    });
    let settled = false;
    // Answers once the worker is gone, so that the next export starts only after its memory is freed.
    const settle = (answer: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate().finally(answer);
    };
    worker.once("message", (bytes: Uint8Array<ArrayBuffer>) => settle(() => resolve(bytes)));
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) => settle(() => reject(new Error(`The report's .xlsx worker exited with ${code}`))));
  });
}
