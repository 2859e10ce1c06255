import { apiError } from "~/http/api.server";
import { GALLERY_FULL, INVALID_IMAGE } from "~/models/dealer.schema";
import { DealerNotFoundError, GalleryFullError, GalleryImageNotFoundError } from "~/models/dealer.server";
import { ImportFileError } from "~/models/dealer-import.server";
import { UploadError } from "~/models/dealer-upload.server";
import { UnsupportedImageError } from "~/models/image.server";

export const DEALER_NOT_FOUND = "Dealer not found.";

/** The dealer id of an /api path, or throws a 404 JSON answer. */
export function apiDealerId(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param) || Number(param) < 1) throw apiError(404, DEALER_NOT_FOUND);
  return Number(param);
}

/** Runs a dealer call and turns the model's refusals into `{ error }` answers with their status. */
export async function dealerCall(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof DealerNotFoundError) return apiError(404, DEALER_NOT_FOUND);
    if (error instanceof GalleryImageNotFoundError) return apiError(404, error.message);
    if (error instanceof GalleryFullError) return apiError(400, GALLERY_FULL);
    if (error instanceof UnsupportedImageError) return apiError(415, INVALID_IMAGE);
    if (error instanceof UploadError || error instanceof ImportFileError) return apiError(error.status, error.message);
    throw error;
  }
}
