import { pipeline } from "node:stream/promises";
import express, { type Request, type RequestHandler, type Response } from "express";
import { type OpenedFile, STORAGE_UNAVAILABLE } from "../app/infra/object-storage.server.ts";
import { isServedFile, objectStore, openServedFile, uploadsDirectory } from "../app/infra/storage.server.ts";
import { AppError } from "../app/lib/app-error.ts";

/**
 * GET /files/…: processed uploads, by content-hash names, so cached for good. Only those are
 * served: originals waiting for a post and spreadsheets are not. From the disk, or streamed from
 * the bucket with STORAGE=s3, with the same URLs and headers.
 */
export function storedFiles(): RequestHandler {
  if (!objectStore) {
    const fromDisk = express.static(uploadsDirectory(), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: true,
    });
    return (request, response, next) => (isServedFile(request.path) ? fromDisk(request, response, next) : next());
  }
  return async (request, response, next) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || !isServedFile(request.path)) return next();
    try {
      const opened = await openServedFile(request.path, {
        range: request.get("Range"),
        ifNoneMatch: request.get("If-None-Match"),
      });
      if (!opened) return next();
      await sendOpenedFile(opened, request, response);
    } catch (error) {
      if (response.headersSent) return response.destroy();
      if (error instanceof AppError && error.status === 503) {
        response
          .status(503)
          .set({ "Retry-After": "30", "Cache-Control": "no-store" })
          .type("text/plain")
          .send(STORAGE_UNAVAILABLE);
        return;
      }
      next(error);
    }
  };
}

/** Answers with a file opened from the bucket: its status and headers, and its bytes unless HEAD. */
export async function sendOpenedFile(opened: OpenedFile, request: Request, response: Response): Promise<void> {
  response.status(opened.status).set(opened.headers);
  if (!opened.body || request.method === "HEAD") {
    opened.body?.destroy();
    response.end();
    return;
  }
  await pipeline(opened.body, response);
}
