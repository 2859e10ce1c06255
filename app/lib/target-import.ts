import { MEASURE_LABELS, TARGET_MEASURES } from "~/lib/target-measures";

// What the targets import's page, its template and the server all say (issue 49, decision 90):
// the columns and the template's address. All rows are written or none.

export const TARGET_IMPORT_PATH = "/targets/import";
export const TARGET_TEMPLATE_PATH = "/targets/import/template.xlsx";

export const OFFICER_COLUMN = "Officer Email";
export const PERIOD_COLUMN = "Period";
/** The template's header: the officer, the period, then one column a measure by its label. */
export const TARGET_IMPORT_HEADER = [OFFICER_COLUMN, PERIOD_COLUMN, ...TARGET_MEASURES.map((m) => MEASURE_LABELS[m])];
