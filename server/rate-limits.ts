import { plainPage } from "./plain-page";
import type { Request, RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";
const TOO_MANY_UPLOADS = "Too many uploads. Please wait a minute and try again.";

// Each group has its own budget per client address; a page form and its /api twin share it.
const limitedPosts: Record<string, string[]> = {
  "sign-in": ["/login", "/api/login"],
  registration: ["/register", "/api/register", "/api/save-registration"],
  "password-reset": ["/forgot-password", "/api/forgot-password", "/reset-password", "/api/reset-password"],
};

/** "/login.data" (a JavaScript form post) and "/login/" count as "/login". */
function normalisedPath(req: Request): string {
  const path = req.path.replace(/\.data$/, "").replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/** Files arrive as multipart forms (pages, /api/posts, /api/upload, gallery) or as a PUT to a signed upload URL. */
function isUpload(req: Request): boolean {
  if (req.method !== "POST" && req.method !== "PUT") return false;
  return (
    /^multipart\/form-data/i.test(req.get("Content-Type") ?? "") ||
    (req.method === "PUT" && normalisedPath(req).startsWith("/api/objects/uploads/"))
  );
}

/** A limiter that answers 429 with Retry-After, as JSON under /api and as a small page elsewhere. */
function perMinute(limit: number, message: string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler(req, res) {
      res.status(429).set("Retry-After", "60");
      if (normalisedPath(req).startsWith("/api/")) {
        res.json({ error: message });
      } else {
        res.type("html").send(tooManyPage(normalisedPath(req), message));
      }
    },
  });
}

/** Per client address and minute: sign-in, registration and password-reset attempts, and uploads. */
export function rateLimits({
  authPerMinute,
  uploadsPerMinute,
}: {
  authPerMinute: number;
  uploadsPerMinute: number;
}): RequestHandler {
  const groupOf = new Map<string, string>();
  const limiters = new Map<string, RequestHandler>();
  for (const [group, paths] of Object.entries(limitedPosts)) {
    for (const path of paths) groupOf.set(path, group);
    limiters.set(group, perMinute(authPerMinute, TOO_MANY));
  }
  const uploads = perMinute(uploadsPerMinute, TOO_MANY_UPLOADS);
  return (req, res, next) => {
    const group = req.method === "POST" ? groupOf.get(normalisedPath(req)) : undefined;
    const limiter = group ? limiters.get(group) : isUpload(req) ? uploads : undefined;
    if (!limiter) return next();
    return limiter(req, res, next);
  };
}

function tooManyPage(rawPath: string, message: string): string {
  // Any page can be an upload's target, so the path is escaped before it goes into the link.
  const path = rawPath.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return plainPage({
    title: "Too many attempts",
    heading: "Too many attempts",
    message,
    link: { href: path, text: "Try again" },
  });
}
