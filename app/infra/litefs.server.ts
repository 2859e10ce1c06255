// Request routing for a LiteFS cluster: one primary takes every write, read
// replicas in other regions serve reads. Only the primary can write to the database under
// LiteFS's FUSE mount, and only its volume holds the uploaded files (unless they are in a bucket).
//
// LiteFS tells each node where it stands through files in its mount directory:
//   .primary         exists only on replicas; holds the primary's hostname (its Fly machine id)
//   <database>-pos   "<TXID as 16 hex digits>/<checksum>": how far this node's copy has come
import fs from "node:fs/promises";
import path from "node:path";

/** Fly's proxy cannot replay a request whose body is larger than this; such bodies are forwarded. */
export const REPLAY_BODY_LIMIT = 1024 * 1024;

/** The cookie LiteFS's proxy uses for the last write a browser saw; the app sets it too. */
const TXID_COOKIE = "__txid";

/**
 * GET requests that write to the database, so only the primary may answer them: the reverse
 * geocoder's cache, and reports (they store each ended day's routes).
 */
const WRITING_GETS = [/^\/api\/geocode\/reverse$/, /^\/reports(\.data)?$/, /^\/api\/reports$/];

/** Uploaded files live on the primary's volume only, unless STORAGE=s3 puts them in a bucket. */
const FILES_PATH = /^\/files\//;

export type LiteFsNode = { role: "primary" } | { role: "replica"; primary: string };

export type RoutedRequest = {
  method: string;
  path: string;
  /** The body's length in bytes; null when unknown (chunked). */
  bodyBytes: number | null;
  /** Set when another node already forwarded this request here. */
  forwarded: boolean;
};

export type Route =
  | { action: "serve" }
  | { action: "replay"; instance: string }
  | { action: "forward"; instance: string }
  | { action: "unavailable" };

/** Whether this node is the primary, read from LiteFS's `.primary` file. */
export async function readLiteFsNode(litefsDir: string): Promise<LiteFsNode> {
  try {
    const primary = (await fs.readFile(path.join(litefsDir, ".primary"), "utf8")).trim();
    return primary ? { role: "replica", primary } : { role: "primary" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { role: "primary" };
    throw error;
  }
}

/**
 * Where a request must be answered. On a replica, writes (any method but GET, HEAD and OPTIONS,
 * and the GETs that write) and uploaded files kept on the primary's volume go to the primary:
 * replayed by Fly's proxy (`fly-replay`) when the body is small enough, otherwise forwarded by
 * this node.
 */
export function routeRequest(
  request: RoutedRequest,
  node: LiteFsNode,
  { filesOnPrimaryOnly } = { filesOnPrimaryOnly: true },
): Route {
  if (node.role === "primary") return { action: "serve" };
  if (!needsPrimary(request, filesOnPrimaryOnly)) return { action: "serve" };
  // A node that was sent this request as the primary but is not: LiteFS is changing primaries.
  if (request.forwarded) return { action: "unavailable" };
  if (request.bodyBytes !== null && request.bodyBytes <= REPLAY_BODY_LIMIT)
    return { action: "replay", instance: node.primary };
  return { action: "forward", instance: node.primary };
}

function needsPrimary({ method, path }: RoutedRequest, filesOnPrimaryOnly: boolean): boolean {
  if (method === "GET" || method === "HEAD")
    return (filesOnPrimaryOnly && FILES_PATH.test(path)) || WRITING_GETS.some((pattern) => pattern.test(path));
  return method !== "OPTIONS";
}

/** This node's replication position (TXID), or null when the database is not there yet. */
export async function readTxid(litefsDir: string, databaseName: string): Promise<bigint | null> {
  try {
    return parseTxid((await fs.readFile(path.join(litefsDir, `${databaseName}-pos`), "utf8")).slice(0, 16));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function parseTxid(text: string | undefined | null): bigint | null {
  return text && /^[0-9a-f]{16}$/.test(text) ? BigInt(`0x${text}`) : null;
}

function formatTxid(txid: bigint): string {
  return txid.toString(16).padStart(16, "0");
}

/** The TXID a browser carries in its cookie header, if any. */
export function txidFromCookieHeader(cookieHeader: string | null | undefined): bigint | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TXID_COOKIE}=([0-9a-f]{16})(?:;|$)`));
  return parseTxid(match?.[1]);
}

/** The Set-Cookie value that makes replicas wait for `txid` before answering this browser. */
function txidCookie(txid: bigint, { secure }: { secure: boolean }): string {
  return `${TXID_COOKIE}=${formatTxid(txid)}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Waits until this node has replicated `txid` (read-your-own-writes on a replica). Answers
 * false when it has not within `timeoutMs`.
 */
export async function waitForTxid(
  litefsDir: string,
  databaseName: string,
  txid: bigint,
  { timeoutMs = 5000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const position = await readTxid(litefsDir, databaseName);
    if (position !== null && position >= txid) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The database's file name inside the LiteFS mount, from a `file:` DATABASE_URL. */
export function databaseName(databaseUrl: string): string {
  return path.basename(databaseUrl.replace(/^file:/, "").replace(/\?.*$/, ""));
}

/**
 * On the primary, adds the TXID cookie to the answer of a write, so that the browser's next
 * read on a replica waits for this write. LiteFS's proxy does the same for the requests it
 * proxies; this covers the ones it passes through untouched (uploads).
 */
export async function rememberWritePosition(
  request: Request,
  response: Response,
  { litefsDir, databaseUrl, secure }: { litefsDir: string; databaseUrl: string; secure: boolean },
): Promise<Response> {
  if (request.method === "GET" || request.method === "HEAD") return response;
  const txid = await readTxid(litefsDir, databaseName(databaseUrl));
  if (txid !== null) response.headers.append("Set-Cookie", txidCookie(txid, { secure }));
  return response;
}
