import path from "node:path";
import { Worker } from "node:worker_threads";
import { AppError } from "~/lib/app-error";
import { boundedQueue } from "~/lib/bounded-queue";
import type { PostType } from "~/lib/post-types";
import { POST_TYPE_KEYS } from "~/models/post-type-keys";
import type { AccountsReport } from "~/models/accounts-report.server";
import type { FarmersReport } from "~/models/farmers-report.server";
import type { Report } from "~/models/report.server";
import {
  type Cell,
  FARMER_GROUP_HEADINGS,
  GROUPING_NAMES,
  type ReportTable,
  TARGET_GROUP_HEADINGS,
} from "~/models/report-view.server";
import type { TargetsReport } from "~/models/targets-report.server";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The report's files: CSV (streamed, a few hundred rows at a time) and .xlsx (written by SheetJS
// in a worker thread), each exactly the page's table under one row that names the period, the
// grouping and the filters.

/** The title's details: the grouping ("by officer"), then each filter ("team: North"), in `t`'s words. */
function details(t: Translate, grouping: MessageKey, filters: string[]): string {
  return [t("reports:file.by", { grouping: t(grouping).toLowerCase() }), ...filters].join("; ");
}

/**
 * "Fieldline report, 2026-11-15 to 2026-11-21 (previous period 2026-11-08 to 2026-11-14), by officer;
 * officer: all; province: Punjab; post type: all", in `t`'s words (the page's download in the
 * reader's language, /api's in English).
 */
export function reportTitle(report: Report, officerName: string | null, t: Translate): string {
  const type = report.filters.type ? t(POST_TYPE_KEYS[report.filters.type as PostType]) : t("reports:file.all");
  return t("reports:file.reportTitle", {
    from: report.range.from,
    to: report.range.to,
    previousFrom: report.previousRange.from,
    previousTo: report.previousRange.to,
    details: details(t, GROUPING_NAMES[report.groupBy], [
      ...(report.teamName ? [t("reports:file.team", { team: report.teamName })] : []),
      t("reports:file.officer", { officer: officerName ?? t("reports:file.all") }),
      t("reports:file.province", { province: report.filters.province ?? t("reports:file.all") }),
      t("reports:file.postType", { type }),
    ]),
  });
}

/** "Fieldline dealer accounts on 2026-11-28 (recovery since 2026-11-01), by dealer; team: North; province: all" */
export function accountsTitle(report: AccountsReport, t: Translate): string {
  return t("reports:file.accountsTitle", {
    date: report.date,
    monthStart: report.monthStart,
    details: details(t, GROUPING_NAMES[report.groupBy], [
      ...(report.teamName ? [t("reports:file.team", { team: report.teamName })] : []),
      t("reports:file.province", { province: report.filters.province ?? t("reports:file.all") }),
    ]),
  });
}

export function accountsFileName(report: AccountsReport, extension: "csv" | "xlsx"): string {
  return `fieldline-accounts-${report.groupBy}-${report.date}.${extension}`;
}

/** "Fieldline targets, November 2026 (2026-11-01 to 2026-11-30) on 2026-11-22, by officer; team: North" */
export function targetsTitle(report: TargetsReport, t: Translate): string {
  const values = {
    label: report.label,
    first: report.first,
    last: report.last,
    today: report.today,
    details: details(t, TARGET_GROUP_HEADINGS[report.groupBy], [
      ...(report.team ? [t("reports:file.team", { team: report.team.name })] : []),
    ]),
  };
  return report.groupBy === "period"
    ? t("reports:file.targetsTitleByMonth", { ...values, from: report.totals.first })
    : t("reports:file.targetsTitle", values);
}

export function targetsFileName(report: TargetsReport, extension: "csv" | "xlsx"): string {
  return `fieldline-targets-${report.groupBy}-${report.period}.${extension}`;
}

/** "Fieldline farmers and demo plots, Rabi 2026–27 (2026-10-01 to 2027-03-31) on 2026-11-22, by officer; team: North" */
export function farmersTitle(report: FarmersReport, t: Translate): string {
  const values = {
    label: report.label,
    first: report.first,
    last: report.last,
    today: report.today,
    details: details(t, FARMER_GROUP_HEADINGS[report.groupBy], [
      ...(report.team ? [t("reports:file.team", { team: report.team.name })] : []),
    ]),
  };
  return report.groupBy === "season"
    ? t("reports:file.farmersTitleBySeason", { ...values, from: report.totals.first })
    : t("reports:file.farmersTitle", values);
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
