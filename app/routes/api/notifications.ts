import type { Route } from "./+types/notifications";
import { methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { listNotifications } from "~/models/notification.server";

/** GET /api/notifications: the user's newest notifications first. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return Response.json(await listNotifications(user.id));
}

export const action = methodNotAllowed;
