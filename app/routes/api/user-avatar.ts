import type { Route } from "./+types/user-avatar";
import { methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { avatarSchema } from "~/models/user.schema";
import { toApiUser, updateAvatar } from "~/models/user.server";

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}

/** PATCH /api/user/avatar { selectedAvatar }: one of the five default avatars; badges answer 400. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  const { selectedAvatar } = await readJsonBody(args.request, avatarSchema);
  return Response.json(toApiUser(await updateAvatar(user.id, selectedAvatar)));
}
