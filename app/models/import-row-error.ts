import { isAlreadyInDirectory } from "~/lib/dealer-import";
import type { MessageKey, Translate } from "~/locales/namespaces";

// A spreadsheet import's row errors (the dealers' and the opening balances'), as the model finds
// them: keys and their values, said in the reader's language by the page and in English by /api.

/** One thing wrong with a row: a catalog's key and the values it names (a column, a team). */
export type RowProblem = { message: MessageKey; values?: Record<string, string | number> };

/** A row in error and what is wrong with it. */
export type ImportRowError = { row: number; problems: RowProblem[] };

/**
 * A row error as a dealer import keeps it. A text is a line already said: in English, kept from
 * before the messages were keys, or answered by /api to the import dialog.
 */
export type KeptRowError = ImportRowError | string;

/** "Row 3: business_name is required; City is required", in the language of `t`. */
export function rowErrorLine(t: Translate, error: ImportRowError): string {
  const problems = error.problems.map(({ message, values }) => t(message, values));
  return t("dealers:importErrors.row", {
    row: error.row,
    problems: problems.join(t("dealers:importErrors.separator")),
  });
}

export function keptRowErrorLine(t: Translate, error: KeptRowError): string {
  return typeof error === "string" ? error : rowErrorLine(t, error);
}

/** A row already in the directory is skipped, not wrong: the dealers' import lists them apart. */
export const ALREADY_IN_DIRECTORY_BY_PHONE: MessageKey = "dealers:importErrors.alreadyInDirectoryByPhone";
export const ALREADY_IN_DIRECTORY_BY_CITY: MessageKey = "dealers:importErrors.alreadyInDirectoryByCity";

export function isSkippedRow(error: KeptRowError): boolean {
  if (typeof error === "string") return isAlreadyInDirectory(error);
  return error.problems.some(
    ({ message }) => message === ALREADY_IN_DIRECTORY_BY_PHONE || message === ALREADY_IN_DIRECTORY_BY_CITY,
  );
}
