import { X } from "lucide-react";
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { NotificationItem, type NotificationView } from "~/components/notifications/notification-item";
import { requestJson } from "~/lib/request-json";

/**
 * The bell's dialog: the newest notifications from the JSON API, marked read one by one or all
 * at once. `opened` changes on every tap on the bell, which shows the dialog and reloads the list.
 */
export default function NotificationDialog({
  opened,
  setUnread,
  refreshCount,
}: {
  opened: number;
  setUnread: Dispatch<SetStateAction<number>>;
  refreshCount: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    setFailed(false);
    requestJson<NotificationView[]>("/api/notifications")
      .then(setItems)
      .catch(() => setFailed(true));
  }, [opened]);

  async function markRead(notification: NotificationView) {
    if (notification.isRead) return;
    setItems((list) => list?.map((item) => (item.id === notification.id ? { ...item, isRead: true } : item)) ?? null);
    setUnread((count) => Math.max(0, count - 1));
    await requestJson(`/api/notifications/${notification.id}/read`, "PATCH").catch(refreshCount);
  }

  async function markAllRead() {
    setItems((list) => list?.map((item) => ({ ...item, isRead: true })) ?? null);
    setUnread(0);
    await requestJson("/api/notifications/mark-all-read", "PATCH").catch(refreshCount);
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="notifications-dialog-title"
      className="m-auto h-[600px] max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md flex-col overflow-hidden rounded-2xl p-0 backdrop:bg-black/40 open:flex"
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <header className="flex items-center justify-between border-b border-gray-5 px-4 py-3">
        <h2 id="notifications-dialog-title" className="text-lg font-semibold">
          Notifications
        </h2>
        <div className="flex items-center gap-1">
          <button type="button" onClick={markAllRead} className="btn-ghost min-h-9 px-2 text-sm" disabled={!items?.some((item) => !item.isRead)}>
            Mark all read
          </button>
          <button type="button" onClick={() => dialog.current?.close()} className="btn-ghost min-h-9 px-2" aria-label="Close">
            <X size={18} aria-hidden />
          </button>
        </div>
      </header>
      <div className="flex-1 overflow-y-auto">
        {failed ? (
          <p className="p-4 text-danger-11">Failed to load notifications. Please try again.</p>
        ) : items === null ? (
          <p className="p-4 text-gray-11">Loading notifications...</p>
        ) : items.length === 0 ? (
          <p className="p-4 text-gray-11">No notifications yet.</p>
        ) : (
          <ul>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification}>
                {(content) => (
                  <button type="button" className="block w-full" onClick={() => markRead(notification)}>
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
