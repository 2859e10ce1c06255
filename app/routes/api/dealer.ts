import type { Route } from "./+types/dealer";
import { apiError, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { apiDealerId, DEALER_NOT_FOUND, dealerCall } from "~/lib/dealer-api.server";
import { requireUser } from "~/models/auth.server";
import { dealerSchema } from "~/models/dealer.schema";
import { getDealer, updateDealer } from "~/models/dealer.server";

/** GET /api/dealers/{id} */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const dealer = await getDealer(apiDealerId(args.params.id));
  return dealer ? Response.json(dealer) : apiError(404, DEALER_NOT_FOUND);
}

/** PUT /api/dealers/{id}: the form's fields plus lat, lng and formattedAddress; omitted optional fields are cleared. */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  const id = apiDealerId(args.params.id);
  return dealerCall(async () => {
    if (!(await getDealer(id))) return apiError(404, DEALER_NOT_FOUND);
    const input = await readJsonBody(args.request, dealerSchema);
    return Response.json(await updateDealer(id, input));
  });
}
