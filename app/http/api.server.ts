import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { said } from "~/http/language.server";
import { currentRequestId } from "~/infra/log.server";
import { BODY_MAX_BYTES, BODY_TOO_LARGE, readBodyWithin } from "~/http/request-body.server";

type ApiErrorBody = { error: string; fieldErrors?: Record<string, string[]>; requestId?: string };

export function apiError(status: number, message: string, fieldErrors?: Record<string, string[]>): Response {
  // A model's message may be a catalog's key (decision 101): /api says it in English.
  const error = said(message);
  const body: ApiErrorBody = fieldErrors ? { error, fieldErrors } : { error };
  // The id the request's log lines carry (decision 106), for an integrator to quote.
  const requestId = currentRequestId();
  if (requestId) body.requestId = requestId;
  return Response.json(body, { status });
}

/** A form's field name (`attendees[1].phone`) as the API names a body's field: `attendees.1.phone`. */
const apiPath = (field: string) => field.replace(/\[(\d+)\]/g, ".$1");

/**
 * Runs an /api call. An AppError thrown below (by a model, or by the edge's own readers)
 * becomes `{ error, fieldErrors? }` with its status; anything else is a bug and answers 500.
 */
export async function apiCall(call: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) {
      const message = said(error.message, error.values);
      const fieldErrors = error.field ? { [apiPath(error.field)]: [message] } : undefined;
      const response = apiError(error.status, message, fieldErrors);
      if (error.retryAfterSec !== undefined) response.headers.set("Retry-After", String(error.retryAfterSec));
      return response;
    }
    throw error;
  }
}

/**
 * A browser following a link (`Sec-Fetch-Mode: navigate`), as a page's download link does: such a
 * caller reads a page, not JSON, so a refusal goes back to the page with a notice.
 */
export function isBrowserNavigation(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate" && !request.headers.has("Authorization");
}

/** The messages of each field (the first one as `error`), for `{ error, fieldErrors }` answers. */
function fieldErrorsOf(error: z.ZodError): { message: string; fieldErrors: Record<string, string[]> } {
  // No prototype: a body key such as "constructor" or "__proto__" must stay a plain field name.
  const fieldErrors: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "";
    const field = issue.code === "unrecognized_keys" ? issue.keys.join(",") : key;
    (fieldErrors[field || "body"] ??= []).push(said(issue.message));
  }
  return { message: said(error.issues[0]?.message ?? "Invalid request body"), fieldErrors };
}

/** 405 with the method named and `Allow` listing the methods the path takes. */
export function refuseMethod(request: Request, allowed: string[]): Response {
  const response = apiError(405, `Method ${request.method} is not allowed`);
  if (allowed.length > 0) response.headers.set("Allow", allowed.join(", "));
  return response;
}

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** A JSON body's schema as the API applies it: an object refuses fields it does not name. */
export function strictBody(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

/**
 * The body without the fields of `answer` (the record the call answers) that the schema does not
 * take: read-only fields (id, createdAt…) a client sends back as it read them are dropped unread.
 */
function withoutReadOnly(
  body: Record<string, unknown>,
  schema: z.ZodType,
  answer: ObjectSchema,
): Record<string, unknown> {
  const writable = schema instanceof z.ZodObject ? schema.shape : {};
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => Object.hasOwn(writable, key) || !Object.hasOwn(answer.shape, key)),
  );
}

/**
 * Reads a JSON body and checks it with the same schema the page form uses, refusing
 * unknown fields. Numbers may come as strings (existing clients send coordinates so).
 * With `readOnly`, the record the call answers may come back whole (read-modify-write): its
 * fields the schema does not take are ignored.
 * Throws a 415, 400 or 413 JSON answer; never lets bad input through.
 */
export async function readJsonBody<Schema extends ObjectSchema | z.ZodType>(
  request: Request,
  schema: Schema,
  options: { readOnly?: ObjectSchema } = {},
): Promise<z.infer<Schema>> {
  const bytes = await readBodyWithin(request, BODY_MAX_BYTES);
  if (!bytes) throw apiError(413, BODY_TOO_LARGE);
  const text = new TextDecoder().decode(bytes);
  let body: unknown = {};
  if (text.trim() !== "") {
    const contentType = request.headers.get("Content-Type") ?? "";
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType)) {
      throw apiError(415, "Content-Type must be application/json");
    }
    try {
      body = JSON.parse(text);
    } catch {
      throw apiError(400, "Malformed JSON body");
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw apiError(400, "Request body must be a JSON object");
  }
  const fields = options.readOnly ? withoutReadOnly(body as Record<string, unknown>, schema, options.readOnly) : body;
  const parsed = coerceFormValue(strictBody(schema)).safeParse(fields);
  if (!parsed.success) {
    const { message, fieldErrors } = fieldErrorsOf(parsed.error);
    throw apiError(400, message, fieldErrors);
  }
  return parsed.data as z.infer<Schema>;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/;

/** The media ranges an Accept header takes (a quality above 0), lower-cased; none sent: any. */
function acceptedRanges(request: Request): string[] {
  const header = request.headers.get("Accept")?.trim();
  if (!header) return ["*/*"];
  return header.split(",").flatMap((part) => {
    const [range = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0 ? [range] : [];
  });
}

/** Whether the client takes JSON: a JSON type, application/*, or any. */
export function acceptsJson(request: Request): boolean {
  return acceptedRanges(request).some((range) => range === "*/*" || range === "application/*" || JSON_TYPE.test(range));
}

/** Whether the client names JSON and not a page: a tool rather than a browser. */
export function wantsJsonNotPage(request: Request): boolean {
  const ranges = acceptedRanges(request);
  return ranges.some((range) => JSON_TYPE.test(range)) && !ranges.includes("text/html");
}

/** Checks the query string with a schema; throws a 400 JSON answer with the field errors. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const { message, fieldErrors } = fieldErrorsOf(parsed.error);
    throw apiError(400, message, fieldErrors);
  }
  return parsed.data;
}
