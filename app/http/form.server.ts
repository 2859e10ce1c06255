import { STATUS_CODES } from "node:http";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { FORM_UNREADABLE } from "~/http/multipart.server";
import { BODY_MAX_BYTES, BODY_TOO_LARGE, readBodyWithin } from "~/http/request-body.server";
import { AppError } from "~/lib/app-error";
import { said } from "~/http/language.server";
import { parseId } from "~/lib/ids";

/**
 * Runs a page action's model call. An AppError thrown below becomes the page's answer made by
 * `refused` (usually `data(…, { status: error.status })`, so the page shows the message in place
 * and keeps what was typed), its message said in the reader's language; anything else is a bug
 * and reaches the error boundary.
 */
export async function formCall<T, Refused>(
  call: () => Promise<T>,
  refused: (error: AppError) => Refused | Promise<Refused>,
): Promise<T | Refused> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) return withRetryAfter(await refused(saidRefusal(error)), error);
    throw error;
  }
}

/**
 * The refusal as the reader reads it: a message that is a catalog's key (decision 101: a policy's
 * refusal reaches every area's forms) said with its values, so a reply putting `error.message` in
 * its data shows words.
 */
function saidRefusal(error: AppError): AppError {
  const message = said(error.message, error.values);
  if (message === error.message) return error;
  return new AppError(error.status, message, { field: error.field, retryAfterSec: error.retryAfterSec });
}

/**
 * A page's refusal, to throw: its error boundary shows the message under the status and that
 * status's own reason phrase ("400 Bad Request"). Without one, React Router names every thrown
 * status "Internal Server Error".
 */
export function pageRefusal(message: string, status: number): DataWithResponseInit<string> {
  return data(message, { status, statusText: STATUS_CODES[status] ?? "" });
}

/**
 * Runs a page loader's model call. An AppError thrown below answers the page with its status and
 * message (the route's error boundary shows it); anything else is a bug.
 */
export async function pageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw pageRefusal(said(error.message, error.values), error.status);
    throw error;
  }
}

/**
 * The id in a page's URL, by the one id rule (parseId). A malformed id names no record, so the
 * page answers 404 with `notFound` (its error boundary shows it), as requireId does inside
 * apiCall and formCall; this is for a loader, or an action before its form is read.
 */
export function requirePageId(value: unknown, notFound: string): number {
  const id = parseId(value);
  if (id === null) throw pageRefusal(said(notFound), 404);
  return id;
}

/** The page's reply to a refusal that says when a retry may pass, with that `Retry-After`. */
function withRetryAfter<Reply>(reply: Reply, error: AppError): Reply {
  if (error.retryAfterSec === undefined) return reply;
  const value = String(error.retryAfterSec);
  if (reply instanceof Response) {
    reply.headers.set("Retry-After", value);
  } else if (isDataWithInit(reply)) {
    const headers = new Headers(reply.init?.headers);
    headers.set("Retry-After", value);
    reply.init = { ...reply.init, headers };
  }
  return reply;
}

function isDataWithInit(reply: unknown): reply is DataWithResponseInit<unknown> {
  return typeof reply === "object" && reply !== null && (reply as { type?: unknown }).type === "DataWithResponseInit";
}

type ReplyingSubmission = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

/** A Conform submission's reply carrying the error: on its field when it names one, else on the form. */
export function replyWithError(
  submission: ReplyingSubmission,
  error: AppError,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  const message = said(error.message, error.values);
  return submission.reply({
    ...(error.field ? { fieldErrors: { [error.field]: [message] } } : { formErrors: [message] }),
    ...options,
  });
}

/**
 * The request with its body read within BODY_MAX_BYTES, before anything parses it: a larger body
 * (by its Content-Length, or while it streams in) answers 413 with a short message, never echoed.
 */
export async function boundedRequest(request: Request): Promise<Request> {
  const bytes = await readBodyWithin(request, BODY_MAX_BYTES);
  if (!bytes) throw pageRefusal(BODY_TOO_LARGE, 413);
  return new Request(request.url, { method: request.method, headers: request.headers, body: bytes });
}

/** A page form (urlencoded, or multipart without files) read within BODY_MAX_BYTES. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await (await boundedRequest(request)).formData();
  } catch (error) {
    if (error instanceof TypeError) throw pageRefusal(said(FORM_UNREADABLE), 400);
    throw error;
  }
}

/** The names a schema reads, when it is an object schema (possibly refined). */
function fieldNames(schema: z.ZodType): Set<string> | null {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? new Set(Object.keys(shape)) : null;
}

/**
 * Parses a page form with its schema, like Conform's parseWithZod, after dropping the fields the
 * schema does not name: a reply re-fills the form with what was typed, and a field nobody asked
 * for is never sent back.
 */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const names = fieldNames(schema);
  const known = new FormData();
  for (const [name, value] of form) if (!names || names.has(name)) known.append(name, value);
  const submission = parseWithZod(known, { schema });
  // The schema's messages are catalogs' keys (decision 101): the reply says them in the reader's
  // language, as the page's error lists do for a schema checking the form in the browser.
  if (submission.status === "error") sayEach(submission.error);
  return submission;
}

/** Each message of a submission's errors said in place (the reply reads the same lists). */
function sayEach(errors: Record<string, string[] | null> | null | undefined): void {
  for (const messages of Object.values(errors ?? {}))
    messages?.forEach((message, index) => (messages[index] = said(message)));
}
