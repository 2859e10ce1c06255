import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/env.server";
import { AppError } from "~/lib/app-error";
import { type OpenedFile, STORED_FILE_MISSING, createObjectStore } from "./object-storage.server";

// Uploaded files, on the disk under DATA_DIR/uploads (STORAGE=disk, the default) or in an
// S3-compatible bucket (STORAGE=s3, object-storage.server.ts), under the same keys. Only
// processed outputs are served, at /files/… with their real content type, nosniff and a year's
// caching: names are content hashes, so a name never changes what it points to. Files kept for
// later (originals in incoming/, spreadsheets in imports/) are stored alongside but never served.

const FILES_URL_PREFIX = "/files";
const KEY_PATTERN = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** The folders /files/ serves: re-encoded photos and their thumbnails, checked videos. */
const SERVED_FOLDERS = new Set(["posts", "posts-thumbs", "posts-video", "dealers", "dealers-thumbs"]);
const SERVED_PATH = /^\/([a-z0-9-]+)\/[a-f0-9]{32}\.(webp|mp4|mov|webm)$/;
const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};

/** Whether a path under /files/ (e.g. "/posts/<hash>.webp") names a file that may be served. */
export function isServedFile(urlPath: string): boolean {
  const match = SERVED_PATH.exec(urlPath);
  return Boolean(match && SERVED_FOLDERS.has(match[1]!));
}

export function uploadsDirectory(): string {
  return path.resolve(env.DATA_DIR, "uploads");
}

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

function diskStore(directory: string) {
  const pathOf = (key: string) => path.join(directory, checkedKey(key));
  return {
    async write(key: string, bytes: Uint8Array): Promise<void> {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write to a temporary name first so a reader never sees half a file.
      const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, target);
    },
    async read(key: string): Promise<Buffer> {
      return fs.readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT" ? new AppError(404, STORED_FILE_MISSING) : error;
      });
    },
    async remove(key: string): Promise<void> {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}

/** The bucket when STORAGE=s3 (for serving and backups); null when files live on the disk. */
export const objectStore = env.S3 ? createObjectStore(env.S3) : null;
const store = objectStore ?? diskStore(uploadsDirectory());

export type StoredFile = { key: string; url: string; size: number };

/** Stores bytes under a content-addressed name in `folder` (e.g. "posts"); storing twice is harmless. */
export async function storeFile(
  bytes: Uint8Array,
  { folder, extension }: { folder: string; extension: string },
): Promise<StoredFile> {
  const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const key = checkedKey(`${folder}/${hash}.${extension}`);
  await store.write(key, bytes, CONTENT_TYPES[extension] ?? "application/octet-stream");
  return { key, url: `${FILES_URL_PREFIX}/${key}`, size: bytes.byteLength };
}

/** A stored file's bytes; AppError 404 when it is gone, 503 when the bucket cannot be reached. */
export function readStoredFile(key: string): Promise<Buffer> {
  return store.read(checkedKey(key));
}

export async function removeStoredFile(key: string): Promise<void> {
  await store.remove(checkedKey(key));
}

/** A served file from the bucket (the path under /files/), for the server's /files/ route when STORAGE=s3. */
export function openServedFile(
  urlPath: string,
  request: { range?: string; ifNoneMatch?: string },
): Promise<OpenedFile | null> {
  if (!objectStore || !isServedFile(urlPath)) return Promise.resolve(null);
  return objectStore.open(urlPath.slice(1), request);
}
