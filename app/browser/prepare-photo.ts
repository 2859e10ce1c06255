// Photos leave the phone as the server would keep them (shrink-photo.ts): a 3 MB photo from the
// camera becomes about 300 KB, which takes seconds instead of a minute on a slow mobile link.
// Whatever goes wrong here, the photo is sent as it was chosen, and the server's checks and
// re-encoding stay the same either way.

const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
/** A photo this small is sent as it is: shrinking would save little and cost a second lossy step. */
const SMALL_BYTES = 200 * 1024;
/** A slow phone shrinks a 12 MP photo in about a second; past this the original goes instead. */
const WAIT_MS = 8000;

/** The photo to upload for `file`: smaller when it can be, else `file` itself. Never throws. */
export async function preparePhoto(file: File): Promise<File> {
  if (!PHOTO_TYPES.has(file.type) || file.size <= SMALL_BYTES) return file;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<File>((resolve) => {
    timer = setTimeout(() => resolve(file), WAIT_MS);
  });
  const shrunk = import("~/browser/shrink-photo").then(({ shrinkPhoto }) => shrinkPhoto(file));
  try {
    return await Promise.race([shrunk, late]);
  } catch {
    return file;
  } finally {
    clearTimeout(timer);
  }
}
