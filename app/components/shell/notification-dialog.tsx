import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useFetcher } from "react-router";
import { NotificationItem, type NotificationView } from "~/components/notifications/notification-item";
import { requestJson, signInAndComeBack } from "~/browser/request-json";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";
import { type FailedRequest, isFailedRequest } from "~/lib/failed-request";

/** What the /notifications page's loader answers the dialog's fetcher (its clientLoader, on failure). */
type NotificationList = { notifications: NotificationView[] } | FailedRequest;

/**
 * The bell's dialog. `opened` changes on every tap on the bell, which shows the dialog and reloads
 * the list: the /notifications page's own, said in the reader's language (/api/notifications
 * answers integrators in English). Marking read shows at once; when the call fails it is undone
 * and the dialog says so.
 */
export default function NotificationDialog({
  opened,
  setUnread,
}: {
  opened: number;
  setUnread: Dispatch<SetStateAction<number>>;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useFetcher<NotificationList>();
  const { load } = list;
  // Read marks made in the dialog (undone when their call fails), over the list they were made
  // on: each load's list is the server's word, and starts without them.
  const [marks, setMarks] = useState({ list: list.data, isRead: {} as Record<number, boolean> });
  if (marks.list !== list.data) setMarks({ list: list.data, isRead: {} });
  const [markFailed, setMarkFailed] = useState<string | null>(null);
  const failed = list.state === "idle" && isFailedRequest(list.data);
  const items =
    list.data && !isFailedRequest(list.data)
      ? list.data.notifications.map((item) =>
          item.id in marks.isRead ? { ...item, isRead: marks.isRead[item.id]! } : item,
        )
      : null;

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    setMarkFailed(null);
    void load("/notifications?dialog");
  }, [opened, load]);

  /** Shows `ids` as read (or unread again) and moves the bell's count with them. */
  function showRead(ids: number[], isRead: boolean) {
    setMarks((current) => ({
      ...current,
      isRead: { ...current.isRead, ...Object.fromEntries(ids.map((id) => [id, isRead])) },
    }));
    setUnread((count) => Math.max(0, count + (isRead ? -ids.length : ids.length)));
  }

  async function mark(ids: number[], url: string, failure: string) {
    if (ids.length === 0) return;
    setMarkFailed(null);
    showRead(ids, true);
    try {
      await requestJson(url, "PATCH");
    } catch (error) {
      showRead(ids, false);
      setMarkFailed(failure);
      signInAndComeBack(error);
    }
  }

  const unreadIds = () => items?.filter((item) => !item.isRead).map((item) => item.id) ?? [];

  return (
    <dialog
      ref={dialog}
      aria-labelledby="notifications-dialog-title"
      className="m-auto h-[600px] max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md flex-col overflow-hidden rounded-2xl p-0 backdrop:bg-black/40 open:flex"
      closedby="any"
    >
      {/* Not a <header>: inside the top bar's banner it would be a second banner (axe's landmark-banner-is-top-level). */}
      <div className="flex items-center justify-between border-b border-gray-5 px-4 py-3">
        <h2 id="notifications-dialog-title" className="text-lg font-semibold">
          {t("common:notifications.title")}
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() =>
              mark(unreadIds(), "/api/notifications/mark-all-read", t("common:notifications.markAllFailed"))
            }
            className="btn-ghost px-2 text-sm"
            disabled={!items?.some((item) => !item.isRead)}
          >
            {t("common:notifications.markAllRead")}
          </button>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="btn-ghost px-2"
            aria-label={t("common:notifications.close")}
          >
            <Icon name="x" size={18} />
          </button>
        </div>
      </div>
      {markFailed ? (
        <p role="alert" className="border-b border-gray-5 bg-danger-3 px-4 py-2 text-sm text-danger-11">
          {markFailed}
        </p>
      ) : null}
      <div className="flex-1 overflow-y-auto">
        {failed ? (
          <p className="p-4 text-danger-11">{t("common:notifications.loadFailed")}</p>
        ) : items === null ? (
          <p className="p-4 text-gray-11">{t("common:notifications.loading")}</p>
        ) : items.length === 0 ? (
          <p className="p-4 text-gray-11">{t("common:notifications.empty")}</p>
        ) : (
          <ul>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification}>
                {(content) => (
                  <button
                    type="button"
                    className="block w-full"
                    onClick={() =>
                      !notification.isRead &&
                      mark(
                        [notification.id],
                        `/api/notifications/${notification.id}/read`,
                        t("common:notifications.markFailed"),
                      )
                    }
                  >
                    {content}
                  </button>
                )}
              </NotificationItem>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}
