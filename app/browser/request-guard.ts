import { data, isRouteErrorResponse, redirect } from "react-router";
import { connectionFailed, connectionWorks } from "~/browser/connection";
import { ANSWER_PATIENCE_MS, type FailedRequest } from "~/lib/failed-request";
import { showNotice } from "~/browser/notices";
import type { Toast } from "~/lib/toast";
import type { MessageKey } from "~/locales/namespaces";

// A form's request with JavaScript goes through its route's `clientAction`, made here. When the
// request fails on the way (dropped, no answer within the officer's patience, a proxy's 502
// page, a server error), React Router would replace the page with its error boundary and the
// typed text would go with it; instead the page stays, the action's own failure notice shows,
// and the component gets a `FailedRequest` (a create that failed on the way keeps its submission
// in the send queue; one the server answered with an error does not: the server has spoken).
// An expired session says so, goes to sign-in and back to this page, with what was typed kept.

/** How long the signed-out notice shows before the page goes to sign in. */
const SIGN_IN_DELAY_MS = 500;

/** The notice for an authorization error on any save. */
const SIGNED_OUT: Toast = { type: "error", title: "common:notice.signedOut" };

/** A proxy's answer when the server cannot be reached. */
const isUnreachable = (status: number) => status === 502 || status === 503 || status === 504;

/** Statuses of a refusal the page shows as it is (not found, forbidden, …); others are failures. */
const isRefusal = (status: number) => status < 500 && status !== 408 && status !== 429;

class NoAnswer extends Error {}

/** `answer`, or a rejection once the officer's patience has run out without it. */
export function withinPatience<T>(answer: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer()), ANSWER_PATIENCE_MS);
  });
  return Promise.race([answer, patience]).finally(() => clearTimeout(timer));
}

/** Dropped, unanswered in time, or answered by a proxy: evidence that the server cannot be reached. */
const failedOnTheWay = (error: unknown) =>
  error instanceof TypeError ||
  error instanceof NoAnswer ||
  (isRouteErrorResponse(error) && isUnreachable(error.status));

const isSignInRedirect = (response: Response) => /^\/login(\?|$)/.test(response.headers.get("Location") ?? "");

/** To sign in, then back to the page the officer is on (not to the address the request went to). */
const signInAndComeBackHere = () =>
  redirect(`/login?${new URLSearchParams({ redirectTo: `${window.location.pathname}${window.location.search}` })}`);

/**
 * Why a request failed, in words an officer can act on (the `{reason}` of "Failed to …: {reason}"):
 * a catalog's key, which the notice says in the reader's language (as a value of its message).
 */
function failureReason(error: unknown): MessageKey {
  if (error instanceof TypeError) return "common:failure.connection";
  if (error instanceof NoAnswer) return "common:failure.noAnswer";
  if (isRouteErrorResponse(error) && isUnreachable(error.status)) return "common:failure.unreachable";
  return "common:failure.serverFailed";
}

/**
 * The body of a route's `clientAction`: the server's action, guarded as described above.
 * `failure` names the notice for a failed request from the submitted form (routes with several
 * intents differ) and why it failed; `signedOut`, the notice shown for 500 ms before going to
 * sign in (SIGNED_OUT unless the page has its own):
 *   export const clientAction = (args: Route.ClientActionArgs) => guardRequest(args, () => FAILED);
 */
export async function guardRequest<Answer>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<Answer> },
  failure: (form: FormData, reason: string) => Toast,
  { signedOut = SIGNED_OUT }: { signedOut?: Toast } = {},
) {
  const submitted = request.clone().formData();
  submitted.catch(() => undefined);
  try {
    const answer = await withinPatience(serverAction());
    connectionWorks();
    return answer;
  } catch (error) {
    if (error instanceof Response) {
      connectionWorks();
      if (!isSignInRedirect(error)) throw error;
      // Back to this page after signing in (not to the form's action), with the typed text.
      const { keepDraft } = await import("~/browser/drafts");
      keepDraft(new URL(request.url).pathname, await submitted);
      showNotice(signedOut);
      await new Promise((resolve) => setTimeout(resolve, SIGN_IN_DELAY_MS));
      throw signInAndComeBackHere();
    }
    if (isRouteErrorResponse(error) && isRefusal(error.status)) throw error;
    const answered = !failedOnTheWay(error);
    if (!answered) connectionFailed();
    const notice = failure(await submitted.catch(() => new FormData()), failureReason(error));
    showNotice(notice);
    return data(
      { ok: false, failed: true, error: notice.description ?? notice.title, answered } satisfies FailedRequest,
      { status: 503 },
    );
  }
}

/**
 * The body of a `clientLoader` for a part of a page loaded with JavaScript (the feed's next
 * page, New Post's dealer list): when its request fails on the way, the part says so
 * (`FailedRequest`, with `failure` as the notice, shown as a toast unless the part shows it in
 * place) instead of taking the page down. Signing in again works as for actions.
 */
export async function guardLoad<Data>(
  { serverLoader }: { serverLoader: () => Promise<Data> },
  failure: Toast,
  { inPlace = false }: { inPlace?: boolean } = {},
) {
  try {
    const loaded = await withinPatience(serverLoader());
    connectionWorks();
    return loaded;
  } catch (error) {
    if (error instanceof Response) throw isSignInRedirect(error) ? signInAndComeBackHere() : error;
    if (isRouteErrorResponse(error) && isRefusal(error.status)) throw error;
    const answered = !failedOnTheWay(error);
    if (!answered) connectionFailed();
    if (!inPlace) showNotice(failure);
    return { ok: false, failed: true, error: failure.description ?? failure.title, answered } satisfies FailedRequest;
  }
}
