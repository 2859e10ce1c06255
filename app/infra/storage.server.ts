import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/env.server";

// Files live under DATA_DIR/uploads. Only processed outputs are served, at /files/… by the
// Express server with their real content type, nosniff and a year's caching: names are content
// hashes, so a name never changes what it points to. Files kept for later (originals waiting
// for a post in incoming/, spreadsheets waiting for an import in imports/) are stored alongside
// but never served (decision 22). (S3-compatible storage can take this module's place.)

const FILES_URL_PREFIX = "/files";
const KEY_PATTERN = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** The folders /files/ serves: re-encoded photos and their thumbnails, checked videos. */
const SERVED_FOLDERS = new Set(["posts", "posts-thumbs", "posts-video", "dealers", "dealers-thumbs"]);
const SERVED_PATH = /^\/([a-z0-9-]+)\/[a-f0-9]{32}\.(webp|mp4|mov|webm)$/;

/** Whether a path under /files/ (e.g. "/posts/<hash>.webp") names a file that may be served. */
export function isServedFile(urlPath: string): boolean {
  const match = SERVED_PATH.exec(urlPath);
  return Boolean(match && SERVED_FOLDERS.has(match[1]!));
}

export function uploadsDirectory(): string {
  return path.resolve(env.DATA_DIR, "uploads");
}

function pathOf(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return path.join(uploadsDirectory(), key);
}

export type StoredFile = { key: string; url: string; size: number };

/** Stores bytes under a content-addressed name in `folder` (e.g. "posts"); storing twice is harmless. */
export async function storeFile(bytes: Uint8Array, { folder, extension }: { folder: string; extension: string }): Promise<StoredFile> {
  const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const key = `${folder}/${hash}.${extension}`;
  const target = pathOf(key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Write to a temporary name first so a reader never sees half a file.
  const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, target);
  return { key, url: `${FILES_URL_PREFIX}/${key}`, size: bytes.byteLength };
}

export function readStoredFile(key: string): Promise<Buffer> {
  return fs.readFile(pathOf(key));
}

export async function removeStoredFile(key: string): Promise<void> {
  await fs.rm(pathOf(key), { force: true });
}
