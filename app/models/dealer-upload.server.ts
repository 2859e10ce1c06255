import { MultipartLimitError, readMultipartForm } from "~/http/multipart.server";
import { DEALER_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, INVALID_IMAGE } from "~/models/dealer.schema";
import { FILE_TOO_LARGE, IMPORT_MAX_BYTES } from "~/models/dealer-import.server";

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** A dealer photo form (field `image`, at most 5 MB, checked while streaming) and its other fields. */
export async function readDealerImageForm(request: Request): Promise<{ form: FormData; image: Uint8Array | null }> {
  let form: FormData;
  try {
    form = await readMultipartForm(request, {
      maxFileSize: DEALER_IMAGE_MAX_BYTES,
      maxFiles: 1,
      fileTooLarge: IMAGE_TOO_LARGE,
      tooManyFiles: "Please select one image at a time",
    });
  } catch (error) {
    if (error instanceof MultipartLimitError) throw new UploadError(error.status, error.status === 400 ? INVALID_IMAGE : error.message);
    throw error;
  }
  const file = form.get("image");
  const image = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { form, image };
}

/** A spreadsheet form (field `file` by default, at most 10 MB, checked while streaming). */
export async function readSpreadsheetForm(request: Request, field = "file"): Promise<{ form: FormData; file: { name: string; bytes: Uint8Array } | null }> {
  let form: FormData;
  try {
    form = await readMultipartForm(request, {
      maxFileSize: IMPORT_MAX_BYTES,
      maxFiles: 1,
      fileTooLarge: FILE_TOO_LARGE,
      tooManyFiles: "Please select one file at a time",
    });
  } catch (error) {
    if (error instanceof MultipartLimitError) throw new UploadError(error.status, error.status === 400 ? "Please select an Excel file (.xlsx or .xls)" : error.message);
    throw error;
  }
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) return { form, file: null };
  return { form, file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}
