import type { Route } from "./+types/dealer-about";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { aboutSchema } from "~/models/dealer.schema";
import { DEALER_NOT_FOUND, updateAbout } from "~/models/dealer.server";

export const loader = methodNotAllowed;

/** PUT /api/dealers/{id}/about: { aboutDescription } (at most 1000 characters; empty clears it). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return apiCall(async () => {
    const id = requireId(args.params.id, DEALER_NOT_FOUND);
    const { aboutDescription } = await readJsonBody(args.request, aboutSchema);
    return Response.json(await updateAbout(user, id, aboutDescription));
  });
}
