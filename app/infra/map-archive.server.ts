import { env, MAP_ARCHIVE_KEY } from "~/env.server";
import type { OpenedFile } from "./object-storage.server";
import { objectStore } from "./storage.server";

// The self-hosted map (MAP_TILES=self, decision 107): one PMTiles archive of Pakistan, which the
// browser reads by byte ranges. On the disk at DATA_DIR/maps/pakistan.pmtiles, or in the bucket
// under maps/pakistan.pmtiles with STORAGE=s3; an operator replaces it with a newer extract, so it
// is cached for an hour, not for good (the reader notices a changed ETag and starts again).

export const MAP_ARCHIVE_CACHE = "public, max-age=3600";

/** The archive's file on the disk, or null when it lives in the bucket. */
export function mapArchiveFile(): string | null {
  return objectStore ? null : env.MAP_ARCHIVE_FILE;
}

/** The archive from the bucket, with the browser's Range and If-None-Match; null when it is not there. */
export async function openMapArchive(request: { range?: string; ifNoneMatch?: string }): Promise<OpenedFile | null> {
  if (!objectStore) return null;
  const opened = await objectStore.open(MAP_ARCHIVE_KEY, request);
  return opened && { ...opened, headers: { ...opened.headers, "Cache-Control": MAP_ARCHIVE_CACHE } };
}
