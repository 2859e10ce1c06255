import { createHash, randomBytes } from "node:crypto";

// Secrets handed out once (reset links, invite links, API tokens): random, and kept only as
// their SHA-256, so a copy of the database lets no one in.

/** A new random secret of `bytes` bytes, URL-safe, after an optional recognisable prefix. */
export function newSecretToken(bytes: number, prefix = ""): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/** The SHA-256 (hex) that is stored in place of the secret. */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
