import type { Route } from "./+types/dealer-gallery-item";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { parseIndex, requireId } from "~/lib/ids";
import { AppError } from "~/lib/app-error";
import { requireUser } from "~/http/auth.server";
import { DEALER_NOT_FOUND, GALLERY_IMAGE_NOT_FOUND, removeGalleryImage } from "~/models/dealer.server";

export const loader = methodNotAllowed;

/** DELETE /api/dealers/{id}/gallery/{index}: index is 0-based, in the order of galleryImages. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    const id = requireId(args.params.id, DEALER_NOT_FOUND);
    const index = parseIndex(args.params.index);
    if (index === null) throw new AppError(404, GALLERY_IMAGE_NOT_FOUND);
    return Response.json(await removeGalleryImage(user, id, index));
  });
}
