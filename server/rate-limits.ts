import type { Request, RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

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

export function authRateLimits(limitPerMinute: number): RequestHandler {
  const groupOf = new Map<string, string>();
  const limiters = new Map<string, RequestHandler>();
  for (const [group, paths] of Object.entries(limitedPosts)) {
    for (const path of paths) groupOf.set(path, group);
    limiters.set(
      group,
      rateLimit({
        windowMs: 60_000,
        limit: limitPerMinute,
        standardHeaders: "draft-8",
        legacyHeaders: false,
        handler(req, res) {
          res.status(429).set("Retry-After", "60");
          if (normalisedPath(req).startsWith("/api/")) {
            res.json({ error: TOO_MANY });
          } else {
            res.type("html").send(tooManyPage(normalisedPath(req)));
          }
        },
      }),
    );
  }
  return (req, res, next) => {
    const group = req.method === "POST" ? groupOf.get(normalisedPath(req)) : undefined;
    const limiter = group ? limiters.get(group) : undefined;
    if (!limiter) return next();
    return limiter(req, res, next);
  };
}

function tooManyPage(path: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Too many attempts · Fieldline</title></head><body><h1>Too many attempts</h1><p>${TOO_MANY}</p><p><a href="${path}">Try again</a></p></body></html>`;
}
