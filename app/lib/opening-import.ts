// The opening-balance import's template (issue 48): its address, for the page's link and its route.
// All rows are written or none (decision 87).

export const OPENING_TEMPLATE_PATH = "/admin/opening-balances/template.xlsx";
