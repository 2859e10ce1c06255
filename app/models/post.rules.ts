// The post form's limits, messages and rules that need no zod: the browser's form uses them
// before its validation (post.validation.ts) has loaded. post.schema.ts re-exports them.

export const MAX_TEXT = 2000;
export const MAX_COMMENT = 1000;
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const TYPE_REQUIRED = "Please select a post type.";
export const TEXT_TOO_LONG = "Description must be 2000 characters or less";
export const DEALER_REQUIRED = "Please select a dealer.";
export const PRODUCT_REQUIRED = "Please select a product.";
export const QUANTITY_REQUIRED = "Quantity is required";
export const QUANTITY_INVALID = "Quantity must be a whole number of bags (1 to 100,000)";
export const PRICE_REQUIRED = "Price per unit is required";
export const PRICE_INVALID = "Price must be an amount like 1250.00";
export const AMOUNT_REQUIRED = "Amount recovered is required";
export const AMOUNT_INVALID = "Amount must be an amount like 1250.00";
export const PAID_INVALID = "Paid at the counter must be an amount like 1250.00";
export const PAID_OVER_TOTAL = "Paid at the counter can be at most the sale's total (price × quantity)";
export const TOO_MANY_FILES = `You can only upload ${MAX_FILES} file(s)`;
export const COMMENT_REQUIRED = "Comment cannot be empty";
export const COMMENT_TOO_LONG = "Comment must be 1000 characters or less";
export const LOCATION_INCOMPLETE = "Latitude and longitude go together";
/** New Post's failure: a request that failed on the way, or on the server for no reason of the post's. */
export const POST_FAILED = "Failed to create post. Please try again.";

/** "{file} exceeds maximum allowed size of 10 MB": the upload widget's wording, also used by the server. */
export function fileTooLarge(name: string): string {
  return `${name} exceeds maximum allowed size of 10 MB`;
}
export const WRONG_FILE_TYPE =
  "You can only upload: image/jpeg, image/png, image/webp, video/mp4, video/webm, video/quicktime";

/**
 * The post types that take a dealer (DEALER_MEETING, SALE, RECOVERY: the form shows the dealer
 * selector, the post keeps the dealer; other types drop it), and those that require one
 * (DEALER_MEETING, RECOVERY).
 */
export const DEALER_TYPES: ReadonlySet<string> = new Set(["DEALER_MEETING", "SALE", "RECOVERY"]);
export const DEALER_REQUIRED_TYPES: ReadonlySet<string> = new Set(["DEALER_MEETING", "RECOVERY"]);
