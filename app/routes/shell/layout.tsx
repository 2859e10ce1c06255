import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { BottomTabs } from "~/components/shell/bottom-tabs";
import { TopBar } from "~/components/shell/top-bar";
import { useRootData } from "~/lib/root-data";

/** Imports a module, and if the connection is gone, tries again when it returns instead of failing the page. */
async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
    }
  }
}

// The offline bar works with JavaScript only and is empty until the phone is offline or
// something waits, so its code (the send queue's IndexedDB included) loads after the page, not with it.
// (Posts and comments made offline are kept by their own forms, bar or no bar.)
const SendQueueStatus = lazy(() =>
  importWhenOnline(() => import("~/components/shell/send-queue-status")).then((module) => ({ default: module.SendQueueStatus })),
);

/** The signed-in chrome: top bar and bottom tabs around the page. Signed out, the page alone. */
export default function ShellLayout() {
  const rootData = useRootData();
  if (!rootData?.user) return <Outlet />;
  return (
    <div className="min-h-dvh pb-20">
      <TopBar user={rootData.user} unreadCount={rootData.unreadCount} />
      <Suspense fallback={null}>
        <SendQueueStatus userId={rootData.user.id} />
      </Suspense>
      <main className="mx-auto w-full max-w-2xl px-3 py-4">
        <Outlet />
      </main>
      <BottomTabs />
    </div>
  );
}
