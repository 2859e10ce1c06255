import { prisma } from "~/db.server";
import { AppError } from "~/lib/app-error";
import { checkImage, processImage } from "~/models/image.server";
import { readStoredFile, removeStoredFile, storeFile } from "~/infra/storage.server";
import { fileTooLarge, MAX_FILE_BYTES, WRONG_FILE_TYPE } from "~/models/post.schema";

// Post media: photos and videos. The type is decided from the bytes, never from the name or
// the client's word. Photos are re-encoded (metadata such as GPS dropped) with a thumbnail;
// videos are kept as they are, under a content-addressed name.

// Refusals of a file name the post form's field for its files.
const MEDIA_FIELD = { field: "media" };

export type SniffedMedia = { kind: "IMAGE" | "VIDEO"; mimeType: string; extension: string };

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** What the bytes are, from their first few bytes; null when not a photo or video we take. */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: "IMAGE", mimeType: "image/jpeg", extension: "jpg" };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG") return { kind: "IMAGE", mimeType: "image/png", extension: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { kind: "IMAGE", mimeType: "image/webp", extension: "webp" };
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    return brand === "qt  "
      ? { kind: "VIDEO", mimeType: "video/quicktime", extension: "mov" }
      : { kind: "VIDEO", mimeType: "video/mp4", extension: "mp4" };
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return { kind: "VIDEO", mimeType: "video/webm", extension: "webm" };
  }
  return null;
}

/** Refuses what is not a photo or video we take, or is over 10 MB. */
export function checkMedia(bytes: Uint8Array, name: string): SniffedMedia {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new AppError(413, fileTooLarge(name), MEDIA_FIELD);
  const sniffed = sniffMedia(bytes);
  if (!sniffed) throw new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD);
  return sniffed;
}

export type ReadyMedia = {
  kind: "IMAGE" | "VIDEO";
  url: string;
  thumbUrl: string | null;
  mimeType: string;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

/** Stores one checked file as post media: a re-encoded photo with thumbnail, or the video as is. */
export async function prepareMedia(bytes: Uint8Array, sniffed: SniffedMedia, durationSec?: number): Promise<ReadyMedia> {
  if (sniffed.kind === "IMAGE") {
    const image = await processImage(bytes, "posts", new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD));
    return { kind: "IMAGE", url: image.url, thumbUrl: image.thumbUrl, mimeType: image.mimeType, width: image.width, height: image.height, durationSec: null };
  }
  const stored = await storeFile(bytes, { folder: "posts-video", extension: sniffed.extension });
  const duration = durationSec !== undefined && Number.isFinite(durationSec) ? Math.round(durationSec) : null;
  return { kind: "VIDEO", url: stored.url, thumbUrl: null, mimeType: sniffed.mimeType, width: null, height: null, durationSec: duration };
}

// ---- Uploads through signed URLs (POST /api/objects/upload, then PUT) ----

/** Keeps an uploaded file until a post refers to it. */
export async function saveUpload(userId: number, uploadId: string, bytes: Uint8Array, name: string): Promise<SniffedMedia> {
  const sniffed = checkMedia(bytes, name);
  // A header that looks right is not enough: the whole image must decode, within the image limits.
  if (sniffed.kind === "IMAGE") await checkImage(bytes, new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD));
  const stored = await storeFile(bytes, { folder: "incoming", extension: sniffed.extension });
  await prisma.upload.upsert({
    where: { id: uploadId },
    create: { id: uploadId, userId, storageKey: stored.key, originalName: name.slice(0, 255), mimeType: sniffed.mimeType, size: bytes.byteLength },
    update: { storageKey: stored.key, originalName: name.slice(0, 255), mimeType: sniffed.mimeType, size: bytes.byteLength },
  });
  return sniffed;
}

/** The upload id in a URL given by POST /api/objects/upload (with or without its query). */
function uploadIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, "http://local").pathname;
  } catch {
    return null;
  }
  const match = /^\/api\/objects\/uploads\/([a-f0-9]{32})$/.exec(path);
  return match?.[1] ?? null;
}

/** The user's uploads that the post refers to, read back as bytes; refuses another user's or a missing one. */
export async function takeUploads(userId: number, urls: readonly string[]): Promise<Array<{ id: string; bytes: Uint8Array; sniffed: SniffedMedia; key: string }>> {
  const ids = urls.map((url) => {
    const id = uploadIdFromUrl(url);
    if (!id) throw new AppError(400, "Media must be uploaded through POST /api/objects/upload first", MEDIA_FIELD);
    return id;
  });
  if (new Set(ids).size !== ids.length) throw new AppError(400, "The same upload is listed twice", MEDIA_FIELD);
  const uploads = ids.length ? await prisma.upload.findMany({ where: { id: { in: ids }, userId }, select: { id: true, storageKey: true } }) : [];
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));
  const taken = [];
  for (const id of ids) {
    const upload = byId.get(id);
    if (!upload) throw new AppError(400, "An uploaded file was not found; please upload it again", MEDIA_FIELD);
    const bytes = new Uint8Array(await readStoredFile(upload.storageKey));
    const sniffed = sniffMedia(bytes);
    if (!sniffed) throw new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD);
    taken.push({ id, bytes, sniffed, key: upload.storageKey });
  }
  return taken;
}

/** Forgets uploads once their post holds them. */
export async function releaseUploads(uploads: ReadonlyArray<{ id: string; key: string }>): Promise<void> {
  if (uploads.length === 0) return;
  await prisma.upload.deleteMany({ where: { id: { in: uploads.map((upload) => upload.id) } } });
  // Names are content hashes: another pending upload of the same bytes may share the file.
  const keys = [...new Set(uploads.map((upload) => upload.key))];
  const shared = await prisma.upload.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
  const stillUsed = new Set(shared.map((upload) => upload.storageKey));
  await Promise.all(keys.filter((key) => !stillUsed.has(key)).map((key) => removeStoredFile(key).catch(() => undefined)));
}

/** Uploads kept this long without a post are forgotten (an officer gave up on the post). */
const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

/** Removes post-media uploads no post took within a day; other kinds of upload are left alone. */
export async function forgetStaleUploads(now = Date.now()): Promise<number> {
  const stale = await prisma.upload.findMany({
    where: { createdAt: { lt: new Date(now - UPLOAD_KEEP_MS) }, storageKey: { startsWith: "incoming/" } },
    select: { id: true, storageKey: true },
    take: 500,
  });
  await releaseUploads(stale.map((upload) => ({ id: upload.id, key: upload.storageKey })));
  return stale.length;
}
