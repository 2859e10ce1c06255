import { useEffect, useRef } from "react";
import { useT } from "~/browser/i18n";

/**
 * An upload's progress, right under the button that started it and scrolled into view above the
 * tab bar when it appears (a button tapped at the bottom of the screen would hide it):
 * "Preparing photo..." while the phone shrinks the photo, then the share sent.
 */
export function UploadStatus({ preparing, percent }: { preparing: boolean; percent: number }) {
  const t = useT();
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // In braces: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
    status.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div
      ref={status}
      className="flex scroll-mb-[calc(4rem+env(safe-area-inset-bottom))] items-center gap-2 text-sm text-gray-11"
      data-testid="upload-status"
    >
      <progress
        className="h-1.5 min-w-0 flex-1"
        max={100}
        value={preparing ? undefined : percent}
        aria-label={t("common:upload.progress")}
      />
      <span className="shrink-0">
        {preparing ? t("common:upload.preparing") : t("common:upload.uploading", { percent })}
      </span>
    </div>
  );
}
