// What the browser's import dialog and the server both say and check about a dealer import:
// the file it takes and the notice after it.

/** An import file is an .xlsx or .xls of at most 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
// Catalogs' keys (decision 101), said where they are shown.
export const NOT_EXCEL = "common:errors.notExcel";
export const FILE_TOO_LARGE = "common:errors.spreadsheetTooLarge";

/** The spreadsheet to fill in, with the columns' plain names and one example row (GET, signed in). */
export const IMPORT_TEMPLATE_PATH = "/dealers/import/template.xlsx";

/**
 * Whether a row error's line as /api words it (in English: "Row 4: already in the directory (same
 * business name and city), skipped") is a skipped row that is already in the directory: harmless, not an error.
 */
const ALREADY_IN_DIRECTORY = "already in the directory";

export function isAlreadyInDirectory(line: string): boolean {
  return line.includes(`: ${ALREADY_IN_DIRECTORY} (`);
}

export function hasExcelName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name.trim());
}

/**
 * The notice after a dealer import, worded the same wherever it shows: "Import Successful" when no
 * row failed, otherwise "Import Completed with Errors" (an info notice, not an error: the rows that
 * passed were imported).
 */
export function importNotice(result: { successful: number; failed: number }): {
  title: string;
  description: string;
  type: "success" | "info";
} {
  return result.failed === 0
    ? {
        title: "Import Successful",
        description: `${result.successful} dealers imported successfully.`,
        type: "success",
      }
    : {
        title: "Import Completed with Errors",
        description: `${result.successful} succeeded, ${result.failed} failed.`,
        type: "info",
      };
}

/** The notice of an import that writes all rows or none (opening balances, targets) when a row failed. */
export function nothingImportedNotice(result: { total: number; failed: number }) {
  return {
    title: "Import Failed",
    description: `${result.failed} of ${result.total} rows have errors. Nothing was imported: correct them and import the file again.`,
    type: "error" as const,
  };
}
