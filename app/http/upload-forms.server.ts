import { readMultipartForm } from "~/http/multipart.server";
import { DEALER_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, INVALID_IMAGE } from "~/models/dealer.schema";
import { FILE_TOO_LARGE, IMPORT_MAX_BYTES, NOT_EXCEL } from "~/models/dealer-import.server";
import type { UploadedFile } from "~/models/media.server";
import { A_FILE_TOO_LARGE, MAX_FILE_BYTES, MAX_FILES, TOO_MANY_FILES } from "~/models/post.schema";

// The multipart forms that carry files, each read once here for its page and its /api twin,
// with the limits enforced while the body streams in. Every refusal is an AppError.

async function bytesOf(file: File): Promise<UploadedFile> {
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** A dealer photo form (field `image`, one file of at most 5 MB) and its other fields. */
export async function readImageForm(request: Request): Promise<{ form: FormData; image: Uint8Array | null }> {
  const form = await readMultipartForm(request, {
    maxFileSize: DEALER_IMAGE_MAX_BYTES,
    maxFiles: 1,
    fileTooLarge: IMAGE_TOO_LARGE,
    tooManyFiles: "common:errors.oneImageAtATime",
    unreadable: INVALID_IMAGE,
  });
  const file = form.get("image");
  const image = file instanceof File && file.size > 0 ? (await bytesOf(file)).bytes : null;
  return { form, image };
}

/** A spreadsheet form (field `file`, one file of at most 10 MB) and its other fields. */
export async function readSpreadsheetForm(request: Request): Promise<{ form: FormData; file: UploadedFile | null }> {
  const form = await readMultipartForm(request, {
    maxFileSize: IMPORT_MAX_BYTES,
    maxFiles: 1,
    fileTooLarge: FILE_TOO_LARGE,
    tooManyFiles: "common:errors.oneFileAtATime",
    unreadable: NOT_EXCEL,
  });
  const file = form.get("file");
  return { form, file: file instanceof File && file.size > 0 ? await bytesOf(file) : null };
}

/**
 * A post form (New Post's page form, or `POST /api/posts` as multipart): the files in `files`,
 * at most 10 of at most 10 MB each, taken out of the form so the fields parse on their own.
 */
export async function readPostForm(request: Request): Promise<{ form: FormData; files: UploadedFile[] }> {
  const form = await readMultipartForm(request, {
    maxFileSize: MAX_FILE_BYTES,
    maxFiles: MAX_FILES,
    fileTooLarge: A_FILE_TOO_LARGE,
    tooManyFiles: TOO_MANY_FILES,
  });
  const uploaded = form.getAll("files").filter((value): value is File => typeof value !== "string");
  form.delete("files");
  return { form, files: await Promise.all(uploaded.map(bytesOf)) };
}
