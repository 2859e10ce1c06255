import type { Route } from "./+types/dealer-gallery";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { readImageForm } from "~/http/upload-forms.server";
import { requireUser } from "~/http/auth.server";
import { addGalleryImage, DEALER_NOT_FOUND, requireDealerToChange } from "~/models/dealer.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/infra/idempotency.server";

export const loader = methodNotAllowed;

/**
 * POST /api/dealers/{id}/gallery: multipart, field `image`; at most 5 photos. With an
 * `Idempotency-Key` (the user's), a repeat adds nothing and answers the dealer (201,
 * `Idempotent-Replayed: true`); the key with another photo or dealer answers 422.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    // A missing dealer, another team's or a malformed key answers before the upload is read.
    const id = (await requireDealerToChange(user, requireId(args.params.id, DEALER_NOT_FOUND))).id;
    const key = submissionKeyFromHeader(args.request);
    const { image } = await readImageForm(args.request);
    const { dealer, replayed } = await addGalleryImage(user, id, image, key);
    return Response.json(dealer, { status: 201, headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined });
  });
}
