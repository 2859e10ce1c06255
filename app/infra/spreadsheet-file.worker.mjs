// SheetJS in a worker thread under spreadsheet-file.server.ts's limits, so a file that makes the
// parser loop or balloon costs this thread, never the server. Plain JavaScript: the server bundle
// cannot hold a worker's entry. Answers one message: { ok: true, firstRow, rows } or { ok: false, reason }.
import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "@e965/xlsx";

const { bytes, maxRows, maxCellChars } = workerData;

/** A cell's text as the import reads it: cached values only, cut to maxCellChars. */
function cellText(value) {
  if (value === null || value === undefined) return "";
  let text;
  if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = value ? "TRUE" : "FALSE";
  else if (value instanceof Date) text = value.toISOString();
  else text = String(value);
  return text.slice(0, maxCellChars).trim();
}

function parse() {
  let workbook;
  try {
    workbook = XLSX.read(bytes, {
      type: "buffer",
      dense: true,
      sheets: 0,
      // The header, the allowed rows and one more, to tell that a file is over the limit.
      sheetRows: maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      cellNF: false,
      cellText: false,
      bookVBA: false,
      bookFiles: false,
      WTF: false,
    });
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet || !sheet["!ref"]) return { ok: false, reason: "no-rows" };
  const firstRow = XLSX.utils.decode_range(sheet["!ref"]).s.r;
  const grid = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  return { ok: true, firstRow, rows: grid.map((cells) => (Array.isArray(cells) ? cells.map(cellText) : [])) };
}

parentPort?.postMessage(parse());
