import sharp from "sharp";
import { storeFile } from "~/infra/storage.server";
import { AppError } from "~/lib/app-error";

/** Formats we accept, decided from the bytes (sharp reads the header), never from the name. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_EDGE = 1600;
const THUMB_EDGE = 400;

export type ProcessedImage = { url: string; thumbUrl: string; width: number; height: number; mimeType: "image/webp" };

/**
 * Re-encodes an uploaded photo as WebP at most 1600 px on its longer edge, plus a 400 px
 * thumbnail. Re-encoding drops metadata (such as GPS) and keeps what cheap phones download small.
 * Throws `refusal` (each caller words it) when the bytes are not a JPEG, PNG or WebP image.
 */
export async function processImage(bytes: Uint8Array, folder: string, refusal: AppError): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw refusal;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refusal;

  const source = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
  const [full, thumb] = await Promise.all([
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
  ]).catch(() => {
    throw refusal;
  });
  const [stored, storedThumb] = await Promise.all([
    storeFile(full.data, { folder, extension: "webp" }),
    storeFile(thumb, { folder: `${folder}-thumbs`, extension: "webp" }),
  ]);
  return { url: stored.url, thumbUrl: storedThumb.url, width: full.info.width, height: full.info.height, mimeType: "image/webp" };
}
