import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

/** The origin that map tiles come from, for img-src ("{s}" subdomains become a wildcard). */
function tileOrigin(tileUrl: string): string | undefined {
  try {
    const url = new URL(tileUrl.replace("{s}", "tilesubdomain"));
    return `${url.protocol}//${url.host.replace("tilesubdomain", "*")}`;
  } catch {
    return undefined;
  }
}

/**
 * Helmet's headers with a nonce CSP; `https` (APP_URL is https) adds HSTS and upgrade-insecure-requests.
 * `tileUrl` is the tile server images may come from, null when the map is self-hosted: its archive is
 * read with fetch from this origin ('self') and drawn on canvases, with no worker and no font.
 */
export function securityHeaders(options: { tileUrl: string | null; https: boolean }): RequestHandler {
  const tiles = options.tileUrl === null ? undefined : tileOrigin(options.tileUrl);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        "style-src": ["'self'"],
        // React renders style attributes and Leaflet positions its panes with them.
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...(tiles ? [tiles] : [])],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "media-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": options.https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // One year, subdomains included (helmet's default); over plain HTTP (a local demo) it would only confuse.
    strictTransportSecurity: options.https,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
