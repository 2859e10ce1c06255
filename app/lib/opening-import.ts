import { nothingImportedNotice } from "~/lib/dealer-import";

// What the opening-balance import's page and the server both say (issue 48): its columns, the
// template's address and the notice after it. All rows are written or none (decision 87).

export const OPENING_TEMPLATE_PATH = "/admin/opening-balances/template.xlsx";
export const OPENING_COLUMNS_HELP =
  "One row a dealer: Dealer ID, or its exact Business Name and City; Opening Balance (what the dealer owed, " +
  "negative when they had paid ahead, like 125000.00 or -500); Reason (optional).";

/** The notice after an import: every row written, the same file again, or nothing written and why. */
export function openingImportNotice(result: { total: number; opened: number; failed: number; replayed: boolean }): {
  title: string;
  description: string;
  type: "success" | "error";
} {
  if (result.failed > 0) return nothingImportedNotice(result);
  if (result.replayed)
    return {
      title: "Import Successful",
      description: `This file was already imported: ${result.opened} opening balances, nothing added.`,
      type: "success",
    };
  return {
    title: "Import Successful",
    description: `${result.opened} opening balances imported successfully.`,
    type: "success",
  };
}
