import { useState } from "react";
import { useHydrated } from "~/browser/hydrated";
import { CopyButton } from "~/components/copy-button";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { useT } from "~/browser/i18n";
import { formatLocalDate } from "~/lib/date-format";
import { STATEMENT_LINK_DAYS } from "~/lib/statement";

/** WhatsApp's own link that opens a chat with `text` to send: it works on a phone without our scripts. */
function whatsAppUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * A share link just made: the link to copy (selectable without JavaScript), a WhatsApp link, and
 * with JavaScript the phone's share sheet (Web Share) and a Copy button where the browser has them.
 */
export function StatementShare({ url, title, expiresAt }: { url: string; title: string; expiresAt: Date }) {
  const t = useT();
  const language = useLanguage();
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const hydrated = useHydrated();
  const [shareFailed, setShareFailed] = useState(false);
  const message = `${title}: ${url}`;
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  const share = async () => {
    try {
      await navigator.share({ title, text: title, url });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) setShareFailed(true);
    }
  };
  return (
    <section className="card space-y-2 print:hidden" aria-labelledby="statement-share" data-testid="statement-share">
      <h2 id="statement-share" className="font-semibold">
        {t("dealers:statement.shareLink")}
      </h2>
      <p className="text-sm text-gray-11">
        {t("dealers:statement.shareExplained", {
          until: formatLocalDate(expiresAt.toISOString(), timeZone, { withTime: true, language }),
          days: STATEMENT_LINK_DAYS,
        })}
      </p>
      <label className="block text-sm font-medium" htmlFor="statement-link">
        {t("dealers:statement.linkLabel")}
      </label>
      <div className="flex gap-2">
        <input id="statement-link" className="field-input flex-1" readOnly value={url} dir="ltr" />
        <CopyButton text={url} label={t("dealers:statement.copyLink")} />
      </div>
      <div className="flex flex-wrap gap-2">
        {canShare ? (
          <button type="button" className="btn-primary" onClick={() => void share()}>
            {t("dealers:statement.share")}
          </button>
        ) : null}
        <a href={whatsAppUrl(message)} className="btn-secondary" target="_blank" rel="noreferrer">
          {t("dealers:statement.whatsApp")}
        </a>
      </div>
      {shareFailed ? (
        <p role="status" className="text-sm text-danger-11">
          {t("dealers:statement.shareFailed")}
        </p>
      ) : null}
    </section>
  );
}
