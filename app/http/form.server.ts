import type { SubmissionResult } from "@conform-to/react";
import { AppError } from "~/lib/app-error";

/**
 * Runs a page action's model call. An AppError thrown below becomes the page's answer made by
 * `refused` (usually `data(…, { status: error.status })`, so the page shows the message in place
 * and keeps what was typed); anything else is a bug and reaches the error boundary.
 */
export async function formCall<T, Refused>(call: () => Promise<T>, refused: (error: AppError) => Refused | Promise<Refused>): Promise<T | Refused> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) return refused(error);
    throw error;
  }
}

type ReplyingSubmission = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

/** A Conform submission's reply carrying the error: on its field when it names one, else on the form. */
export function replyWithError(submission: ReplyingSubmission, error: AppError, options: { hideFields?: string[] } = {}): SubmissionResult<string[]> {
  return submission.reply({ ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : { formErrors: [error.message] }), ...options });
}
