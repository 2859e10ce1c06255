import crypto from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { lockForWrite, prisma } from "~/db.server";
import { AppError } from "~/lib/app-error";
import { checkImage, encodeImage, pixelBudget } from "~/infra/image.server";
import { readStoredFile, removeStoredFile, storeFile } from "~/infra/storage.server";
import { MAX_FILES } from "~/models/post.rules";
import { UPLOAD_PATH, uploadIdOfPath } from "~/infra/upload-url.server";
import { requireUploadRoom, reserveUploadBytes } from "~/models/upload-quota.server";
import { videoDuration } from "~/infra/video-container.server";
import { withoutVideoMetadata } from "~/infra/video-metadata.server";
import { FILE_TOO_LARGE, type KeptFile, MAX_FILE_BYTES, WRONG_FILE_TYPE } from "~/models/post.schema";
import type { MessageKey } from "~/locales/namespaces";

// The media service: every photo and video a user sends (a post's media, a dealer's picture or
// gallery photo, an upload waiting for its post, the files of a refused post form) comes in here,
// and only here is the daily upload quota enforced. The type is decided from the bytes, never
// from the name or the client's word. Photos are re-encoded (metadata such as GPS dropped);
// videos are kept as they are but for their metadata boxes (position, device), which are blanked
// in place.

const MEDIA_FIELD = { field: "media" };

/** A file as a form or a tool sent it. */
export type UploadedFile = { name: string; bytes: Uint8Array };

export type SniffedMedia = { kind: "IMAGE" | "VIDEO"; mimeType: string; extension: string };

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** What the bytes are, from their first few bytes; null when not a photo or video we take. */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { kind: "IMAGE", mimeType: "image/jpeg", extension: "jpg" };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG")
    return { kind: "IMAGE", mimeType: "image/png", extension: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return { kind: "IMAGE", mimeType: "image/webp", extension: "webp" };
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

/** Refuses what is not a photo or video we take, or is over 10 MB; a video's container is read whole. */
async function checkMedia(bytes: Uint8Array, name: string): Promise<SniffedMedia> {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new AppError(413, FILE_TOO_LARGE, { ...MEDIA_FIELD, values: { name } });
  const sniffed = sniffMedia(bytes);
  if (!sniffed) throw new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD);
  if (sniffed.kind === "VIDEO" && (await videoDuration(bytes, sniffed.mimeType)) === null)
    throw new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD);
  return sniffed;
}

/**
 * Checks the files sent with a post (`uploadCount` earlier uploads beside them), before anything
 * is decoded or stored: refused (429) when the user's quota for today is used up, then each file
 * as `checkMedia` does.
 */
export async function checkFilesOfPost(
  userId: number,
  files: readonly UploadedFile[],
  uploadCount: number,
): Promise<Array<{ file: UploadedFile; sniffed: SniffedMedia }>> {
  if (files.length + uploadCount > 0) await requireUploadRoom(userId, MEDIA_FIELD);
  const checked = [];
  for (const file of files) checked.push({ file, sniffed: await checkMedia(file.bytes, file.name) });
  return checked;
}

/** Refuses (413) a post whose photos have too many pixels together, from their headers, before any is decoded. */
export async function checkPixelsOfPost(
  media: ReadonlyArray<{ bytes: Uint8Array; sniffed: SniffedMedia }>,
): Promise<void> {
  const budget = pixelBudget();
  for (const { bytes, sniffed } of media) {
    if (sniffed.kind === "IMAGE") await budget.spend(bytes, new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD));
  }
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

/**
 * Stores one checked file as the user's post media: a re-encoded photo with thumbnail, or the video
 * as is; within the daily quota. A video's length is read from its container, however it came (the
 * form without JavaScript, Lite mode, a tool); `sentDurationSec`, what a browser said, only stands
 * in when the container tells none.
 */
export async function prepareMedia(
  bytes: Uint8Array,
  sniffed: SniffedMedia,
  userId: number,
  sentDurationSec?: number,
): Promise<ReadyMedia> {
  if (sniffed.kind === "IMAGE") {
    const image = await storePhoto(userId, bytes, "posts", new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD));
    return {
      kind: "IMAGE",
      url: image.url,
      thumbUrl: image.thumbUrl,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      durationSec: null,
    };
  }
  // MP4 and QuickTime keep the position in their metadata boxes: blanked before the video is served.
  const served = sniffed.extension === "webm" ? bytes : withoutVideoMetadata(bytes);
  await reserveUploadBytes(userId, served.byteLength, MEDIA_FIELD);
  const stored = await storeFile(served, { folder: "posts-video", extension: sniffed.extension });
  const seconds = (await videoDuration(bytes, sniffed.mimeType)) ?? sentDurationSec;
  const duration = seconds !== undefined && Number.isFinite(seconds) ? Math.round(seconds) : null;
  return {
    kind: "VIDEO",
    url: stored.url,
    thumbUrl: null,
    mimeType: sniffed.mimeType,
    width: null,
    height: null,
    durationSec: duration,
  };
}

