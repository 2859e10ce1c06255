import { nothingImportedNotice } from "~/lib/dealer-import";

// What the opening-balance import's page and the server both say (issue 48): the
// template's address and the notice after it (the page's words are the admin catalog's). All
// rows are written or none (decision 87).

export const OPENING_TEMPLATE_PATH = "/admin/opening-balances/template.xlsx";

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
