import { isRouteErrorResponse, useLocation } from "react-router";

/** What a page that could not be shown says about `error`, and whether trying again may help. */
function describeError(error: unknown): { heading: string; message: string; retry: boolean } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { heading: "404 Page Not Found", message: "Did you forget to add the page to the router?", retry: false };
    if (error.status === 403)
      return { heading: "Access Denied", message: "You don't have permission to access this page.", retry: false };
    // A proxy's page instead of ours: the server could not be reached.
    if (error.status === 502 || error.status === 503 || error.status === 504) return CONNECTION_FAILED;
    const message =
      typeof error.data === "string" && error.data && error.status < 500 ? error.data : UNEXPECTED.message;
    return { heading: `${error.status} ${error.statusText || "Error"}`, message, retry: error.status >= 500 };
  }
  // fetch's TypeError: the request failed on the way.
  if (error instanceof TypeError) return CONNECTION_FAILED;
  if (import.meta.env.DEV && error instanceof Error) return { ...UNEXPECTED, message: error.message };
  return UNEXPECTED;
}

const CONNECTION_FAILED = {
  heading: "The page could not load",
  message: "The connection failed. Check your signal and try again.",
  retry: true,
};
const UNEXPECTED = {
  heading: "Something went wrong",
  message: "An unexpected error occurred. Please try again.",
  retry: true,
};

/** The body of an error boundary: what happened, "Try again" (this page, loaded whole) and a way home. */
export function ErrorView({ error }: { error: unknown }) {
  const { heading, message, retry } = describeError(error);
  const location = useLocation();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="text-gray-11">{message}</p>
      {retry ? (
        // A plain link to this page: it works without JavaScript, and offline the worker answers it.
        <a href={`${location.pathname}${location.search}`} className="btn-primary min-h-11">
          Try again
        </a>
      ) : null}
      <a href="/" className={retry ? "btn-secondary min-h-11" : "btn-primary min-h-11"}>
        Go to the feed
      </a>
    </div>
  );
}
