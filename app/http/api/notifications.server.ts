import { z } from "zod";
import * as answers from "~/http/api-answers";
import { apiError } from "~/http/api.server";
import { said } from "~/http/language.server";
import { operation } from "~/http/api/operation.server";
import { notificationsToRead } from "~/http/notifications.server";
import {
  countUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_NOT_FOUND,
} from "~/models/notification.server";

export const notificationOperations = [
  operation({
    method: "get",
    path: "/api/notifications",
    summary: "The user's latest notifications, newest first",
    tag: "Notifications",
    access: "app.use",
    answer: { status: 200, description: "Notifications", schema: z.array(answers.notificationAnswer) },
    // In English, as every /api answer (decision 103).
    handler: async ({ user }) => Response.json(await notificationsToRead(user.id, "en")),
  }),
  operation({
    method: "get",
    path: "/api/notifications/unread-count",
    summary: "How many notifications are unread",
    tag: "Notifications",
    access: "app.use",
    answer: { status: 200, description: "The count", schema: answers.countAnswer },
    handler: async ({ user }) => Response.json({ count: await countUnreadNotifications(user.id) }),
  }),
  operation({
    method: "patch",
    path: "/api/notifications/mark-all-read",
    summary: "Mark every notification read",
    tag: "Notifications",
    access: "app.use",
    answer: { status: 200, description: "Done", schema: answers.successAnswer },
    // Also says how many it marked: `{ success, updated }`.
    handler: async ({ user }) => Response.json({ success: true, updated: await markAllNotificationsRead(user.id) }),
  }),
  operation({
    method: "patch",
    path: "/api/notifications/{id}/read",
    summary: "Mark one of the user's notifications read",
    tag: "Notifications",
    access: "app.use",
    pathParams: { id: { description: "Notification id", example: 1, notFound: NOTIFICATION_NOT_FOUND } },
    answer: { status: 200, description: "Done", schema: answers.successAnswer },
    errors: [404],
    // Another user's notification is not found, as a missing one is.
    handler: async ({ user, params }) => {
      if (!(await markNotificationRead(user.id, params.id))) return apiError(404, said(NOTIFICATION_NOT_FOUND));
      return Response.json({ success: true });
    },
  }),
];
