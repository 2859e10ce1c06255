import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  isMultipartRequest,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { BODY_MAX_BYTES, BODY_TOO_LARGE, readBodyWithin } from "~/http/request-body.server";
import { AppError } from "~/lib/app-error";
import type { MessageKey } from "~/locales/namespaces";

export const FORM_UNREADABLE: MessageKey = "common:errors.formUnreadable";

/**
 * Text fields beside the files: the longest field takes 1,000 characters (4,000 bytes at most in
 * UTF-8), so 16 KB a field and 100 KB in all (what a form without files may carry) are far
 * beyond any real submission.
 */
export const TEXT_FIELD_MAX_BYTES = 16_384;
export const TEXT_FIELDS_MAX_BYTES = BODY_MAX_BYTES;

/** Fields and files of one form: New Post, the largest, has about 30. */
const MAX_PARTS = 100;
const MAX_PART_HEADER_BYTES = 4096;

export type MultipartLimits = {
  /** Largest single file, in bytes. */
  maxFileSize: number;
  /** Most files in one request. */
  maxFiles: number;
  /** What to say when a file is too large, e.g. "Image too large. Maximum size is 5MB". */
  fileTooLarge: string;
  /** What to say when there are too many files, e.g. "You can only upload 10 file(s)". */
  tooManyFiles: string;
  /** What to say when the body is not a readable form; the default asks to try again. */
  unreadable?: string;
};

/** A urlencoded body at an upload form: no files, so the limit of any form without them. */
async function readUrlencoded(request: Request, limits: MultipartLimits): Promise<FormData> {
  const bytes = await readBodyWithin(request, BODY_MAX_BYTES);
  if (!bytes) throw new AppError(413, BODY_TOO_LARGE);
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(name, value);
  if (
    !/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("Content-Type") ?? "") &&
    bytes.byteLength > 0
  ) {
    throw new AppError(400, limits.unreadable ?? FORM_UNREADABLE);
  }
  return form;
}

/**
 * Reads a multipart form (or a urlencoded one) with the limits enforced while streaming: the
 * first file over its size, the file over the count, or the text field over its limit ends the
 * reading, and the rest of the body is never read. (A part is judged when it ends, so a text
 * field over its limit costs at most one part of the file size.) Files stay in memory as File
 * objects; empty files (an input left empty) are dropped. Throws an AppError: 413 over a limit,
 * 400 for a body that is not a form.
 */
export async function readMultipartForm(request: Request, limits: MultipartLimits): Promise<FormData> {
  if (!isMultipartRequest(request)) return readUrlencoded(request, limits);
  const form = new FormData();
  let files = 0;
  let textBytes = 0;
  try {
    const parts = parseMultipartRequest(request, {
      maxFileSize: limits.maxFileSize,
      maxTotalSize: limits.maxFileSize * limits.maxFiles + TEXT_FIELDS_MAX_BYTES,
      maxParts: MAX_PARTS,
      maxHeaderSize: MAX_PART_HEADER_BYTES,
    });
    for await (const part of parts) {
      const name = part.name;
      if (!name) continue;
      if (part.isFile) {
        if (++files > limits.maxFiles) throw new AppError(413, limits.tooManyFiles);
        if (part.size > 0)
          form.append(
            name,
            new File([part.arrayBuffer], part.filename ?? "file", {
              type: part.mediaType ?? "application/octet-stream",
            }),
          );
        continue;
      }
      textBytes += part.size;
      if (part.size > TEXT_FIELD_MAX_BYTES || textBytes > TEXT_FIELDS_MAX_BYTES)
        throw new AppError(413, BODY_TOO_LARGE);
      form.append(name, part.text);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      throw new AppError(413, limits.fileTooLarge);
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError)
      throw new AppError(413, BODY_TOO_LARGE);
    // A malformed body, or one whose connection broke midway.
    throw new AppError(400, limits.unreadable ?? FORM_UNREADABLE);
  }
  return form;
}
