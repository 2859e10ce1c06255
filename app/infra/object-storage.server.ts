import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "~/env.server";
import { AppError } from "~/lib/app-error";
import { log } from "~/infra/log.server";

// Uploads in an S3-compatible bucket (STORAGE=s3: Tigris on Fly.io, AWS S3, MinIO, R2), behind
// storage.server.ts. The app streams served files from the bucket under its own /files/ URLs:
// same origin, a year's caching, one request from the phone.

export type StoredObject = { key: string; size: number; etag: string };

/** A file opened for serving: the status to answer (200, 206 for a range, 304), its headers and its bytes. */
export type OpenedFile = { status: number; headers: Record<string, string>; body: Readable | null };

export const STORAGE_UNAVAILABLE = "File storage is unavailable. Please try again in a minute.";
export const STORED_FILE_MISSING = "A stored file was not found. Please upload it again.";

const YEAR_CACHE = "public, max-age=31536000, immutable";

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * Any other failure of the bucket (unreachable, a timeout, its own 5xx, refused keys, no such
 * bucket) is the 503 the user sees; the log says what it was, for the operator.
 */
function unavailable(error: unknown): never {
  if (error instanceof AppError) throw error;
  log.error({ err: error, status: statusOf(error) ?? "no answer" }, "file storage failed");
  throw new AppError(503, STORAGE_UNAVAILABLE);
}

export function createObjectStore(settings: S3Settings) {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // One retry, and no request waits long on a bucket that is away: the officer gets an answer.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 20_000 },
    // Checksums only where S3 requires them: other S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;

  return {
    bucket: Bucket,

    async write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
      await client
        .send(
          new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: YEAR_CACHE }),
        )
        .catch(unavailable);
    },

    async read(key: string): Promise<Buffer> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(
          await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        );
      } catch (error) {
        if (error instanceof NoSuchKey) throw new AppError(404, STORED_FILE_MISSING);
        return unavailable(error);
      }
    },

    async remove(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(unavailable);
    },

    /** Opens a served file with the browser's Range and If-None-Match; null when the bucket has no such object. */
    async open(key: string, request: { range?: string; ifNoneMatch?: string }): Promise<OpenedFile | null> {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: request.range, IfNoneMatch: request.ifNoneMatch }),
        );
        const headers: Record<string, string> = { "Cache-Control": YEAR_CACHE, "Accept-Ranges": "bytes" };
        if (answer.ContentType) headers["Content-Type"] = answer.ContentType;
        if (answer.ContentLength !== undefined) headers["Content-Length"] = String(answer.ContentLength);
        if (answer.ETag) headers.ETag = answer.ETag;
        if (answer.LastModified) headers["Last-Modified"] = answer.LastModified.toUTCString();
        if (answer.ContentRange) headers["Content-Range"] = answer.ContentRange;
        return { status: answer.ContentRange ? 206 : 200, headers, body: answer.Body as Readable };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        const status = statusOf(error);
        if (status === 304)
          return { status: 304, headers: { "Cache-Control": YEAR_CACHE, ETag: request.ifNoneMatch ?? "" }, body: null };
        if (status === 416) return { status: 416, headers: {}, body: null };
        return unavailable(error);
      }
    },

    /** Every object in the bucket, for a backup's manifest. */
    async list(): Promise<StoredObject[]> {
      const objects: StoredObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })).catch(unavailable);
        for (const item of page.Contents ?? []) {
          if (item.Key) objects.push({ key: item.Key, size: item.Size ?? 0, etag: item.ETag ?? "" });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects.sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}
