/** The statuses a refusal of the app's rules can carry. */
export type AppErrorStatus = 400 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 503;

/**
 * The one error the app throws when it refuses a request: models throw it with the status and
 * the message the user sees (and the field it belongs to, when there is one); only `app/http/`
 * catches it, turning it into a page form's reply or an `/api` JSON error with the same status.
 * Anything else thrown is a bug and answers 500.
 */
export class AppError extends Error {
  readonly status: AppErrorStatus;
  readonly field: string | undefined;
  /** Seconds after which a retry may pass (a busy server, a spent quota): sent as `Retry-After`. */
  readonly retryAfterSec: number | undefined;
  /**
   * The values of a message that is a catalog's key (decision 101: the key of "This phone is already the phone of {name}…"
   * with `{ name }`): the edge says it in the reader's language, in English on /api.
   */
  readonly values: Record<string, string | number> | undefined;

  constructor(
    status: AppErrorStatus,
    message: string,
    options: { field?: string; retryAfterSec?: number; values?: Record<string, string | number> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.field = options.field;
    this.retryAfterSec = options.retryAfterSec;
    this.values = options.values;
  }
}
