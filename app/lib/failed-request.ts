/** What a guarded request answers its page when it failed on the way (see browser/request-guard.ts). */
export type FailedRequest = { ok: false; failed: true; error: string };

export function isFailedRequest(answer: unknown): answer is FailedRequest {
  return typeof answer === "object" && answer !== null && (answer as { failed?: unknown }).failed === true;
}

/** How long an officer waits for an answer before the request counts as failed (a slow 3G upload fits). */
export const ANSWER_PATIENCE_MS = 45_000;
