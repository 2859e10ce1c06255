import { checkXlsxZip, parseSpreadsheet, spreadsheetTypeOf } from "~/infra/spreadsheet-file.server";
import { AppError } from "~/lib/app-error";
import { FILE_TOO_LARGE, IMPORT_MAX_BYTES, NOT_EXCEL } from "~/lib/dealer-import";
import type { MessageKey } from "~/locales/namespaces";

// What every spreadsheet import shares: its limits, how it compares headers, and for the imports
// that write all rows or none (opening balances, targets) the first step: an untrusted file read
// into a grid of text within those limits.

/** Rows an import takes at most. */
export const IMPORT_MAX_ROWS = 10_000;
/** Longer cell texts are cut here before validation (no imported field takes more). */
export const IMPORT_MAX_CELL_CHARS = 1000;

/** Its words name IMPORT_MAX_ROWS (10,000). */
export const TOO_MANY_ROWS: MessageKey = "admin:errors.spreadsheet.tooManyRows";

/** A header as the imports compare them: case, spaces, underscores and dashes ignored. */
export const normalizeHeader = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/**
 * The first sheet's cells as text, its header first, and the spreadsheet row number of that header
 * (`firstRow + 1`). Refused whole when the file is over 10 MB (413), no Excel file by its bytes
 * (415), unreadable (400), empty (`noRows`, 400) or longer than 10,000 rows (413).
 */
export async function readImportGrid(
  bytes: Uint8Array,
  noRows: string,
): Promise<{ firstRow: number; rows: string[][] }> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError(413, FILE_TOO_LARGE);
  const type = spreadsheetTypeOf(bytes);
  if (!type) throw new AppError(415, NOT_EXCEL);
  if (type === "xlsx") await checkXlsxZip(bytes);
  const grid = await parseSpreadsheet(bytes, { maxRows: IMPORT_MAX_ROWS, maxCellChars: IMPORT_MAX_CELL_CHARS, noRows });
  if (grid.rows.length - 1 > IMPORT_MAX_ROWS) throw new AppError(413, TOO_MANY_ROWS);
  return grid;
}

/** One row of an import, by column: the cells given (trimmed, empty ones left out) and its number in the spreadsheet. */
export type ImportRow<Column extends string> = { rowNumber: number; cells: Partial<Record<Column, string>> };

type ImportColumns<Column extends string> = {
  /** A column by its normalized header (see normalizeHeader): its label and its /api name. */
  columnOf: ReadonlyMap<string, Column>;
  /** The headers the template has, named in the message of an unknown column. */
  headers: readonly string[];
  /** What the file lacks, to be named in the message (none: nothing is missing). */
  missing: (found: ReadonlySet<Column>) => string[];
  noRows: string;
};

/**
 * An all-or-nothing import's rows by column, refused whole (400) when readImportGrid refuses the
 * file, when its header has a column it does not know or a column twice, when it lacks a column
 * `missing` asks for, or when no row has a cell.
 */
export async function readImportRows<Column extends string>(
  bytes: Uint8Array,
  { columnOf, headers, missing, noRows }: ImportColumns<Column>,
): Promise<ImportRow<Column>[]> {
  const { firstRow, rows: grid } = await readImportGrid(bytes, noRows);
  const index = new Map<Column, number>();
  const unknown: string[] = [];
  (grid[0] ?? []).forEach((text, at) => {
    const header = text.trim();
    if (header === "") return;
    const column = columnOf.get(normalizeHeader(header));
    if (column === undefined) unknown.push(`"${header}"`);
    else if (index.has(column)) throw new AppError(400, "admin:errors.spreadsheet.columnTwice", { values: { header } });
    else index.set(column, at);
  });
  if (unknown.length > 0)
    throw new AppError(400, "admin:errors.spreadsheet.unknownColumns", {
      values: { unknown: unknown.join(", "), headers: headers.join(", ") },
    });
  const lacking = missing(new Set(index.keys()));
  if (lacking.length > 0)
    throw new AppError(400, "admin:errors.spreadsheet.missingColumns", { values: { columns: lacking.join(", ") } });
  const rows = grid.slice(1).flatMap((cells, offset): ImportRow<Column>[] => {
    const values: Partial<Record<Column, string>> = {};
    for (const [column, at] of index) {
      const text = (cells[at] ?? "").trim();
      if (text !== "") values[column] = text;
    }
    return Object.keys(values).length > 0 ? [{ rowNumber: firstRow + offset + 2, cells: values }] : [];
  });
  if (rows.length === 0) throw new AppError(400, noRows);
  return rows;
}

/** An import's template: its header and rows on the first sheet (the only one read), how to fill it on a second. */
export async function importTemplate(sheet: string, rows: unknown[][], help: readonly string[]) {
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(help.map((line) => [line])), "How to fill");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}
