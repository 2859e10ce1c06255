import crypto from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { countReplay } from "~/infra/prometheus.server";
import { AppError } from "~/lib/app-error";
import { isSubmissionKey, SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from "~/lib/submission-key";

// Idempotent creation: what a request made with a key is stored with the key (unique per user who
// sent it) and the hash of what the request asked for. A repeat of the same request answers what the
// first one created; the same key with a different request is refused (422), never answered with
// something else.

const BAD_KEY = `${SUBMISSION_KEY_HEADER} must be 16 to 100 letters, digits, - or _`;
export const KEY_REUSED = `${SUBMISSION_KEY_HEADER} was already used for a different request`;
/**
 * A page form's key is its page's: the form was sent before, then changed (Back, or a lost answer).
 * A catalog's key (decision 101), said in the reader's language; KEY_REUSED is /api's own English.
 */
const FORM_SENT_BEFORE = "common:errors.formSentBefore";

/** A submission's key and where it came from, which decides the words of a refusal. */
export type SubmissionKey = { value: string; from: "header" | "form" };

/** The /api call's `Idempotency-Key` header: optional; a malformed one answers 400. */
export function submissionKeyFromHeader(request: Request): SubmissionKey | undefined {
  const value = request.headers.get(SUBMISSION_KEY_HEADER);
  if (value === null) return undefined;
  if (!isSubmissionKey(value)) throw new AppError(400, BAD_KEY);
  return { value, from: "header" };
}

/** A page form's hidden key: optional (forms work without it); a malformed one is not used. */
export function submissionKeyFromForm(form: FormData): SubmissionKey | undefined {
  const value = form.get(SUBMISSION_KEY_FIELD);
  return isSubmissionKey(value) ? { value, from: "form" } : undefined;
}

const sha256 = (data: string | Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");

/** Object keys sorted and missing values left out, so the same request always reads the same; bytes by their hash. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { sha256: sha256(value) };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return Object.fromEntries(
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, item]) => [name, canonical(item)]),
    );
  }
  return value;
}

/** The sha256 of a request's meaningful content: its parsed input, never its raw bytes. */
function requestHash(content: unknown): string {
  return sha256(JSON.stringify(canonical(content)));
}

export type Created<T> = { value: T; replayed: boolean };
type Hashed = { requestHash: string | null };
/** What a row made under a key stores: the key and the hash of its request (both null without a key). */
export type Keyed = { idempotencyKey: string | null; requestHash: string | null };

/**
 * Finds what `key` already created, or creates it. `content` is what the request asks for (hashed
 * only when there is a key); `find` looks the key up among its sender's; `create` stores what it
 * is given as `Keyed`. Two requests with the same key that race both miss the first lookup; the
 * unique index refuses the second insert, which then answers (or refuses) as a repeat.
 */
export async function createOnce<T>(
  key: SubmissionKey | undefined,
  content: unknown,
  find: (key: string) => Promise<(T & Hashed) | null>,
  create: (keyed: Keyed) => Promise<T>,
): Promise<Created<T>> {
  if (!key) return { value: await create({ idempotencyKey: null, requestHash: null }), replayed: false };
  const hash = requestHash(content);
  const existing = await find(key.value);
  if (existing !== null) return repeat(existing, key, hash);
  try {
    return { value: await create({ idempotencyKey: key.value, requestHash: hash }), replayed: false };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const again = await find(key.value);
      if (again !== null) return repeat(again, key, hash);
    }
    throw error;
  }
}

function repeat<T>(existing: T & Hashed, key: SubmissionKey, hash: string): Created<T> {
  const { requestHash: stored, ...value } = existing;
  // Rows stored before requests were hashed have no hash: they are not compared.
  if (stored !== null && stored !== hash)
    throw new AppError(422, key.from === "header" ? KEY_REUSED : FORM_SENT_BEFORE);
  countReplay(key.from);
  return { value: value as T, replayed: true };
}

/** Marks an /api answer that repeats an earlier one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** An answer's `headers`, with REPLAYED_HEADER when it repeats an earlier one. */
export function replayHeaders(replayed: boolean, headers: Record<string, string> = {}): Record<string, string> {
  return replayed ? { ...headers, [REPLAYED_HEADER]: "true" } : headers;
}
