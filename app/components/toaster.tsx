import { useEffect } from "react";
import { useT } from "~/browser/i18n";
import { looksLikeKey, type MessageKey } from "~/locales/namespaces";
import { useHydrated } from "~/browser/hydrated";
import { closeNotice } from "~/browser/notices";
import type { Toast } from "~/lib/toast";
import { Icon } from "~/components/icon";

const DISPLAY_MS = 5000;

const tone = {
  success: "border-accent-6 bg-accent-2 text-accent-12",
  error: "border-danger-9 bg-danger-3 text-danger-11",
  info: "border-gray-6 bg-white text-gray-12",
} as const;

/**
 * Shows the notice (one at a time). Without JavaScript it is a banner at the
 * top of the page it came with, in the flow so it covers nothing; with JavaScript it floats over
 * the page and disappears after five seconds or when closed.
 */
export function Toaster({ toast, id }: { toast: Toast; id: number }) {
  const hydrated = useHydrated();
  const t = useT();
  // A notice's words may be catalogs' keys (a failed request's, raised in the browser), said here.
  const say = (text: string, values?: Toast["values"]) => (looksLikeKey(text) ? t(text as MessageKey, values) : text);
  const values =
    toast.values && Object.fromEntries(Object.entries(toast.values).map(([name, value]) => [name, say(String(value))]));
  useEffect(() => {
    const timer = setTimeout(() => closeNotice(id), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return (
    <div className={`flex justify-center px-3 ${hydrated ? "pointer-events-none fixed inset-x-0 top-2 z-50" : "pt-2"}`}>
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-testid="notice"
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-3 shadow-lg ${tone[toast.type]}`}
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{say(toast.title, values)}</p>
          {toast.description ? <p className="text-sm">{say(toast.description, values)}</p> : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            onClick={() => closeNotice(id)}
            className="tap -m-2 rounded-lg hover:bg-black/5"
            aria-label={t("common:notice.close")}
          >
            <Icon name="x" size={16} />
          </button>
        ) : null}
      </div>
    </div>
  );
}
