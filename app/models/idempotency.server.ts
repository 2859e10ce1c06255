import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { isSubmissionKey, SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from "~/lib/submission-key";

// Idempotent creation: a post or comment made with a key is stored with it (unique per user),
// and a repeat with the same key answers what the first one created.

const BAD_KEY = `${SUBMISSION_KEY_HEADER} must be 16 to 100 letters, digits, - or _`;

/** The /api call's `Idempotency-Key` header: optional; a malformed one answers 400. */
export function submissionKeyFromHeader(request: Request): string | undefined {
  const value = request.headers.get(SUBMISSION_KEY_HEADER);
  if (value === null) return undefined;
  if (!isSubmissionKey(value)) throw new AppError(400, BAD_KEY);
  return value;
}

/** A page form's hidden key: optional (forms work without it); a malformed one is not used. */
export function submissionKeyFromForm(form: FormData): string | undefined {
  const value = form.get(SUBMISSION_KEY_FIELD);
  return isSubmissionKey(value) ? value : undefined;
}

export type Created<T> = { value: T; replayed: boolean };

/**
 * Finds what `key` already created, or creates it. Two requests with the same key that race
 * both miss the first lookup; the unique index refuses the second insert, which then answers
 * the first one's result.
 */
export async function createOnce<T>(key: string | undefined, find: (key: string) => Promise<T | null>, create: () => Promise<T>): Promise<Created<T>> {
  if (key) {
    const existing = await find(key);
    if (existing !== null) return { value: existing, replayed: true };
  }
  try {
    return { value: await create(), replayed: false };
  } catch (error) {
    if (key && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const existing = await find(key);
      if (existing !== null) return { value: existing, replayed: true };
    }
    throw error;
  }
}

/** Marks an /api answer that repeats an earlier one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
