import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { AppError } from "~/lib/app-error";

export const FORM_UNREADABLE = "The form could not be read. Please try again.";

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

/**
 * Reads a multipart form (or a urlencoded one) with the limits enforced while streaming, so an
 * oversized upload is refused before it is all in memory. Files stay in memory as File objects
 * (the limits keep that bounded); empty files (an input left empty) are dropped. Throws an AppError: 413 over a limit, 400 for a body that is not a form.
 */
export async function readMultipartForm(request: Request, limits: MultipartLimits): Promise<FormData> {
  try {
    return await parseFormData(
      request,
      {
        maxFileSize: limits.maxFileSize,
        maxFiles: limits.maxFiles,
        maxTotalSize: limits.maxFileSize * limits.maxFiles + 1024 * 1024,
      },
      (file) => (file.size === 0 ? null : file),
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new AppError(413, limits.fileTooLarge);
    }
    if (error instanceof MaxFilesExceededError) throw new AppError(413, limits.tooManyFiles);
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new AppError(400, limits.unreadable ?? FORM_UNREADABLE);
    }
    throw error;
  }
}