export type StoredPhoto = { url: string; thumbUrl: string; width: number; height: number; mimeType: "image/webp" };

/**
 * Stores the user's photo in `folder` (and its thumbnail in `<folder>-thumbs`), re-encoded as
 * `encodeImage` does, within the user's daily upload quota: refused (429) before it is decoded
 * when today's quota is used up, and before it is stored when it would pass it. Bytes that are
 * not a photo we take are refused with `refusal`, whose field every refusal carries.
 */
export async function storePhoto(
  userId: number,
  bytes: Uint8Array,
  folder: "posts" | "dealers",
  refusal: AppError,
): Promise<StoredPhoto> {
  const field = { field: refusal.field };
  await requireUploadRoom(userId, field);
  const image = await encodeImage(bytes, refusal);
  await reserveUploadBytes(userId, image.full.byteLength + image.thumb.byteLength, field);
  const [stored, storedThumb] = await Promise.all([
    storeFile(image.full, { folder, extension: "webp" }),
    storeFile(image.thumb, { folder: `${folder}-thumbs`, extension: "webp" }),
  ]);
  return {
    url: stored.url,
    thumbUrl: storedThumb.url,
    width: image.width,
    height: image.height,
    mimeType: "image/webp",
  };
}

const UPLOAD_URL_USED = "posts:errors.uploadUrlUsed" satisfies MessageKey;

/** A user's uploads waiting for a post or an import: one full post's worth (10 files of 10 MB). */
const MAX_PENDING_BYTES = MAX_FILES * MAX_FILE_BYTES;
/** Says MAX_PENDING_BYTES (100 MB) in the catalogs. */
const PENDING_QUOTA = "posts:errors.pendingQuota" satisfies MessageKey;

/** Spends a signed upload URL: the first PUT wins (the id is the key, so a race has one winner); any later one is refused. */
async function spendUploadUrl(userId: number, uploadId: string): Promise<void> {
  try {
    await prisma.uploadUrlUse.create({ data: { id: uploadId, userId } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new AppError(409, UPLOAD_URL_USED);
    throw error;
  }
}

/**
 * Stores a file as the user's upload, kept (in `folder`, never served) until a post or an import
 * takes it, within the user's quota of pending uploads. The sum and the insert share one
 * transaction, so racing uploads cannot both slip under the cap. On refusal the stored file is
 * removed (unless another upload holds the same bytes).
 */
export async function keepUpload(
  userId: number,
  id: string,
  bytes: Uint8Array,
  file: { originalName: string; folder: "incoming" | "imports"; extension: string; mimeType: string },
): Promise<void> {
  const stored = await storeFile(bytes, { folder: file.folder, extension: file.extension });
  const data = {
    id,
    userId,
    storageKey: stored.key,
    originalName: file.originalName,
    mimeType: file.mimeType,
    size: stored.size,
  };
  try {
    await prisma.$transaction(async (tx) => {
      // The write lock first: a read then a write in a deferred transaction fails with
      // SQLITE_BUSY_SNAPSHOT (no busy timeout helps) when another writer commits in between.
      await lockForWrite(tx);
      const pending = await tx.upload.aggregate({ where: { userId }, _sum: { size: true } });
      if ((pending._sum.size ?? 0) + data.size > MAX_PENDING_BYTES) throw new AppError(413, PENDING_QUOTA);
      await tx.upload.create({ data });
    });
  } catch (error) {
    const shared = await prisma.upload.count({ where: { storageKey: data.storageKey } });
    if (shared === 0) await removeStoredFile(data.storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Keeps a file PUT to a signed upload URL until a post refers to it. The URL is spent first,
 * whatever happens next: a URL takes one PUT. A photo must decode whole within the image
 * limits; the original is kept in incoming/, which is never served.
 */
export async function saveUpload(
  userId: number,
  uploadId: string,
  bytes: Uint8Array,
  name: string,
): Promise<SniffedMedia> {
  await spendUploadUrl(userId, uploadId);
  return storeUpload(userId, uploadId, bytes, name);
}

async function storeUpload(userId: number, uploadId: string, bytes: Uint8Array, name: string): Promise<SniffedMedia> {
  await requireUploadRoom(userId, MEDIA_FIELD);
  const sniffed = await checkMedia(bytes, name);
  if (sniffed.kind === "IMAGE") await checkImage(bytes, new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD));
  await keepUpload(userId, uploadId, bytes, {
    originalName: name.slice(0, 255),
    folder: "incoming",
    extension: sniffed.extension,
    mimeType: sniffed.mimeType,
  });
  return sniffed;
}

/**
 * Keeps the files of a post form the server refused (without JavaScript the browser cannot put
 * them back into the file input) as the user's uploads, so the form comes back with them
 * attached. A file that is not a photo or video we take, or over the quota, is not kept: its
 * name is in `lost`, for the form to ask for it again.
 */
export async function keepFilesForRetry(
  userId: number,
  files: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
): Promise<{ kept: KeptFile[]; lost: string[] }> {
  const kept: KeptFile[] = [];
  const lost: string[] = [];
  // Like the post itself, the files kept from one request are decoded within one pixel budget.
  const budget = pixelBudget();
  for (const file of files) {
    const id = crypto.randomBytes(16).toString("hex");
    try {
      if (sniffMedia(file.bytes)?.kind === "IMAGE")
        await budget.spend(file.bytes, new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD));
      const { kind } = await storeUpload(userId, id, file.bytes, file.name);
      kept.push({ url: `${UPLOAD_PATH}/${id}`, name: file.name.slice(0, 255), kind });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      lost.push(file.name);
    }
  }
  return { kept, lost };
}

/** The upload id in a URL given by POST /api/objects/upload (with or without its query). */
function uploadIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, "http://local").pathname;
  } catch {
    return null;
  }
  return uploadIdOfPath(path);
}

