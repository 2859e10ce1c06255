import { Link } from "react-router";
import { NotificationBell } from "./notification-bell";
import { UserMenu } from "./user-menu";

type TopBarProps = {
  user: { username: string; firstName: string | null; lastName: string | null; role: string };
  unreadCount: number;
};

export function TopBar({ user, unreadCount }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-gray-5 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-2xl items-center justify-between px-3">
        <Link to="/" className="inline-flex min-h-11 items-center text-lg font-bold text-accent-11">
          Fieldline
        </Link>
        <div className="flex items-center gap-2">
          <NotificationBell initialUnread={unreadCount} />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
