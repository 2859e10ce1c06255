import crypto from "node:crypto";
import { env } from "~/env.server";

// Links that carry their own permission (a signed upload URL, a dealer's statement link): an
// HMAC-SHA256 with SESSION_SECRET over what the link grants, so nobody can change what it names
// or when it expires without the server's secret. Each kind of link signs under its own purpose,
// so one kind's signature never passes for another's.

/** The signature (base64url) of `payload` for `purpose`. */
export function urlSignature(purpose: string, payload: string): string {
  return crypto.createHmac("sha256", env.SESSION_SECRET).update(`${purpose}:${payload}`).digest("base64url");
}

/** Whether `given` is the signature of `payload` for `purpose` (compared in constant time). */
export function hasUrlSignature(purpose: string, payload: string, given: string): boolean {
  const expected = Buffer.from(urlSignature(purpose, payload));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
