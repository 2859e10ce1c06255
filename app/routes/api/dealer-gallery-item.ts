import type { Route } from "./+types/dealer-gallery-item";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { apiDealerId, dealerCall } from "~/lib/dealer-api.server";
import { requireUser } from "~/models/auth.server";
import { removeGalleryImage } from "~/models/dealer.server";

export const loader = methodNotAllowed;

/** DELETE /api/dealers/{id}/gallery/{index}: index is 0-based, in the order of galleryImages. */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  const id = apiDealerId(args.params.id);
  if (!/^\d{1,2}$/.test(args.params.index)) return apiError(404, "Image not found in the gallery.");
  return dealerCall(async () => Response.json(await removeGalleryImage(id, Number(args.params.index))));
}
