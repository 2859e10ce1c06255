import { connectionFailed, connectionWorks } from "~/browser/connection";
import { ANSWER_PATIENCE_MS } from "~/lib/failed-request";

/** A refused or failed call: `status` 0 when no answer came (the request failed on the way). */
class RequestFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function comeBackAfterSignIn(): void {
  window.location.assign(
    `/login?${new URLSearchParams({ redirectTo: `${window.location.pathname}${window.location.search}` })}`,
  );
}

/** Where a request the officer made goes when the session expired: sign in, then back to this page. */
export function signInAndComeBack(error: unknown): void {
  if (error instanceof RequestFailed && error.status === 401) comeBackAfterSignIn();
}

/**
 * A same-origin JSON call from the browser; rejects with `RequestFailed` when it fails. Its
 * outcome is evidence for the connection state. A 401 (the session expired) is the caller's to
 * handle: what the officer asked for goes to `signInAndComeBack`, a background refresh does not.
 * A change (any method but GET) fails when no answer comes within the officer's patience, so the
 * page can undo what it showed; a load keeps waiting, and says it is loading.
 */
export async function requestJson<T>(url: string, method = "GET"): Promise<T> {
  const patience = new AbortController();
  const timer = method === "GET" ? undefined : setTimeout(() => patience.abort(), ANSWER_PATIENCE_MS);
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { Accept: "application/json" }, signal: patience.signal });
  } catch (error) {
    connectionFailed();
    throw new RequestFailed(0, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) connectionFailed();
  else connectionWorks();
  if (!response.ok) throw new RequestFailed(response.status, (await response.text()) || response.statusText);
  return (await response.json()) as T;
}
