// Writes one report as an .xlsx with SheetJS in a worker thread, so a report of thousands of rows
// never holds the server's event loop. In: workerData { title, columns, rows } with rows of cells
// { kind: "text" | "date" | "money" | "number" | "percent", value, decimals? }. Out: the file's bytes.
import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "@e965/xlsx";

const { title, columns, rows } = workerData;

/** A typed cell: text stays text (never a formula), money and figures are numbers, dates real dates. */
function cell({ kind, value, decimals }) {
  if (value === null || value === undefined) return { t: "z" };
  switch (kind) {
    case "date":
      return { t: "d", v: new Date(`${value}T00:00:00Z`), z: "yyyy-mm-dd" };
    case "money":
      return { t: "n", v: value, z: "0.00" };
    case "number":
      return { t: "n", v: value, z: decimals ? `0.${"0".repeat(decimals)}` : "0" };
    case "percent":
      return { t: "n", v: value / 100, z: "0.0%" };
    default:
      return { t: "s", v: String(value) };
  }
}

const sheet = XLSX.utils.aoa_to_sheet([[title], columns], { dense: true });
XLSX.utils.sheet_add_aoa(
  sheet,
  rows.map((row) => row.map(cell)),
  { origin: 2 },
);
sheet["!cols"] = columns.map((_, i) => ({ wch: i === 0 ? 28 : 14 }));
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, sheet, "Report");
parentPort.postMessage(new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", cellDates: true })));
