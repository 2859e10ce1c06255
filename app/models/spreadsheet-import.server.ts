import { checkXlsxZip, parseSpreadsheet, spreadsheetTypeOf } from "~/infra/spreadsheet-file.server";
import { AppError } from "~/lib/app-error";
import { FILE_TOO_LARGE, IMPORT_MAX_BYTES, NOT_EXCEL } from "~/lib/dealer-import";

// What every spreadsheet import shares: its limits, how it compares headers, and for the imports
// that write all rows or none (opening balances, targets) the first step: an untrusted file read
// into a grid of text within those limits.

/** Rows an import takes at most. */
export const IMPORT_MAX_ROWS = 10_000;
/** Longer cell texts are cut here before validation (no imported field takes more). */
export const IMPORT_MAX_CELL_CHARS = 1000;

export const TOO_MANY_ROWS = `The spreadsheet has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows. Please split it into smaller files.`;

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
