import type { Route } from "./+types/me";
import { apiCall, readJsonBody, methodNotAllowed } from "~/http/api.server";
import { userAnswer } from "~/http/api-answers";
import { ifMatchVersions, recordJson } from "~/http/answer-cache.server";
import { requireUser } from "~/http/auth.server";
import { toApiUser, updateProfile, userVersion } from "~/models/user.server";
import { profileUpdateSchema } from "~/models/user.schema";

/** GET /api/me: the signed-in user, with its version as ETag (If-None-Match: 304). */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return recordJson(args.request, toApiUser(user), userVersion(user));
}

/**
 * PUT and PATCH /api/me: profile fields and locations of the signed-in user; only the fields sent
 * change, null clears one. The user as GET answers it may be sent back whole (PUT). If-Match
 * (the ETag read): a profile changed since answers 412 and is left as it is.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { method } = args.request;
  if (method !== "PUT" && method !== "PATCH") return methodNotAllowed(args);
  return apiCall(async () => {
    const expected = ifMatchVersions(args.request);
    const changes =
      method === "PUT"
        ? await readJsonBody(args.request, profileUpdateSchema, { readOnly: userAnswer })
        : await readJsonBody(args.request, profileUpdateSchema);
    const saved = await updateProfile(user.id, changes, {}, expected);
    return recordJson(args.request, toApiUser(saved), userVersion(saved));
  });
}
