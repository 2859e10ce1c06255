import { isRouteErrorResponse, Link } from "react-router";
import { Toaster } from "~/components/toaster";
import { useNotice } from "~/browser/notices";
import type { Toast } from "~/lib/toast";
import { Icon } from "~/components/icon";

const NO_PERMISSION = "You don't have permission to access this page.";

// One object for the page's life, so it is shown once, not again on each render.
const deniedToast: Toast = { title: NO_PERMISSION, type: "error" };

/**
 * The admin pages' 403 view with the access-denied toast. Error boundaries render it, so the
 * server's 403 page shows it with JavaScript off too.
 */
function AccessDenied({ message = NO_PERMISSION }: { message?: string }) {
  // Rendered here until the browser has it (without JavaScript, always); then the root shows it.
  const notice = useNotice(deniedToast);
  return (
    <>
      {notice?.id === 0 ? <Toaster toast={notice.toast} id={notice.id} /> : null}
      <div className="card space-y-3 text-center">
        <Icon name="shield-exclamation-point" size={32} className="mx-auto text-danger-11" />
        <h1 className="text-xl font-bold">Access Denied</h1>
        <p className="text-gray-11">{message}</p>
        <Link to="/" className="btn-primary">
          Go to the feed
        </Link>
      </div>
    </>
  );
}

/** An admin page's error boundary: Access Denied for a 403, otherwise the page's failure message. */
export function AdminErrorView({
  error,
  deniedMessage,
  failedMessage,
}: {
  error: unknown;
  deniedMessage?: string;
  failedMessage: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied message={deniedMessage} />;
  // A refusal of the request (a form too large, a record not found) says what it was.
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : null;
  return (
    <div className="card space-y-3 text-center">
      <h1 className="text-xl font-bold">Something went wrong</h1>
      <p className="text-gray-11">{refusal ?? failedMessage}</p>
      <Link to="/" className="btn-primary">
        Go to the feed
      </Link>
    </div>
  );
}
