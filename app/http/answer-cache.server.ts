import { createHash, randomUUID } from "node:crypto";
import { gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { AppError } from "~/lib/app-error";
import type { ExpectedVersions } from "~/models/row-version.server";

// Conditional requests: for /api lists weak ETags, 304s and the last answers kept ready to send;
// for one record (a dealer, the user) its version as a strong ETag, 304s, and If-Match on writes.

/** Whether an If-None-Match header names the (weak) entity tag, or is `*`. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

function weakTag(text: string): string {
  return `W/"${createHash("sha1").update(text).digest("base64url")}"`;
}

/** `private, no-cache` headers with the tag, and the 304 to answer when If-None-Match names it. */
function revalidation(
  request: Request,
  etag: string,
  init?: HeadersInit,
): { headers: Headers; notModified: Response | null } {
  const headers = new Headers(init);
  headers.set("ETag", etag);
  headers.set("Cache-Control", "private, no-cache");
  const notModified = matchesEtag(request.headers.get("If-None-Match"), etag)
    ? new Response(null, { status: 304, headers })
    : null;
  return { headers, notModified };
}

/**
 * One record's JSON with its version as a strong ETag (`private, no-cache`): a GET whose
 * If-None-Match names it gets 304; a write's answer carries the new tag for the next If-Match.
 */
export function recordJson(request: Request, data: unknown, version: string): Response {
  const { headers, notModified } = revalidation(request, `"${version}"`);
  if (notModified && (request.method === "GET" || request.method === "HEAD")) return notModified;
  return jsonAnswer(JSON.stringify(data), headers);
}

const IF_MATCH_INVALID = 'If-Match must be the ETag a GET answered (in double quotes), or "*"';
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/**
 * The versions an If-Match header names: none (no header, or `*`: any version of a record that
 * exists) leaves a write unconditional. Weak tags never match (If-Match compares strongly);
 * anything that is not a list of tags is a 400.
 */
export function ifMatchVersions(request: Request): ExpectedVersions {
  const header = request.headers.get("If-Match");
  if (header === null || header.trim() === "*") return undefined;
  const tags = header.split(",").map((tag) => tag.trim());
  if (!tags.every((tag) => ENTITY_TAG.test(tag))) throw new AppError(400, IF_MATCH_INVALID);
  return tags.filter((tag) => !tag.startsWith("W/")).map((tag) => tag.slice(1, -1));
}

function jsonAnswer(body: string | Uint8Array<ArrayBuffer>, headers: Headers): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}

/**
 * A JSON answer that the caller's browser may keep but must revalidate (`private, no-cache`),
 * with a weak ETag of the body: when If-None-Match names it, 304 with no body, so an officer's
 * phone downloads a list again only when it changed. Weak, because compression changes the bytes.
 */
export function revalidatedJson(request: Request, data: unknown, init: { headers?: HeadersInit } = {}): Response {
  const body = JSON.stringify(data);
  const { headers, notModified } = revalidation(request, weakTag(body), init.headers);
  return notModified ?? jsonAnswer(body, headers);
}

// Tags of versioned answers name this process: a restart (a new build, perhaps a new shape of
// the answer) changes them all, so no client keeps an answer of older code.
const PROCESS_ID = randomUUID();

type Kept = { json: Uint8Array<ArrayBuffer>; headers: Record<string, string>; gzip?: Promise<Uint8Array<ArrayBuffer>> };
// The latest versioned answers by tag, the least recently used going first, within a budget of
// JSON bytes (each one's gzip, made on first demand, adds about a tenth); an answer bigger than
// the whole budget is not kept.
const kept = new LRUCache<string, Kept>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.json.byteLength),
});

async function readAnswer(read: () => Promise<VersionedAnswer>): Promise<Kept> {
  const { data, headers = {} } = await read();
  return { json: new TextEncoder().encode(JSON.stringify(data)), headers };
}

/** Whether Accept-Encoding names gzip with a quality above 0. */
function acceptsGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith("q="));
    return coding === "gzip" && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

const gzipped = (bytes: Uint8Array<ArrayBuffer>) =>
  new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
    gzip(bytes, (error, result) => (error ? reject(error) : resolve(new Uint8Array(result)))),
  );

/** What a versioned answer reads: the data to send as JSON, and headers of its own (a `Link`). */
export type VersionedAnswer = { data: unknown; headers?: Record<string, string> };

/**
 * Like revalidatedJson, for a big list whose data has a cheap version: the tag is made of `key`
 * (the version and every parameter of the answer), so a matching If-None-Match gets its 304
 * without `read` running, and an answer already built for the same tag is sent again as it is,
 * gzipped once for the clients that accept it (rather than compressed anew on every request).
 * Read the version before the data: a write in between then only labels newer data with the
 * older version, which the next request's tag replaces.
 */
export async function versionedJson(
  request: Request,
  key: string,
  read: () => Promise<VersionedAnswer>,
): Promise<Response> {
  const etag = weakTag(`${PROCESS_ID} ${key}`);
  const { headers, notModified } = revalidation(request, etag, { Vary: "Accept-Encoding" });
  if (notModified) return notModified;
  let entry = kept.get(etag);
  if (!entry) kept.set(etag, (entry = await readAnswer(read)));
  for (const [name, value] of Object.entries(entry.headers)) headers.set(name, value);
  if (!acceptsGzip(request.headers.get("Accept-Encoding"))) return jsonAnswer(entry.json, headers);
  entry.gzip ??= gzipped(entry.json);
  headers.set("Content-Encoding", "gzip");
  return jsonAnswer(await entry.gzip, headers);
}
