import type { ReactNode } from "react";
import { badgeFor } from "~/lib/avatars";
import { Timestamp } from "~/components/timestamp";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";

export type NotificationView = {
  id: number;
  type: string;
  badgeType: string | null;
  title: string;
  message: string;
  isRead: boolean;
  previousRank: number | null;
  newRank: number | null;
  createdAt: string | Date;
};

/**
 * The ranked badges' names, for their artwork's label: the shell's words (the bell's dialog is on
 * every page, where only they are sent), as the leaderboard names them.
 */
const RANKED_BADGE_NAMES: Record<string, MessageKey> = {
  CROWN: "common:notifications.badge.CROWN",
  SHIELD: "common:notifications.badge.SHIELD",
  CAP: "common:notifications.badge.CAP",
};

function Artwork({ notification }: { notification: NotificationView }) {
  const t = useT();
  // The ranked badges (Crown, Shield, Cap) show their artwork; the others the bell.
  const badge = badgeFor(notification.badgeType);
  const name = notification.badgeType ? RANKED_BADGE_NAMES[notification.badgeType] : undefined;
  if (badge?.rank && name) {
    return (
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-full text-xl ${badge.colors.background}`}
        role="img"
        aria-label={t(name)}
      >
        {badge.emoji}
      </span>
    );
  }
  if (notification.type === "RANK_CHANGE" && notification.newRank) {
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-3 text-sm font-bold text-accent-11">
        #{notification.newRank}
      </span>
    );
  }
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-4 text-gray-11">
      <Icon name="bell" size={18} />
    </span>
  );
}

/**
 * One notification; `action` is the control that marks it read (a form button on the
 * page, a fetch in the dialog), wrapped around the whole row so tapping it marks it read.
 */
export function NotificationItem({
  notification,
  children,
}: {
  notification: NotificationView;
  children?: (content: ReactNode) => ReactNode;
}) {
  const t = useT();
  const content = (
    <span className={`flex w-full items-start gap-3 p-3 text-start ${notification.isRead ? "" : "bg-accent-2"}`}>
      <Artwork notification={notification} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="font-semibold">{notification.title}</span>
          {notification.isRead ? null : (
            <span
              className="size-2 shrink-0 rounded-full bg-accent-9"
              role="img"
              aria-label={t("common:notifications.unread")}
            />
          )}
        </span>
        <span className="block text-sm text-gray-11">{notification.message}</span>
        {notification.type === "RANK_CHANGE" && notification.previousRank && notification.newRank ? (
          <span className="block text-xs text-gray-11">
            {t("common:notifications.rankChange", {
              previous: notification.previousRank,
              next: notification.newRank,
            })}
          </span>
        ) : null}
        <Timestamp at={notification.createdAt} withDate className="block text-xs text-gray-10" />
      </span>
    </span>
  );
  return <li className="border-b border-gray-4 last:border-b-0">{children ? children(content) : content}</li>;
}
