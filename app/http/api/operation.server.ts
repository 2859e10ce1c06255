import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Door } from "~/http/route-access";
import type { CurrentUser } from "~/models/user.server";

// One /api operation, declared once: what the OpenAPI document says of it, who may call it, the
// schemas its input is checked with, and the handler. The dispatcher (dispatch.server.ts) routes a
// request to it, guards it by `access`, and parses its input before the handler runs.

/**
 * Who may call: a door of app/http/route-access.ts: the policy's action (decision 75), or
 * `public`, `account` (signed in, even while waiting for approval), `sign-out`, `signed-url`.
 */
export type Access = Exclude<Door, "landing">;

/** The doors that let anybody through: their handlers get no user. */
export type OpenDoor = "public" | "sign-out" | "signed-url";

export function isOpenDoor(access: Access): access is OpenDoor {
  return access === "public" || access === "sign-out" || access === "signed-url";
}
type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type PathParameter = {
  description: string;
  example: string | number;
  /** An id (app/lib/ids.ts): a malformed one answers 404 with this message, as a missing record does. */
  notFound?: string;
};

type JsonBody<Schema extends z.ZodType> = {
  kind: "json";
  schema: Schema;
  example: Record<string, unknown>;
  /** The record the call answers, which may come back whole; the fields `schema` does not take are ignored. */
  readOnly?: z.ZodObject;
};
type MultipartBody = {
  kind: "multipart";
  fields: Record<string, { description: string; file?: boolean; required?: boolean }>;
};
type BytesBody = { kind: "bytes"; description: string };

export type RequestBody = JsonBody<z.ZodType> | MultipartBody | BytesBody;

/** What the OpenAPI document says of an operation. */
export type OperationDoc = {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  pathParams?: Record<string, PathParameter>;
  query?: z.ZodObject;
  queryExample?: Record<string, string>;
  body?: RequestBody;
  answer: { status: number; description: string; schema?: z.ZodType; setsCookie?: boolean };
  /** Also answers a 302 to a page (a browser's way), described so. */
  redirect?: string;
  /** Error statuses beyond those that follow from access (401, 403) and the body (400, 413, 415). */
  errors?: number[];
  /**
   * One record with its version as a strong ETag: a GET answers 304 to an If-None-Match naming
   * it; a write takes If-Match (412 when the record changed since) and answers the new ETag.
   */
  etag?: boolean;
  /**
   * Takes an optional Idempotency-Key header (per user): a repeat of the same request answers the
   * first result, the key with a different request 422 (app/infra/idempotency.server.ts).
   */
  idempotent?: boolean;
};

/** Ids as numbers, other parameters as sent; the erased list's operations see either. */
type ParsedParams<Params> = string extends keyof Params
  ? Record<string, string | number>
  : { [Name in keyof Params]: Params[Name] extends { notFound: string } ? number : string };

/** What a handler gets: the request, the caller its access let through, and its checked input. */
type OperationInput<A extends Access, Params, Query extends z.ZodObject | undefined, Body extends z.ZodType> = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  user: A extends OpenDoor ? null : CurrentUser;
  params: ParsedParams<Params>;
  query: Query extends z.ZodObject ? z.infer<Query> : undefined;
  /**
   * The JSON body, checked with the declared schema (unknown fields refused, `readOnly` fields
   * dropped). Read when the handler is ready: a check that answers before the body is read (a
   * missing dealer's 404) comes first.
   */
  body: () => Promise<z.infer<Body>>;
};

type Handler<A extends Access, Params, Query extends z.ZodObject | undefined, Body extends z.ZodType> = (
  input: OperationInput<A, Params, Query, Body>,
) => Response | Promise<Response>;

export type ApiOperation = OperationDoc & {
  handler: Handler<Access, Record<string, PathParameter>, z.ZodObject | undefined, z.ZodType>;
};

/** Declares an operation, typing its handler's input from its access, path, query and body. */
export function operation<
  A extends Access,
  Params extends Record<string, PathParameter> = Record<never, never>,
  Query extends z.ZodObject | undefined = undefined,
  Body extends z.ZodType = z.ZodNever,
>(
  declaration: Omit<OperationDoc, "access" | "pathParams" | "query" | "body"> & {
    access: A;
    pathParams?: Params;
    query?: Query;
    body?: JsonBody<Body> | MultipartBody | BytesBody;
    handler: Handler<A, Params, Query, Body>;
  },
): ApiOperation {
  return declaration as unknown as ApiOperation;
}
