import { Outlet } from "react-router";
import { BottomTabs } from "~/components/shell/bottom-tabs";
import { OutboxStatus } from "~/components/shell/outbox-status";
import { TopBar } from "~/components/shell/top-bar";
import { useRootData } from "~/root";

/** The signed-in chrome: top bar and bottom tabs around the page. Signed out, the page alone. */
export default function ShellLayout() {
  const rootData = useRootData();
  if (!rootData?.user) return <Outlet />;
  return (
    <div className="min-h-dvh pb-20">
      <TopBar user={rootData.user} unreadCount={rootData.unreadCount} />
      <OutboxStatus userId={rootData.user.id} />
      <main className="mx-auto w-full max-w-2xl px-3 py-4">
        <Outlet />
      </main>
      <BottomTabs />
    </div>
  );
}
