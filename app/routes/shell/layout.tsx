import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { BottomTabs } from "~/components/shell/bottom-tabs";
import { TopBar } from "~/components/shell/top-bar";
import { useHydrated } from "~/lib/hydrated";
import { useRootData } from "~/root";

// The offline bar works with JavaScript only and is empty until the phone is offline or
// something waits, so its code (IndexedDB outbox included) loads after the page, not with it.
const OutboxStatus = lazy(() => import("~/components/shell/outbox-status").then((module) => ({ default: module.OutboxStatus })));

/** The signed-in chrome: top bar and bottom tabs around the page. Signed out, the page alone. */
export default function ShellLayout() {
  const rootData = useRootData();
  const hydrated = useHydrated();
  if (!rootData?.user) return <Outlet />;
  return (
    <div className="min-h-dvh pb-20">
      <TopBar user={rootData.user} unreadCount={rootData.unreadCount} />
      {hydrated ? (
        <Suspense fallback={null}>
          <OutboxStatus userId={rootData.user.id} />
        </Suspense>
      ) : null}
      <main className="mx-auto w-full max-w-2xl px-3 py-4">
        <Outlet />
      </main>
      <BottomTabs />
    </div>
  );
}
