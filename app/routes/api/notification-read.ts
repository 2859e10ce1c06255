import type { Route } from "./+types/notification-read";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { parseId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { markNotificationRead, NOTIFICATION_NOT_FOUND } from "~/models/notification.server";

/** PATCH /api/notifications/{id}/read: marks one of the user's notifications read. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  const id = parseId(args.params.id);
  if (id === null || !(await markNotificationRead(user.id, id))) return apiError(404, NOTIFICATION_NOT_FOUND);
  return Response.json({ success: true });
}

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}
