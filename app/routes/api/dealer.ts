import type { Route } from "./+types/dealer";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { dealerAnswer } from "~/http/api-answers";
import { ifMatchVersions, recordJson } from "~/http/answer-cache.server";
import { requireId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { dealerPatchSchema, dealerSchema } from "~/models/dealer.schema";
import {
  DEALER_NOT_FOUND,
  dealerVersion,
  patchDealer,
  requireDealer,
  requireDealerToChange,
  updateDealer,
} from "~/models/dealer.server";

/** GET /api/dealers/{id}: the dealer, with its version as ETag (If-None-Match: 304). */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return apiCall(async () => {
    const dealer = await requireDealer(requireId(args.params.id, DEALER_NOT_FOUND));
    return recordJson(args.request, dealer, dealerVersion(dealer));
  });
}

/**
 * PUT /api/dealers/{id}: the form's fields plus lat, lng and formattedAddress; omitted or null
 * optional fields are cleared. The dealer as GET answers it may be sent back whole.
 * PATCH: only the fields sent change; `null` clears an optional one.
 * Both take If-Match (the ETag read): a dealer changed since answers 412 and is left as it is.
 * Only the dealer's team, its managers and admins change it (403), and move it only into a team
 * they may choose (403).
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { method } = args.request;
  if (method !== "PUT" && method !== "PATCH") return methodNotAllowed(args);
  return apiCall(async () => {
    // A missing dealer (404) or another team's (403) answers before the body is read.
    const id = (await requireDealerToChange(user, requireId(args.params.id, DEALER_NOT_FOUND))).id;
    const expected = ifMatchVersions(args.request);
    const dealer =
      method === "PUT"
        ? await updateDealer(
            user,
            id,
            await readJsonBody(args.request, dealerSchema, { readOnly: dealerAnswer }),
            undefined,
            expected,
          )
        : await patchDealer(user, id, await readJsonBody(args.request, dealerPatchSchema), expected);
    return recordJson(args.request, dealer, dealerVersion(dealer));
  });
}
