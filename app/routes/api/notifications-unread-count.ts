import type { Route } from "./+types/notifications-unread-count";
import { methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { countUnreadNotifications } from "~/models/notification.server";

/** GET /api/notifications/unread-count: { count }. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return Response.json({ count: await countUnreadNotifications(user.id) });
}

export const action = methodNotAllowed;
