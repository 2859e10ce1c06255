// Loaded only once a photo is chosen (prepare-photo.ts imports it then), so no page carries it.

/** The server's re-encoding: WebP at quality 80, at most 1600 px on the longer side (image.server.ts). */
const LONGEST_SIDE = 1600;
const WEBP_QUALITY = 0.8;
/** For a browser that cannot write WebP (its canvas answers PNG): JPEG a step above the server's quality. */
const JPEG_QUALITY = 0.85;

function decoded(file: File): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  // An <img> applies the photo's EXIF orientation, and so does drawing it on a canvas.
  return image.decode().then(
    () => {
      URL.revokeObjectURL(url);
      return image;
    },
    (error: unknown) => {
      URL.revokeObjectURL(url);
      throw error;
    },
  );
}

function encoded(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The photo as the server would keep it: upright, at most 1600 px on its longer side, WebP at
 * quality 80 (JPEG at 85 where the browser writes no WebP). The original when that is not smaller.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  const image = await decoded(file);
  const scale = Math.min(1, LONGEST_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext("2d");
  if (!context) return file;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  let blob = await encoded(canvas, "image/webp", WEBP_QUALITY);
  if (blob?.type !== "image/webp") {
    // JPEG has no transparency: a transparent PNG's background becomes white, not black.
    context.globalCompositeOperation = "destination-over";
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    blob = await encoded(canvas, "image/jpeg", JPEG_QUALITY);
  }
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], file.name, { type: blob.type, lastModified: file.lastModified });
}
