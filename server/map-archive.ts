import type { RequestHandler } from "express";
import { MAP_ARCHIVE_CACHE, mapArchiveFile, openMapArchive } from "../app/infra/map-archive.server.ts";
import { sendOpenedFile } from "./stored-files.ts";

/**
 * GET /maps/pakistan.pmtiles: the self-hosted map's archive (MAP_TILES=self), with HTTP Range, as the
 * pmtiles reader asks for it. Only this one name is served; a missing archive falls through to the
 * app's 404. From the disk, or streamed from the bucket with STORAGE=s3.
 */
export function mapArchive(): RequestHandler {
  const file = mapArchiveFile();
  if (file) {
    return (_request, response, next) => {
      response.sendFile(
        file,
        { acceptRanges: true, lastModified: true, headers: { "Cache-Control": MAP_ARCHIVE_CACHE } },
        (error: (Error & { status?: number }) | undefined) => {
          if (!error || response.headersSent) return;
          // No archive: the app's 404 page. A range past its end: 416, as the reader expects.
          if (error.status === 404) next();
          else response.sendStatus(error.status ?? 500);
        },
      );
    };
  }
  return async (request, response, next) => {
    try {
      const opened = await openMapArchive({ range: request.get("Range"), ifNoneMatch: request.get("If-None-Match") });
      if (!opened) return next();
      await sendOpenedFile(opened, request, response);
    } catch (error) {
      if (response.headersSent) return response.destroy();
      next(error);
    }
  };
}
