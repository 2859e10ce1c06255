import type { Route } from "./+types/dealer-profile-picture";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { apiDealerId, DEALER_NOT_FOUND, dealerCall } from "~/lib/dealer-api.server";
import { requireUser } from "~/models/auth.server";
import { INVALID_IMAGE } from "~/models/dealer.schema";
import { getDealer, setProfilePicture } from "~/models/dealer.server";
import { readDealerImageForm } from "~/models/dealer-upload.server";

export const loader = methodNotAllowed;

/** POST /api/dealers/{id}/profile-picture: multipart, field `image`. */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const id = apiDealerId(args.params.id);
  return dealerCall(async () => {
    if (!(await getDealer(id))) return apiError(404, DEALER_NOT_FOUND);
    const { image } = await readDealerImageForm(args.request);
    if (!image) return apiError(400, INVALID_IMAGE);
    return Response.json(await setProfilePicture(id, image));
  });
}
