import type { Route } from "./+types/dealer-gallery";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { apiDealerId, DEALER_NOT_FOUND, dealerCall } from "~/lib/dealer-api.server";
import { requireUser } from "~/models/auth.server";
import { INVALID_IMAGE } from "~/models/dealer.schema";
import { addGalleryImage, getDealer } from "~/models/dealer.server";
import { readDealerImageForm } from "~/models/dealer-upload.server";

export const loader = methodNotAllowed;

/** POST /api/dealers/{id}/gallery: multipart, field `image`; at most 5 photos. */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const id = apiDealerId(args.params.id);
  return dealerCall(async () => {
    if (!(await getDealer(id))) return apiError(404, DEALER_NOT_FOUND);
    const { image } = await readDealerImageForm(args.request);
    if (!image) return apiError(400, INVALID_IMAGE);
    return Response.json(await addGalleryImage(id, image), { status: 201 });
  });
}
