import type { ReactNode } from "react";
import { useT } from "~/browser/i18n";

/** New Post's page once the post waits on the phone (offline, or its request failed on the way, unanswered); `children` offers another. */
export function KeptNotice({ children, files = 0 }: { children: ReactNode; files?: number }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold">{t("posts:kept.title")}</h1>
      <div role="status" className="card space-y-3">
        <p className="font-semibold">{t("posts:kept.saved")}</p>
        <p className="text-sm text-gray-11">{t("posts:kept.connectionFailed")}</p>
        {files > 0 ? <p className="text-sm">{t("posts:kept.files", { count: files })}</p> : null}
        {children}
      </div>
    </div>
  );
}
