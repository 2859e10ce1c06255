import type { Route } from "./+types/user";
import { methodNotAllowed } from "~/http/api.server";
import { recordJson } from "~/http/answer-cache.server";
import { requireAccount } from "~/http/auth.server";
import { toApiUser, userVersion } from "~/models/user.server";

/**
 * GET /api/user: the signed-in user (ETag as GET /api/me), or 401. An account still waiting for
 * approval is answered too, with `approval: "PENDING"`: who it is, and that it waits.
 */
export function loader(args: Route.LoaderArgs) {
  const user = requireAccount(args);
  return recordJson(args.request, toApiUser(user), userVersion(user));
}

export const action = methodNotAllowed;
