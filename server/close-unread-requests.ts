import type { RequestHandler } from "express";

/**
 * When the app answers before reading the whole request body (a 413 for an oversized upload,
 * refused while it streams in), the rest of the body is still on the wire. Telling the client
 * `Connection: close` keeps it from sending its next request down that same connection, which
 * would otherwise fail with a reset.
 */
export const closeUnreadRequests: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