/** The user's uploads that the post refers to, read back as bytes; refuses another user's or a missing one. */
export async function takeUploads(
  userId: number,
  urls: readonly string[],
): Promise<Array<{ id: string; bytes: Uint8Array; sniffed: SniffedMedia; key: string }>> {
  const ids = urls.map((url) => {
    const id = uploadIdFromUrl(url);
    if (!id) throw new AppError(400, "posts:errors.mediaNotUploaded", MEDIA_FIELD);
    return id;
  });
  if (new Set(ids).size !== ids.length) throw new AppError(400, "posts:errors.uploadListedTwice", MEDIA_FIELD);
  const uploads = ids.length
    ? await prisma.upload.findMany({ where: { id: { in: ids }, userId }, select: { id: true, storageKey: true } })
    : [];
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));
  const taken = [];
  for (const id of ids) {
    const upload = byId.get(id);
    if (!upload) throw new AppError(400, "posts:errors.uploadNotFound", MEDIA_FIELD);
    const bytes = new Uint8Array(await readStoredFile(upload.storageKey));
    const sniffed = sniffMedia(bytes);
    if (!sniffed) throw new AppError(415, WRONG_FILE_TYPE, MEDIA_FIELD);
    taken.push({ id, bytes, sniffed, key: upload.storageKey });
  }
  return taken;
}

/** Forgets uploads once their post or import is done with them, and their files unless another upload shares them. */
export async function releaseUploads(uploads: ReadonlyArray<{ id: string; key: string }>): Promise<void> {
  if (uploads.length === 0) return;
  await prisma.upload.deleteMany({ where: { id: { in: uploads.map((upload) => upload.id) } } });
  // Names are content hashes: another pending upload of the same bytes may share the file.
  const keys = [...new Set(uploads.map((upload) => upload.key))];
  const shared = await prisma.upload.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
  const stillUsed = new Set(shared.map((upload) => upload.storageKey));
  await Promise.all(
    keys.filter((key) => !stillUsed.has(key)).map((key) => removeStoredFile(key).catch(() => undefined)),
  );
}

/** Uploads kept this long without a post are forgotten (an officer gave up on the post). */
const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

/** Removes uploads no post or import took within a day, and forgets the signed upload URLs used before then. */
export async function forgetStaleUploads(now = Date.now()): Promise<number> {
  const before = new Date(now - UPLOAD_KEEP_MS);
  const stale = await prisma.upload.findMany({
    where: { createdAt: { lt: before } },
    select: { id: true, storageKey: true },
    take: 500,
  });
  await releaseUploads(stale.map((upload) => ({ id: upload.id, key: upload.storageKey })));
  await prisma.uploadUrlUse.deleteMany({ where: { createdAt: { lt: before } } });
  return stale.length;
}
