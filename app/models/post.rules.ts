// The post form's limits, messages and rules that need no zod: the browser's form uses them
// before its validation (post.validation.ts) has loaded. post.schema.ts re-exports them.

import type { MessageKey } from "~/locales/namespaces";

export const MAX_TEXT = 2000;
export const MAX_COMMENT = 1000;
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

// The rules' messages are catalogs' keys (decision 101), said in the reader's language where they
// reach a page; their English is in app/locales/en/posts.json.
export const TYPE_REQUIRED = "posts:errors.typeRequired" satisfies MessageKey;
export const TEXT_TOO_LONG = "posts:errors.textTooLong" satisfies MessageKey;
export const DEALER_REQUIRED = "posts:errors.dealerRequired" satisfies MessageKey;
export const PRODUCT_REQUIRED = "posts:errors.productRequired" satisfies MessageKey;
export const QUANTITY_REQUIRED = "posts:errors.quantityRequired" satisfies MessageKey;
export const QUANTITY_INVALID = "posts:errors.quantityInvalid" satisfies MessageKey;
export const PRICE_REQUIRED = "posts:errors.priceRequired" satisfies MessageKey;
export const PRICE_INVALID = "posts:errors.priceInvalid" satisfies MessageKey;
export const AMOUNT_REQUIRED = "posts:errors.amountRequired" satisfies MessageKey;
export const AMOUNT_INVALID = "posts:errors.amountInvalid" satisfies MessageKey;
export const PAID_INVALID = "posts:errors.paidInvalid" satisfies MessageKey;
export const PAID_OVER_TOTAL = "posts:errors.paidOverTotal" satisfies MessageKey;
/** At most MAX_FILES (10) files: the catalogs say the number. */
export const TOO_MANY_FILES = "posts:errors.tooManyFiles" satisfies MessageKey;
export const COMMENT_REQUIRED = "posts:errors.commentRequired" satisfies MessageKey;
export const COMMENT_TOO_LONG = "posts:errors.commentTooLong" satisfies MessageKey;
export const LOCATION_INCOMPLETE = "posts:errors.locationIncomplete" satisfies MessageKey;
/** New Post's failure: a request that failed on the way, or on the server for no reason of the post's. */
export const POST_FAILED = "posts:errors.postFailed" satisfies MessageKey;

/** "{name} exceeds maximum allowed size of 10 MB": the upload widget's wording, also used by the server. */
export const FILE_TOO_LARGE = "posts:errors.fileTooLarge" satisfies MessageKey;
/** The same, for a post form's file the server refuses before it knows its name. */
export const A_FILE_TOO_LARGE = "posts:errors.aFileTooLarge" satisfies MessageKey;
export const WRONG_FILE_TYPE = "posts:errors.wrongFileType" satisfies MessageKey;

/**
 * The post types that take a dealer (DEALER_MEETING, SALE, RECOVERY: the form shows the dealer
 * selector, the post keeps the dealer; other types drop it), and those that require one
 * (DEALER_MEETING, RECOVERY).
 */
export const DEALER_TYPES: ReadonlySet<string> = new Set(["DEALER_MEETING", "SALE", "RECOVERY"]);
export const DEALER_REQUIRED_TYPES: ReadonlySet<string> = new Set(["DEALER_MEETING", "RECOVERY"]);
