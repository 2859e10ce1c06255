import { isRouteErrorResponse, useLocation } from "react-router";
import { useT } from "~/browser/i18n";
import { useRootData } from "~/browser/root-data";
import type { Translate } from "~/locales/namespaces";

/** What a page that could not be shown says about `error`, and whether trying again may help. */
function describeError(error: unknown, t: Translate): { heading: string; message: string; retry: boolean } {
  const connectionFailed = {
    heading: t("common:error.connectionHeading"),
    message: t("common:error.connectionMessage"),
    retry: true,
  };
  const unexpected = { heading: t("common:error.unexpectedHeading"), message: t("common:error.unexpectedMessage") };
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { heading: t("common:error.notFoundHeading"), message: t("common:error.notFoundMessage"), retry: false };
    if (error.status === 403)
      return { heading: t("common:error.deniedHeading"), message: t("common:error.deniedMessage"), retry: false };
    // A proxy's page instead of ours: the server could not be reached.
    if (error.status === 502 || error.status === 503 || error.status === 504) return connectionFailed;
    const message =
      typeof error.data === "string" && error.data && error.status < 500 ? error.data : unexpected.message;
    const heading = t("common:error.statusHeading", {
      status: error.status,
      statusText: error.statusText || t("common:error.statusFallback"),
    });
    return { heading, message, retry: error.status >= 500 };
  }
  // fetch's TypeError: the request failed on the way.
  if (error instanceof TypeError) return connectionFailed;
  if (import.meta.env.DEV && error instanceof Error) return { ...unexpected, message: error.message, retry: true };
  return { ...unexpected, retry: true };
}

/** The body of an error boundary: what happened, "Try again" (this page, loaded whole) and a way home. */
export function ErrorView({ error }: { error: unknown }) {
  const t = useT();
  const { heading, message, retry } = describeError(error, t);
  const location = useLocation();
  const requestId = useRootData()?.requestId;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="text-gray-11">{message}</p>
      {retry ? (
        // A plain link to this page: it works without JavaScript, and offline the worker answers it.
        <a href={`${location.pathname}${location.search}`} className="btn-primary min-h-11">
          {t("common:error.tryAgain")}
        </a>
      ) : null}
      <a href="/" className={retry ? "btn-secondary min-h-11" : "btn-primary min-h-11"}>
        {t("common:error.goToFeed")}
      </a>
      {requestId ? (
        <p className="text-sm text-gray-11" data-testid="request-id">
          {t("common:error.requestId")}: <code dir="ltr">{requestId}</code>
        </p>
      ) : null}
    </div>
  );
}

/** A whole page of ErrorView, for a page without the app's shell around it. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      {/* A page that failed has no meta of its own. */}
      <title>Fieldline</title>
      <ErrorView error={error} />
    </main>
  );
}
