import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { setMessageSource } from "~/browser/i18n";
import { cspNonceContext, currentUserContext } from "~/http/context";
import { log } from "~/infra/log.server";
import { namespaceMessages } from "~/locales/catalogs.server";

export const streamTimeout = 5_000;

// The server renders every page's words from the catalogs themselves (decision 101).
setMessageSource(namespaceMessages);

/** Every page, and its data, depends on Lite mode: the device's `fl_lite` cookie, else its Save-Data (decision 51). */
function varyWithLiteMode(headers: Headers): void {
  headers.append("Vary", "Save-Data, Cookie");
}

/**
 * A signed-in action's answer (a new API token, shown once, among them) is never stored, as a
 * signed-in page is not, whether it arrives as a page or as its data.
 */
export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
): Response {
  if (request.method !== "GET" && request.method !== "HEAD" && context.get(currentUserContext)) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  varyWithLiteMode(response.headers);
  return response;
}

/** A loader's, an action's or a render's unexpected error, as one log line (React Router would print it as plain text). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A request its client gave up on is no failure of ours.
  if (request.signal.aborted) return;
  log.error({ err: error }, "a page or its data failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  // A signed-in page is that officer's alone: no shared cache, and no copy kept after they leave
  // (the service worker saves only `private` pages, for offline use, and drops them on sign-out).
  if (loadContext.get(currentUserContext)) responseHeaders.set("Cache-Control", "private, no-store");
  varyWithLiteMode(responseHeaders);
  // Bots and no-JavaScript clients get the whole document at once.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "a page failed while streaming");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
