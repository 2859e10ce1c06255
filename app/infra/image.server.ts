import sharp, { type Metadata } from "sharp";
import { countImageJob, measureImageQueueWith } from "~/infra/prometheus.server";
import { AppError } from "~/lib/app-error";
import { boundedQueue } from "~/lib/bounded-queue";

// Every path that reads an untrusted image goes through `checkImage` or `encodeImage`, so every
// decode has the same limits: pixels checked from the header before any is decoded, sequential
// reading, a time budget, and one queue for the process (past it, 503 with Retry-After), so a
// burst of large photos costs a bounded share of the CPU and memory.

/** 120 megapixels: every phone photo that fits in the 10 MB file limit (108 MP sensors are 12000×9000), nothing bigger. */
const MAX_INPUT_PIXELS = 120_000_000;
/**
 * 160 megapixels for all the photos of one request, read from their headers before any is
 * decoded: ten photos from a 48 MP phone (4080×3060 = 12.5 MP each, 125 MP) pass with room for
 * one 108 MP photo beside a few others; ten photos at the per-photo limit (1,200 MP, about 5 s
 * of CPU) do not.
 */
const PIXELS_PER_REQUEST = 160_000_000;
/** Seconds one decode may take: a 100 MP photo takes about 2 s on a busy shared core. */
const DECODE_SECONDS = 5;
/** Formats we accept, decided from the bytes (sharp reads the header), never from the name. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/** One decode at a time per core of the 2-core machines; each decode runs libvips' own threads. */
const PHOTO_JOBS = 2;
/** Four posts' next photos in line, each already read into memory (at most 10 MB). */
const PHOTO_JOBS_WAITING = 8;
const PHOTOS_RETRY_AFTER_SEC = 60;
const MAX_EDGE = 1600;
const THUMB_EDGE = 400;

// The refusals are catalogs' keys (decision 101), said at the edge in the reader's language.
export const IMAGE_TOO_LARGE = "common:errors.imageTooLarge";
const IMAGE_TOO_SLOW = "common:errors.imageTooSlow";
export const PHOTO_PIXELS_PER_REQUEST = "common:errors.photoPixelsPerRequest";
export const PHOTOS_BUSY = "common:errors.photosBusy";

const photoJobs = boundedQueue({
  concurrency: PHOTO_JOBS,
  waiting: PHOTO_JOBS_WAITING,
  full: () => new AppError(503, PHOTOS_BUSY, { retryAfterSec: PHOTOS_RETRY_AFTER_SEC }),
});
measureImageQueueWith(() => photoJobs.state());

/** A decode in the photo queue, counted by how it ended. */
async function runPhotoJob<T>(job: () => Promise<T>): Promise<T> {
  try {
    const result = await photoJobs.run(job);
    countImageJob("done");
    return result;
  } catch (error) {
    countImageJob(error instanceof AppError && error.message === PHOTOS_BUSY ? "refused" : "failed");
    throw error;
  }
}

function open(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, failOn: "warning" }).timeout({
    seconds: DECODE_SECONDS,
  });
}

/** What a failed decode tells the user: the caller's `refusal` unless the picture was too big or too slow, or the queue full. */
function refusalFor(error: unknown, refusal: AppError): AppError {
  if (error instanceof AppError)
    return new AppError(error.status, error.message, { field: refusal.field, retryAfterSec: error.retryAfterSec });
  const message = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(message)) return new AppError(413, IMAGE_TOO_LARGE, { field: refusal.field });
  if (/timeout/i.test(message)) return new AppError(413, IMAGE_TOO_SLOW, { field: refusal.field });
  return refusal;
}

/** Reads the header only: the format must be one we take and the size within the limit; answers the pixels. */
async function readHeader(bytes: Uint8Array, refusal: AppError): Promise<number> {
  let header: Metadata;
  try {
    header = await open(bytes).metadata();
  } catch (error) {
    throw refusalFor(error, refusal);
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) throw refusal;
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (!pixels) throw refusal;
  if (pixels > MAX_INPUT_PIXELS) throw new AppError(413, IMAGE_TOO_LARGE, { field: refusal.field });
  return pixels;
}

/**
 * The pixels one request may still have decoded. `spend` reads a photo's header (refusing as
 * `checkImage` does) and refuses with 413 once the request's photos pass PIXELS_PER_REQUEST
 * together; call it for every photo before decoding any.
 */
export function pixelBudget() {
  let spent = 0;
  return {
    async spend(bytes: Uint8Array, refusal: AppError): Promise<void> {
      spent += await readHeader(bytes, refusal);
      if (spent > PIXELS_PER_REQUEST) throw new AppError(413, PHOTO_PIXELS_PER_REQUEST, { field: refusal.field });
    },
  };
}

/**
 * Checks that the whole picture decodes within the limits (a header that looks right is not
 * enough), without keeping anything. Throws `refusal` (each caller words it) when the bytes are
 * not a JPEG, PNG or WebP image, a 413 when the picture is too large or too slow to read, or a
 * 503 (with Retry-After) when the photo queue is full.
 */
export async function checkImage(bytes: Uint8Array, refusal: AppError): Promise<void> {
  await readHeader(bytes, refusal);
  // Shrinking while decoding keeps this cheap; every compressed byte is still read.
  await runPhotoJob(() => open(bytes).resize({ width: 64, height: 64, fit: "inside" }).raw().toBuffer()).catch(
    (error: unknown) => {
      throw refusalFor(error, refusal);
    },
  );
}

function encode(bytes: Uint8Array) {
  const source = open(bytes).rotate();
  return Promise.all([
    source
      .clone()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true }),
    source
      .clone()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer(),
  ]);
}

export type EncodedImage = { full: Buffer; thumb: Buffer; width: number; height: number };

/**
 * Re-encodes an untrusted photo as WebP at most 1600 px on its longer edge, plus a 400 px
 * thumbnail. Re-encoding drops metadata (EXIF with GPS, XMP, ICC comments) and keeps what
 * cheap phones download small. Refuses as `checkImage` does.
 */
export async function encodeImage(bytes: Uint8Array, refusal: AppError): Promise<EncodedImage> {
  await readHeader(bytes, refusal);
  const [full, thumb] = await runPhotoJob(() => encode(bytes)).catch((error: unknown) => {
    throw refusalFor(error, refusal);
  });
  return { full: full.data, thumb, width: full.info.width, height: full.info.height };
}
