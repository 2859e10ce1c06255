import { useState } from "react";
import { useHydrated } from "~/browser/hydrated";
import { useT } from "~/browser/i18n";

/**
 * Copies `text` to the clipboard in one tap, for a secret shown once (a new API token). An
 * enhancement only: without JavaScript, or where the browser gives no clipboard, there is no button
 * and the text stays in its read-only field to select. Says "Copied", or that it could not.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated();
  const t = useT();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button type="button" className="btn-secondary px-3 text-sm" aria-label={label} onClick={() => void copy()}>
        {state === "copied" ? t("common:copy.copied") : t("common:copy.copy")}
      </button>
      <span role="status" className={state === "failed" ? "text-sm text-danger-11" : "sr-only"}>
        {state === "copied" ? t("common:copy.copiedStatus") : state === "failed" ? t("common:copy.failed") : ""}
      </span>
    </>
  );
}
