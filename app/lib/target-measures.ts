import { formatMoney } from "~/lib/money";
import { SALE_PRODUCT_LABELS, type SaleProduct } from "~/lib/post-types";

// What a target may be set for (decision 84), by the names the forms and /api use: bags of each
// product sold, money sold and recovered (integer cents), dealer visits, farmer meetings and demo
// plots. Each is counted from the officer's own posts (app/models/targets.server.ts).

export const TARGET_MEASURES = [
  "sspBags",
  "organicBags",
  "sulfurBags",
  "salesAmount",
  "recoveryAmount",
  "dealerVisits",
  "farmerMeetings",
  "demoPlots",
] as const;
export type TargetMeasure = (typeof TARGET_MEASURES)[number];

/** A value for each measure (bags, cents or a count). */
export type MeasureValues = Record<TargetMeasure, number>;

/** The bags measure of each product. */
export const BAGS_OF: Record<SaleProduct, TargetMeasure> = {
  SSP: "sspBags",
  ORGANIC: "organicBags",
  SULFUR: "sulfurBags",
};

export const MEASURE_LABELS: Record<TargetMeasure, string> = {
  sspBags: `${SALE_PRODUCT_LABELS.SSP} (bags)`,
  organicBags: `${SALE_PRODUCT_LABELS.ORGANIC} (bags)`,
  sulfurBags: `${SALE_PRODUCT_LABELS.SULFUR} (bags)`,
  salesAmount: "Sales",
  recoveryAmount: "Recovery",
  dealerVisits: "Dealer visits",
  farmerMeetings: "Farmer meetings",
  demoPlots: "Demo plots",
};

/** The measures counted in money (integer cents): written and read as amounts like "1250.00". */
export const MONEY_MEASURES: ReadonlySet<TargetMeasure> = new Set(["salesAmount", "recoveryAmount"]);

/** The largest target a measure takes: beyond it a value is a slip of the keyboard. */
export const MEASURE_MAX: Record<TargetMeasure, number> = {
  sspBags: 1_000_000,
  organicBags: 1_000_000,
  sulfurBags: 1_000_000,
  salesAmount: 100_000_000_00,
  recoveryAmount: 100_000_000_00,
  dealerVisits: 10_000,
  farmerMeetings: 10_000,
  demoPlots: 10_000,
};

/** Every measure at zero. */
export function noMeasures(): MeasureValues {
  return Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, 0])) as MeasureValues;
}

/** A measure's value as people read it: "$1,250.00" for money, "1,250" otherwise. */
export function formatMeasure(measure: TargetMeasure, value: number, currencySymbol = "$"): string {
  return MONEY_MEASURES.has(measure) ? formatMoney(value, currencySymbol) : value.toLocaleString("en-US");
}
