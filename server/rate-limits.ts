import { plainPage } from "./plain-page";
import type { Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, MemoryStore, rateLimit } from "express-rate-limit";
import { bearerToken, hashSecretToken } from "../app/infra/secret-token.server.ts";

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";
const TOO_MANY_UPLOADS = "Too many uploads. Please wait a minute and try again.";
const TOO_MANY_FOR_TOKEN = "Too many requests with this API token. Please wait a minute and try again.";

const SIGN_IN_PATHS = ["/login", "/api/login"];
// Each group has its own budget per client address; a page form and its /api twin share it.
const limitedPosts: Record<string, string[]> = {
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

/** The API token of an /api call (`Authorization: Bearer`), or null: pages never take one. */
function tokenOf(req: Request): string | null {
  return normalisedPath(req).startsWith("/api/") ? bearerToken(req.get("Authorization")) || null : null;
}

/** A token's calls are counted by the token (its hash: the secret is not kept), not by the address. */
const byToken = (req: Request) => `token:${hashSecretToken(tokenOf(req) ?? "")}`;

/** 429 with Retry-After, as JSON under /api and as a small page elsewhere. */
function tooMany(req: Request, res: Response, message: string): void {
  res.status(429).set("Retry-After", "60");
  if (normalisedPath(req).startsWith("/api/")) {
    res.json({ error: message });
  } else {
    res.type("html").send(tooManyPage(normalisedPath(req), message));
  }
}

/** A limiter of every request, per client address or by `keyGenerator`. */
function perMinute(limit: number, message: string, keyGenerator?: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    ...(keyGenerator ? { keyGenerator } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => tooMany(req, res, message),
  });
}

/**
 * A limiter of refused requests (status 400 and up) per client address, counted once the answer
 * is known: requests still in flight never count (express-rate-limit's skipSuccessfulRequests
 * counts them until they finish, so thirty right sign-ins at once would spend the budget).
 */
function failuresPerMinute(limit: number, message: string): RequestHandler {
  const store = new MemoryStore();
  store.init({ windowMs: 60_000 } as Parameters<MemoryStore["init"]>[0]);
  return async (req, res, next) => {
    const key = ipKeyGenerator(req.ip ?? "");
    if (((await store.get(key))?.totalHits ?? 0) >= limit) return tooMany(req, res, message);
    res.once("finish", () => {
      if (res.statusCode >= 400) void store.increment(key);
    });
    next();
  };
}

/**
 * Per client address and minute: wrong sign-ins (a right one costs nothing, so a team behind one
 * carrier address signs in together; each account has its own limit too, login-throttle.server.ts),
 * registration and password-reset attempts, and uploads. An /api call with an API token is
 * counted by its token instead: every call, and its uploads (decision 48).
 */
export function rateLimits({
  authPerMinute,
  signInFailuresPerMinute,
  uploadsPerMinute,
  tokenCallsPerMinute,
}: {
  authPerMinute: number;
  signInFailuresPerMinute: number;
  uploadsPerMinute: number;
  tokenCallsPerMinute: number;
}): RequestHandler {
  const groupOf = new Map<string, string>();
  const limiters = new Map<string, RequestHandler>();
  for (const [group, paths] of Object.entries(limitedPosts)) {
    for (const path of paths) groupOf.set(path, group);
    limiters.set(group, perMinute(authPerMinute, TOO_MANY));
  }
  for (const path of SIGN_IN_PATHS) groupOf.set(path, "sign-in");
  limiters.set("sign-in", failuresPerMinute(signInFailuresPerMinute, TOO_MANY));
  const uploads = perMinute(uploadsPerMinute, TOO_MANY_UPLOADS);
  const tokenCalls = perMinute(tokenCallsPerMinute, TOO_MANY_FOR_TOKEN, byToken);
  const tokenUploads = perMinute(uploadsPerMinute, TOO_MANY_UPLOADS, byToken);
  return (req, res, next) => {
    // Sign-in, registration and reset count by address even with a token: a made-up bearer buys no attempts.
    const group = req.method === "POST" ? groupOf.get(normalisedPath(req)) : undefined;
    const chain: RequestHandler[] = group ? [limiters.get(group)!] : [];
    if (tokenOf(req)) chain.push(tokenCalls, ...(isUpload(req) ? [tokenUploads] : []));
    else if (!group && isUpload(req)) chain.push(uploads);
    const run = (index: number) => (index === chain.length ? next() : chain[index]!(req, res, () => run(index + 1)));
    return run(0);
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
