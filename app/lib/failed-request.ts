/**
 * What a guarded request answers its page when it failed (see browser/request-guard.ts).
 * `answered`: the server answered, with an error (a 500): the request reached it, so it is not a
 * connection failure and is not kept to be sent again by itself; otherwise it failed on the way.
 */
export type FailedRequest = { ok: false; failed: true; error: string; answered: boolean };

export function isFailedRequest(answer: unknown): answer is FailedRequest {
  return typeof answer === "object" && answer !== null && (answer as { failed?: unknown }).failed === true;
}

/** How long an officer waits for an answer before the request counts as failed (a slow 3G upload fits). */
export const ANSWER_PATIENCE_MS = 45_000;
