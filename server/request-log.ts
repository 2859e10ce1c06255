import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { pinoHttp } from "pino-http";
import { log, withRequestId } from "../app/infra/log.server.ts";

// Each request has an id (decision 106): on every log line written while it is served, in the
// answer's X-Request-Id, on the error pages and in /api's JSON errors, so a person's "Request id"
// finds its lines.

/** An id a proxy may hand us: letters, digits and . _ : - only, 8 to 128 of them. */
const WELL_FORMED_ID = /^[A-Za-z0-9][\w.:-]{7,127}$/;

/**
 * Fly's proxy's id (Fly-Request-Id), else a caller's X-Request-Id, when well formed; else a new
 * one. No other header is trusted, and a malformed id is never echoed.
 */
function requestIdOf(headers: IncomingHttpHeaders): string {
  for (const name of ["fly-request-id", "x-request-id"]) {
    const value = headers[name];
    if (typeof value === "string" && WELL_FORMED_ID.test(value)) return value;
  }
  return randomUUID();
}

/** Gives the request its id (res.locals.requestId, X-Request-Id) and serves it in the id's scope. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  const requestId = requestIdOf(req.headers);
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  withRequestId(requestId, next);
};

const requestIdOfAnswer = (res: Response) => String(res.locals.requestId);

/**
 * A JSON error the server answers before the app (413, 429, a cross-site write, LiteFS's 503),
 * with the request's id beside the message, as the app's /api errors carry it.
 */
export function sendJsonError(res: Response, error: string): void {
  const requestId: unknown = res.locals.requestId;
  res.json(typeof requestId === "string" ? { error, requestId } : { error });
}

/**
 * One line per request when it ends: method, path, status and time. Never its headers or body,
 * and not the query string: it can carry secrets such as password-reset tokens.
 */
export const requestLog: RequestHandler = pinoHttp<Request, Response>({
  logger: log,
  genReqId: (_req, res) => requestIdOfAnswer(res),
  wrapSerializers: false,
  serializers: {
    req: (req: Request) => ({ method: req.method, path: req.path }),
    res: (res: Response) => ({ status: res.statusCode }),
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
  // The id goes into the line itself: the request's scope may be gone when the answer ends.
  customSuccessObject: (_req, res, line: object) => ({ ...line, requestId: requestIdOfAnswer(res) }),
  customErrorObject: (_req, res, _error, line: object) => ({ ...line, requestId: requestIdOfAnswer(res) }),
});
