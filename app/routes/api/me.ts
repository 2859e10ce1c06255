import type { Route } from "./+types/me";
import { readJsonBody, methodNotAllowed } from "~/http/api.server";
import { userAnswer } from "~/http/api-answers";
import { requireUser } from "~/http/auth.server";
import { toApiUser, updateProfile } from "~/models/user.server";
import { profileUpdateSchema } from "~/models/user.schema";

/** GET /api/me: the signed-in user. */
export function loader(args: Route.LoaderArgs) {
  return Response.json(toApiUser(requireUser(args)));
}

/**
 * PUT /api/me: profile fields and locations of the signed-in user; null clears one. The user as
 * GET answers it may be sent back whole.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  const changes = await readJsonBody(args.request, profileUpdateSchema, { readOnly: userAnswer });
  return Response.json(toApiUser(await updateProfile(user.id, changes)));
}
