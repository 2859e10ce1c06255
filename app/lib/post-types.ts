/** Post types in the order the new-post form offers them, with their labels. */
export const POST_TYPE_LABELS = {
  FIELD_VISIT: "Field Visit",
  FARMER_MEETING: "Farmer Meeting",
  DEALER_MEETING: "Dealer Meeting",
  SALE: "Sale",
  RECOVERY: "Recovery",
  DEMO_PLOT: "Demo Plot",
  ANNOUNCEMENT: "Announcement",
} as const;
export type PostType = keyof typeof POST_TYPE_LABELS;
export const POST_TYPES = Object.keys(POST_TYPE_LABELS) as PostType[];

export const SALE_PRODUCT_LABELS = {
  SSP: "SSP Fertilizer",
  ORGANIC: "Organic Fertilizer",
  SULFUR: "Sulfur",
} as const;
export type SaleProduct = keyof typeof SALE_PRODUCT_LABELS;
export const SALE_PRODUCTS = Object.keys(SALE_PRODUCT_LABELS) as SaleProduct[];

/** Check-in types: CHECK_IN, DAY_START and DAY_END (from POST /api/checkins), and every post type (a post with coordinates records a check-in of its type). */
export const CHECK_IN_TYPES = ["CHECK_IN", "DAY_START", "DAY_END", ...POST_TYPES] as const;
