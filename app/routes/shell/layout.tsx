import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { ErrorView } from "~/components/error-view";
import { BottomTabs } from "~/components/shell/bottom-tabs";
import { TopBar } from "~/components/shell/top-bar";
import { useRootData } from "~/browser/root-data";
import { tabMayHoldDrafts } from "~/browser/may-hold-drafts";
import { useOnline } from "~/browser/connection";
import { queueMayHold, SEND_QUEUE_CHANGED } from "~/browser/send-queue-marks";

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
// something waits, so its code (the send queue's IndexedDB included) loads only then, not with
// the page. (Posts and comments made offline are kept by their own forms, bar or no bar.)
const SendQueueStatus = lazy(() =>
  importWhenOnline(() => import("~/components/shell/send-queue-status")).then((module) => ({
    default: module.SendQueueStatus,
  })),
);

/** Whether the offline bar is wanted: once the phone is offline or something may wait, it stays. */
function useSendQueueWanted(userId: number | undefined): boolean {
  const online = useOnline();
  const [mayHold, setMayHold] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (userId === undefined) return;
    void queueMayHold(userId).then((may) => may && setMayHold(true));
    const kept = () => setMayHold(true);
    window.addEventListener(SEND_QUEUE_CHANGED, kept);
    return () => window.removeEventListener(SEND_QUEUE_CHANGED, kept);
  }, [userId]);
  if (!wanted && userId !== undefined && (mayHold || !online)) setWanted(true);
  return wanted;
}

/**
 * What was typed before the session expired goes back into the page's form after signing in.
 * Drafts are rare, so their code loads only when this tab keeps something.
 */
function useRestoredDrafts(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!tabMayHoldDrafts()) return;
    void import("~/browser/drafts").then(({ restoreDraft }) => {
      for (const form of document.forms) restoreDraft(form);
    });
  }, [pathname, search]);
}

/** The signed-in chrome: top bar and bottom tabs around the page. Signed out, the page alone. */
function Shell({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  useRestoredDrafts();
  const sendQueueWanted = useSendQueueWanted(rootData?.user?.id);
  if (!rootData?.user) return children;
  return (
    <div className="min-h-dvh pb-20">
      <TopBar user={rootData.user} unreadCount={rootData.unreadCount} />
      <main className="mx-auto w-full max-w-2xl px-3 py-4">{children}</main>
      {/* After the page, held above the tabs: when it appears, nothing on the page moves under a finger. */}
      {sendQueueWanted ? (
        <Suspense fallback={null}>
          <SendQueueStatus userId={rootData.user.id} />
        </Suspense>
      ) : null}
      <BottomTabs />
    </div>
  );
}

export default function ShellLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A page that could not load keeps the top bar and tabs, so the officer can go on elsewhere. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorView error={error} />
    </Shell>
  );
}
