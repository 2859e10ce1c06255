import type { Request, RequestHandler } from "express";
import { apiBearerToken } from "../app/http/credentials.server.ts";
import { sendJsonError } from "./request-log";

export const CROSS_SITE_REFUSED = "Cross-site request refused";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses (403) a state-changing request whose Origin header names another site: a form or
 * script on someone else's page cannot act with the user's session cookie. Browsers send
 * Origin on every such request; tools that send none (curl, other servers) are let through.
 * The app's own origin is APP_URL's or, behind a proxy, the one the request arrived at.
 * An /api call with an API token and no cookie is let through too: a browser never adds an
 * Authorization header by itself, so another site's page cannot make one act as anybody.
 */
export function sameOriginWrites(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    const origin = req.get("Origin");
    if (SAFE_METHODS.has(req.method) || origin === undefined || isTokenCall(req)) return next();
    if (origin === appOrigin || origin === `${req.protocol}://${req.get("Host")}`) return next();
    res.status(403).set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) sendJsonError(res, CROSS_SITE_REFUSED);
    else res.type("text/plain").send(CROSS_SITE_REFUSED);
  };
}

function isTokenCall(req: Request): boolean {
  return req.get("Cookie") === undefined && Boolean(apiBearerToken(req.path, req.get("Authorization")));
}
