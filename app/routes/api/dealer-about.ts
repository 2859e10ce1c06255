import type { Route } from "./+types/dealer-about";
import { methodNotAllowed, readJsonBody } from "~/http/api.server";
import { apiDealerId, dealerCall } from "~/lib/dealer-api.server";
import { requireUser } from "~/models/auth.server";
import { aboutSchema } from "~/models/dealer.schema";
import { updateAbout } from "~/models/dealer.server";

export const loader = methodNotAllowed;

/** PUT /api/dealers/{id}/about: { aboutDescription } (at most 1000 characters; empty clears it). */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  const id = apiDealerId(args.params.id);
  return dealerCall(async () => {
    const { aboutDescription } = await readJsonBody(args.request, aboutSchema);
    return Response.json(await updateAbout(id, aboutDescription));
  });
}
