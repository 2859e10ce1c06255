import { nothingImportedNotice } from "~/lib/dealer-import";

// What the farmers import's page, its template and the server all say (issue 50, decision 99):
// the columns, the template's address and the notice after an import. All rows are written or none.

export const FARMER_IMPORT_PATH = "/farmers/import";
export const FARMER_TEMPLATE_PATH = "/farmers/import/template.xlsx";

/** The template's header, in the order the farmer's form asks. */
export const FARMER_IMPORT_HEADER = [
  "Name",
  "Phone",
  "Village",
  "Tehsil",
  "District",
  "Land (acres)",
  "Main Crops",
  "Dealer",
] as const;

export const FARMER_COLUMNS_HELP = [
  "One row a farmer. Required: Name, Tehsil, District and Land (acres), such as 12.5.",
  "Phone (optional): a Pakistani mobile, such as 0300 1234567. A phone already registered, or twice in the file, is an error of its row.",
  "Main Crops (optional): crops separated by commas, such as Wheat, Cotton.",
  "Dealer (optional): the dealer they buy from, by its id or its exact business name.",
  "The farmers belong to the team chosen on this page, whose people then work with them.",
];

/** The notice after an import: every row written, or nothing written and why. */
export function farmerImportNotice(result: { total: number; farmers: number; failed: number }) {
  if (result.failed > 0) return nothingImportedNotice(result);
  return {
    title: "Import Successful",
    description: `${result.farmers} ${result.farmers === 1 ? "farmer" : "farmers"} imported successfully.`,
    type: "success" as const,
  };
}
