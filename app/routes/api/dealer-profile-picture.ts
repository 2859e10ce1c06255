import type { Route } from "./+types/dealer-profile-picture";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { readImageForm } from "~/http/upload-forms.server";
import { requireUser } from "~/http/auth.server";
import { DEALER_NOT_FOUND, requireDealerToChange, setProfilePicture } from "~/models/dealer.server";

export const loader = methodNotAllowed;

/** POST /api/dealers/{id}/profile-picture: multipart, field `image`. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    // A missing dealer (404) or another team's (403) answers before the upload is read.
    const id = (await requireDealerToChange(user, requireId(args.params.id, DEALER_NOT_FOUND))).id;
    const { image } = await readImageForm(args.request);
    return Response.json(await setProfilePicture(user, id, image));
  });
}
