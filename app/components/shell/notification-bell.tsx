import { useCallback, useEffect, useState, type MouseEvent } from "react";
import { useCodeOnTap } from "~/browser/code-on-tap";
import { useT } from "~/browser/i18n";
import { requestJson } from "~/browser/request-json";
import { Icon } from "~/components/icon";

const POLL_MS = 30_000;

// The dialog's code loads on the first tap on the bell, not with every page.
const loadNotificationDialog = () => import("./notification-dialog").then((module) => module.default);

/** "99+" above 99, nothing at 0. */
export function unreadLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/**
 * The bell: a plain link to /notifications without JavaScript; with it, a 600 px dialog
 * fed by that page's loader (in the reader's language), and an unread count from the JSON API
 * refreshed every 30 s and when the window regains focus.
 */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const t = useT();
  const [unread, setUnread] = useState(initialUnread);
  // How many times the bell was tapped: each tap (re)opens the dialog and reloads its list.
  const [opened, setOpened] = useState(0);
  const dialog = useCodeOnTap(loadNotificationDialog);
  const NotificationDialog = dialog.code;

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
    dialog.open(event.currentTarget.href, () => setOpened((count) => count + 1));
  }

  const label = unreadLabel(unread);
  return (
    <>
      <a
        href="/notifications"
        onClick={open}
        className="relative flex size-11 items-center justify-center rounded-full hover:bg-gray-4"
        aria-label={label ? t("common:bell.unread", { unread: label }) : t("common:bell.label")}
      >
        <Icon name="bell" size={22} />
        {label ? (
          <span
            className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-danger-9 px-1 text-center text-[11px] font-bold leading-5 text-white"
            data-testid="unread-count"
          >
            {label}
          </span>
        ) : null}
      </a>
      {opened > 0 && NotificationDialog ? <NotificationDialog opened={opened} setUnread={setUnread} /> : null}
    </>
  );
}
