import type { Route } from "./+types/notification-read";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/models/auth.server";
import { markNotificationRead, notificationIdSchema } from "~/models/notification.server";

/** PATCH /api/notifications/{id}/read: marks one of the user's notifications read. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  const id = notificationIdSchema.safeParse(args.params.id);
  if (!id.success || !(await markNotificationRead(user.id, id.data))) return apiError(404, "Notification not found");
  return Response.json({ success: true });
}

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return methodNotAllowed(args);
}
