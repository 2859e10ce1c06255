// The farmers import's addresses and columns, for its page, its template and the server (issue 50,
// decision 99). All rows are written or none.

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
