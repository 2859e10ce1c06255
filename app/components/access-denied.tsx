import { useMemo } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { Toaster } from "~/components/toaster";
import { useSay, useT } from "~/browser/i18n";
import { useNotice } from "~/browser/notices";
import type { Toast } from "~/lib/toast";
import type { MessageKey } from "~/locales/namespaces";
import { Icon } from "~/components/icon";

/**
 * The admin pages' 403 view with the access-denied toast. Error boundaries render it, so the
 * server's 403 page shows it with JavaScript off too.
 */
function AccessDenied({ message }: { message?: string }) {
  const t = useT();
  const say = useSay();
  const noPermission = t("common:error.deniedMessage");
  // One object while the words stay the same, so it is shown once, not again on each render.
  const deniedToast = useMemo<Toast>(() => ({ title: noPermission, type: "error" }), [noPermission]);
  // Rendered here until the browser has it (without JavaScript, always); then the root shows it.
  const notice = useNotice(deniedToast);
  return (
    <>
      {notice?.id === 0 ? <Toaster toast={notice.toast} id={notice.id} /> : null}
      <div className="card space-y-3 text-center">
        <Icon name="shield-exclamation-point" size={32} className="mx-auto text-danger-11" />
        <h1 className="text-xl font-bold">{t("common:error.deniedHeading")}</h1>
        <p className="text-gray-11">{message ? say(message) : noPermission}</p>
        <Link to="/" className="btn-primary">
          {t("common:error.goToFeed")}
        </Link>
      </div>
    </>
  );
}

/**
 * An admin page's error boundary: Access Denied for a 403, otherwise the page's failure message.
 * `deniedMessage` is a catalog's key (of common, which every page has) or a refusal already said;
 * `failedMessage` is common's key (`common:failed.*`): a loader that failed sent no words of its page.
 */
export function AdminErrorView({
  error,
  deniedMessage,
  failedMessage,
}: {
  error: unknown;
  deniedMessage?: string;
  failedMessage: MessageKey;
}) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied message={deniedMessage} />;
  // A refusal of the request (a form too large, a record not found) says what it was.
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : null;
  return (
    <div className="card space-y-3 text-center">
      <h1 className="text-xl font-bold">{t("common:error.unexpectedHeading")}</h1>
      <p className="text-gray-11">{refusal ?? t(failedMessage)}</p>
      <Link to="/" className="btn-primary">
        {t("common:error.goToFeed")}
      </Link>
    </div>
  );
}
