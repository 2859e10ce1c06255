import { Bell, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { NotificationItem, type NotificationView } from "~/components/notifications/notification-item";

const POLL_MS = 30_000;

/** "99+" above 99, nothing at 0. */
export function unreadLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

async function requestJson<T>(url: string, method = "GET"): Promise<T> {
  const response = await fetch(url, { method, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as T;
}

/**
 * The bell: a plain link to /notifications without JavaScript; with it, a 600 px dialog
 * fed by the JSON API, and an unread count refreshed every 30 s and when the window regains focus.
 */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [unread, setUnread] = useState(initialUnread);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => setUnread(initialUnread), [initialUnread]);

  const refreshCount = useCallback(() => {
    requestJson<{ count: number }>("/api/notifications/unread-count")
      .then(({ count }) => setUnread(count))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const timer = setInterval(refreshCount, POLL_MS);
    window.addEventListener("focus", refreshCount);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", refreshCount);
    };
  }, [refreshCount]);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    dialog.current?.showModal();
    setFailed(false);
    requestJson<NotificationView[]>("/api/notifications")
      .then(setItems)
      .catch(() => setFailed(true));
  }

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

  const label = unreadLabel(unread);
  return (
    <>
      <a href="/notifications" onClick={open} className="relative flex size-10 items-center justify-center rounded-full hover:bg-gray-4" aria-label={label ? `Notifications, ${label} unread` : "Notifications"}>
        <Bell size={22} aria-hidden />
        {label ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-danger-9 px-1 text-center text-[11px] font-bold leading-5 text-white" data-testid="unread-count">
            {label}
          </span>
        ) : null}
      </a>
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
    </>
  );
}
