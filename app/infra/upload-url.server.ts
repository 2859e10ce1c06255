import crypto from "node:crypto";
import { env } from "~/env.server";
import { hasUrlSignature, urlSignature } from "~/infra/url-signature.server";

// Signed upload URLs: POST /api/objects/upload answers a short-lived URL of
// this app that accepts one PUT. The signature (HMAC-SHA256 with SESSION_SECRET) binds the
// upload id, the user and the expiry, so the URL alone authorises the PUT and cannot be
// reused by another user or after it expires. See docs/decisions/0008-feed-posts-and-metrics.md.

const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_PATH = "/api/objects/uploads";

const signed = (id: string, userId: number, expires: number) => `${id}:${userId}:${expires}`;

/** A fresh absolute upload URL for the user. */
export function createUploadUrl(
  userId: number,
  now = Date.now(),
): { id: string; uploadURL: string; expiresAt: number } {
  const id = crypto.randomBytes(16).toString("hex");
  const expires = now + UPLOAD_URL_TTL_MS;
  const query = new URLSearchParams({
    user: String(userId),
    expires: String(expires),
    signature: urlSignature("upload", signed(id, userId, expires)),
  });
  const uploadURL = new URL(`${UPLOAD_PATH}/${id}?${query}`, env.APP_URL).toString();
  return { id, uploadURL, expiresAt: expires };
}

export type UploadGrant = { id: string; userId: number };

/** The upload id an upload URL's path names (`/api/objects/uploads/<32 hex digits>`), or null. */
export function uploadIdOfPath(pathname: string): string | null {
  return new RegExp(`^${UPLOAD_PATH}/([a-f0-9]{32})$`).exec(pathname)?.[1] ?? null;
}

/** The id and user of a signed upload URL, or null when it is tampered with or expired. */
export function verifyUploadUrl(url: URL, now = Date.now()): UploadGrant | null {
  const id = uploadIdOfPath(url.pathname);
  const userId = Number(url.searchParams.get("user"));
  const expires = Number(url.searchParams.get("expires"));
  const given = url.searchParams.get("signature") ?? "";
  if (!id || !Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(expires)) return null;
  if (expires < now) return null;
  if (!hasUrlSignature("upload", signed(id, userId, expires), given)) return null;
  return { id, userId };
}
