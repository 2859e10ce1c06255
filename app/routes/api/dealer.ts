import type { Route } from "./+types/dealer";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { dealerAnswer } from "~/http/api-answers";
import { requireId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { dealerSchema } from "~/models/dealer.schema";
import { DEALER_NOT_FOUND, requireDealer, updateDealer } from "~/models/dealer.server";

export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return apiCall(async () => Response.json(await requireDealer(requireId(args.params.id, DEALER_NOT_FOUND))));
}

/**
 * PUT /api/dealers/{id}: the form's fields plus lat, lng and formattedAddress; omitted or null
 * optional fields are cleared. The dealer as GET answers it may be sent back whole.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return apiCall(async () => {
    // A missing dealer answers 404 before the body is read.
    const id = (await requireDealer(requireId(args.params.id, DEALER_NOT_FOUND))).id;
    const input = await readJsonBody(args.request, dealerSchema, { readOnly: dealerAnswer });
    return Response.json(await updateDealer(id, input));
  });
}
