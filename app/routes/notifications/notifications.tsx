import { data, Form, redirect } from "react-router";
import { parseId } from "~/lib/ids";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { isFailedRequest } from "~/lib/failed-request";
import { FormErrors } from "~/components/forms";
import type { Route } from "./+types/notifications";
import { readForm } from "~/http/form.server";
import { NotificationItem } from "~/components/notifications/notification-item";
import { requireUser } from "~/http/auth.server";
import { notificationsToRead } from "~/http/notifications.server";
import { languageContext } from "~/http/context";
import { markAllNotificationsRead, markNotificationRead, NOTIFICATION_NOT_FOUND } from "~/models/notification.server";
import { redirectWithToast } from "~/http/toast.server";
import { said } from "~/http/language.server";
import { guardLoad, guardRequest } from "~/browser/request-guard";
import { metaTitle, useT } from "~/browser/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "common:notifications.pageTitle") },
];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  // Its words are the shell's own (the bell's dialog says the same), which the root sends; the
  // notifications' own come said in the reader's language.
  return { notifications: await notificationsToRead(user.id, args.context.get(languageContext)) };
}

/**
 * With JavaScript the bell's dialog loads this list (its fetcher asks `?dialog`), said in the
 * reader's language as the page says it: a load that fails on the way answers a `FailedRequest`,
 * which the dialog shows in place, instead of taking the page under the dialog down.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  if (!new URL(args.request.url).searchParams.has("dialog")) return args.serverLoader();
  return guardLoad(
    args,
    { type: "error", title: "common:notice.error", description: "common:notifications.loadFailed" },
    { inPlace: true },
  );
}

/** Mark one notification read (`read`, with its `id`) or all of them (`mark-all-read`); any other intent answers 400. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await readForm(args.request);
  switch (form.get("intent")) {
    case "mark-all-read":
      await markAllNotificationsRead(user.id);
      return redirect("/notifications");
    case "read": {
      const id = parseId(form.get("id"));
      if (id !== null && (await markNotificationRead(user.id, id))) return redirect("/notifications");
      return redirectWithToast(
        "/notifications",
        { title: said(NOTIFICATION_NOT_FOUND), type: "error" },
        { status: 303 },
      );
    }
    default:
      return data({ error: UNKNOWN_ACTION }, { status: 400 });
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description:
      form.get("intent") === "mark-all-read" ? "common:notifications.markAllFailed" : "common:notifications.markFailed",
  }));

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  // Only the dialog's load (`?dialog`) answers a failure instead of an error page.
  if (isFailedRequest(loaderData))
    return <p className="card p-4 text-danger-11">{t("common:notifications.loadFailed")}</p>;
  const { notifications } = loaderData;
  // An action no form of this page sends.
  const refused = actionData && !isFailedRequest(actionData) ? actionData.error : null;
  const hasUnread = notifications.some((notification) => !notification.isRead);
  return (
    <section className="card p-0">
      <header className="flex items-center justify-between border-b border-gray-5 px-4 py-3">
        <h1 className="text-lg font-semibold">{t("common:notifications.title")}</h1>
        {hasUnread ? (
          <Form method="post">
            <button type="submit" name="intent" value="mark-all-read" className="btn-ghost px-2 text-sm">
              {t("common:notifications.markAllRead")}
            </button>
          </Form>
        ) : null}
      </header>
      {refused ? (
        <div className="p-4">
          <FormErrors errors={[refused]} />
        </div>
      ) : null}
      {notifications.length === 0 ? (
        <p className="p-4 text-gray-11">{t("common:notifications.empty")}</p>
      ) : (
        <ul>
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification}>
              {(content) =>
                notification.isRead ? (
                  content
                ) : (
                  // The button covers the row, which a tap marks read; it is named by its label alone.
                  <Form method="post" className="relative">
                    <input type="hidden" name="id" value={notification.id} />
                    {content}
                    <button
                      type="submit"
                      name="intent"
                      value="read"
                      className="absolute inset-0 w-full"
                      aria-label={t("common:notifications.markRead", { title: notification.title })}
                    />
                  </Form>
                )
              }
            </NotificationItem>
          ))}
        </ul>
      )}
    </section>
  );
}
