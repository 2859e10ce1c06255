/** What a page's action answers, with 400, to an `intent` that none of its forms sends. */
export const UNKNOWN_ACTION = "Unknown action";
