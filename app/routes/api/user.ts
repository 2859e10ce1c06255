import type { Route } from "./+types/user";
import { methodNotAllowed } from "~/http/api.server";
import { recordJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { toApiUser, userVersion } from "~/models/user.server";

/** GET /api/user: the signed-in user (ETag as GET /api/me), or 401. */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return recordJson(args.request, toApiUser(user), userVersion(user));
}

export const action = methodNotAllowed;
