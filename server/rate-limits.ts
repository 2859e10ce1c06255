import { plainLanguage, plainPage, plainWord } from "./plain-page";
import type { Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";
import { apiBearerToken } from "../app/http/credentials.server.ts";
import { countRateLimited } from "../app/infra/prometheus.server.ts";
import { hashSecretToken } from "../app/infra/secret-token.server.ts";
import { sendJsonError } from "./request-log";

// The refusals' messages, as catalog keys: a page says them in its reader's language, /api in English.
const TOO_MANY = "auth:errors.tooManyFromAddress";
const TOO_MANY_UPLOADS = "common:plain.tooManyUploads";
const TOO_MANY_FOR_TOKEN = "common:plain.tooManyForToken";

// Each group has its own budget per client address; a page form and its /api twin share it.
// (Sign-in has limits of its own, per address and account, in app/models/login-throttle.server.ts.)
export const LIMITED_POSTS: Record<string, string[]> = {
  registration: ["/register", "/api/register", "/api/save-registration"],
  "password-reset": ["/forgot-password", "/api/forgot-password", "/reset-password", "/api/reset-password"],
};

/**
 * The path as React Router routes it, so that no other spelling of a limited path escapes its
 * limit: each segment percent-decoded (an encoded "/" stays one segment), letters in one case
 * (routes match whatever the case), without a JavaScript form post's ".data" or trailing slashes.
 * Empty segments go too: more than React Router forgives, so never less.
 */
export function routedPath(rawPath: string): string {
  const segments = rawPath.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment).replaceAll("/", "%2F");
    } catch {
      return segment;
    }
  });
  const path = `/${segments.filter(Boolean).join("/")}`.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}

function normalisedPath(req: Request): string {
  return routedPath(req.path);
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
  return apiBearerToken(normalisedPath(req), req.get("Authorization")) || null;
}

/** A token's calls are counted by the token (its hash: the secret is not kept), not by the address. */
const byToken = (req: Request) => `token:${hashSecretToken(tokenOf(req) ?? "")}`;

/** 429 with Retry-After, as JSON under /api and as a small page elsewhere. */
function tooMany(req: Request, res: Response, message: string): void {
  res.status(429).set("Retry-After", "60");
  if (normalisedPath(req).startsWith("/api/")) {
    sendJsonError(res, plainWord("en", message));
  } else {
    res.type("html").send(tooManyPage(req, message));
  }
}

/** A limiter of every request, per client address or by `keyGenerator`; its refusals are counted as `name`'s. */
function perMinute(
  name: string,
  limit: number,
  message: string,
  keyGenerator?: (req: Request) => string,
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    ...(keyGenerator ? { keyGenerator } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => {
      countRateLimited(name);
      tooMany(req, res, message);
    },
  });
}

/**
 * Per client address and minute: registration and password-reset attempts, and uploads, each
 * path in whatever spelling React Router routes to it (routedPath). An /api call with an API token
 * is counted by its token instead: every call, and its uploads (decision 48). Sign-in is limited
 * where the password is checked (app/models/login-throttle.server.ts, decision 58).
 */
export function rateLimits({
  authPerMinute,
  uploadsPerMinute,
  tokenCallsPerMinute,
}: {
  authPerMinute: number;
  uploadsPerMinute: number;
  tokenCallsPerMinute: number;
}): RequestHandler {
  const groupOf = new Map<string, string>();
  const limiters = new Map<string, RequestHandler>();
  for (const [group, paths] of Object.entries(LIMITED_POSTS)) {
    for (const path of paths) groupOf.set(path, group);
    limiters.set(group, perMinute(group, authPerMinute, TOO_MANY));
  }
  const uploads = perMinute("uploads", uploadsPerMinute, TOO_MANY_UPLOADS);
  const tokenCalls = perMinute("token-calls", tokenCallsPerMinute, TOO_MANY_FOR_TOKEN, byToken);
  const tokenUploads = perMinute("token-uploads", uploadsPerMinute, TOO_MANY_UPLOADS, byToken);
  return (req, res, next) => {
    // Registration and reset count by address even with a token: a made-up bearer buys no attempts.
    const group = req.method === "POST" ? groupOf.get(normalisedPath(req)) : undefined;
    const chain: RequestHandler[] = group ? [limiters.get(group)!] : [];
    if (tokenOf(req)) chain.push(tokenCalls, ...(isUpload(req) ? [tokenUploads] : []));
    else if (!group && isUpload(req)) chain.push(uploads);
    const run = (index: number) => (index === chain.length ? next() : chain[index]!(req, res, () => run(index + 1)));
    return run(0);
  };
}

function tooManyPage(req: Request, message: string): string {
  // Any page can be an upload's target, so the path is escaped before it goes into the link.
  const path = normalisedPath(req).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const language = plainLanguage(req);
  const word = (key: string) => plainWord(language, key);
  return plainPage({
    language,
    title: word("common:plain.tooManyHeading"),
    heading: word("common:plain.tooManyHeading"),
    message: word(message),
    link: { href: path, text: word("common:error.tryAgain") },
  });
}
