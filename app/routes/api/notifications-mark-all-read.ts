import type { Route } from "./+types/notifications-mark-all-read";
import { methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { markAllNotificationsRead } from "~/models/notification.server";

/** PATCH /api/notifications/mark-all-read: { success, updated }. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  return Response.json({ success: true, updated: await markAllNotificationsRead(user.id) });
}

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}
