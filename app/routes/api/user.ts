import type { Route } from "./+types/user";
import { methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { toApiUser } from "~/models/user.server";

/** GET /api/user: the signed-in user, or 401. */
export function loader(args: Route.LoaderArgs) {
  return Response.json(toApiUser(requireUser(args)));
}

export const action = methodNotAllowed;
