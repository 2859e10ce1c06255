// The idempotency key of one submission (a post or a comment): made by the page, sent with the
// form as a hidden field or with /api calls as the `Idempotency-Key` header, and kept by the
// server with what it created, so a repeat of the same submission never creates a second one.

export const SUBMISSION_KEY_FIELD = "idempotencyKey";
export const SUBMISSION_KEY_HEADER = "Idempotency-Key";

export const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export function isSubmissionKey(value: unknown): value is string {
  return typeof value === "string" && SUBMISSION_KEY_PATTERN.test(value);
}

/** 128 random bits as 32 hex digits; works in the browser (also over plain HTTP) and in Node. */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
