// The network's edge for the component level: what the app's requests meet. A route's requests
// (a form's action, a loader a fetcher calls) reach the server through React Router's single fetch,
// which the route module's `clientAction` / `clientLoader` gets as `serverAction` / `serverLoader`:
// FakeServer answers there, and each fault arrives as single fetch delivers it (a dropped
// connection as fetch's TypeError, a 500 or a proxy's 502 page as an error response, an expired
// session as the redirect to sign in, no answer as a promise that never settles). The app's own
// `fetch` calls (app/browser/request-json.ts) meet MSW (`network`), with the same five faults.
// Chromium's representatives (tests/e2e/faults) keep the real wiring of both checked.
import { http, HttpResponse } from "msw/http";
import { setupServer } from "msw/node";
import { delay } from "msw/utils/delay";
import { redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterAll, afterEach, beforeAll } from "vitest";
import { PROXY_PAGE, type Fault } from "../../support/faults";

/** A request's page path and method, as a route request is matched: "POST /posts/7". */
const describe = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

type Matcher = string | RegExp;
/** Whether `described` ("POST /posts/7") is what `matcher` names. */
const matches = (matcher: Matcher, described: string) =>
  typeof matcher === "string" ? described === matcher : matcher.test(described);

/** Where the server sends a request whose session expired: sign in, then back to its page (app/http/auth.server.ts). */
function toSignIn(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`);
}

/** Routes that answer without a session (the root answers who is signed in, null then). */
const PUBLIC_ROUTES = new Set(["root", "routes/auth/login"]);

/** What a route's server half answers a request that reaches it (its loader's data, its action's answer). */
export type ServerAnswer = (request: Request) => unknown;

/**
 * The app's server as a route's requests meet it: `routes` says what each route (by its id,
 * "routes/posts/post") answers a request that reaches it, a route without one answers null; `failNext` makes the next matching request meet a fault on the way. `reached` lists
 * the requests the server received (a create that met "no answer in time" did reach it).
 */
export class FakeServer {
  readonly reached: { method: string; path: string; form: FormData | null }[] = [];
  #faults: { matcher: Matcher; fault: Fault }[] = [];
  #signedOut = false;

  constructor(private readonly routes: Record<string, ServerAnswer>) {}

  failNext(fault: Fault, matcher: Matcher): void {
    this.#faults.push({ matcher, fault });
  }

  /** Whether the session expired (until `signIn`). */
  get signedOut(): boolean {
    return this.#signedOut;
  }

  /** Signs in again after "session expired". */
  signIn(): void {
    this.#signedOut = false;
  }

  /** How many requests reached the server as `METHOD /path`, with `intent` when given. */
  count(matcher: Matcher, intent?: string): number {
    return this.reached.filter(
      (request) =>
        matches(matcher, `${request.method} ${request.path.split("?")[0]}`) &&
        (intent === undefined || request.form?.get("intent") === intent),
    ).length;
  }

  /** The route request's answer: `serverAction` / `serverLoader` for `request`. */
  async serve(request: Request, routeId: string): Promise<unknown> {
    const at = this.#faults.findIndex((planned) => matches(planned.matcher, describe(request)));
    const fault = at >= 0 ? this.#faults.splice(at, 1)[0]!.fault : undefined;
    if (fault === "session expired") this.#signedOut = true;
    if (this.#signedOut && !PUBLIC_ROUTES.has(routeId)) throw toSignIn(request);
    switch (fault) {
      case "aborted":
        throw new TypeError("Failed to fetch");
      case "500 with JSON":
        throw new ErrorResponse(500, "Internal Server Error", JSON.stringify({ error: "Internal Server Error" }));
      case "502 from the edge":
        throw new ErrorResponse(502, "Bad Gateway", PROXY_PAGE);
      case "no answer in time":
        // The server does it; its answer never reaches the phone.
        await this.#receive(request, routeId);
        return new Promise(() => undefined);
      default:
        return this.#receive(request, routeId);
    }
  }

  async #receive(request: Request, routeId: string): Promise<unknown> {
    const form = request.method === "GET" ? null : await request.clone().formData();
    const url = new URL(request.url);
    this.reached.push({ method: request.method, path: `${url.pathname}${url.search}`, form });
    return (await this.routes[routeId]?.(request)) ?? null;
  }
}

/**
 * MSW's server for the app's own `fetch` calls (`network.use(...)` adds a test's handlers). What
 * every signed-in page asks in the background is answered: the connection probe and the bell's count.
 */
export const network = setupServer(
  http.get("/healthz", () => HttpResponse.text("ok")),
  http.get("/api/notifications/unread-count", () => HttpResponse.json({ count: 0 })),
);

/**
 * What a call of the app's own `fetch` meets for `fault`: a dropped connection, a JSON 500, the
 * proxy's 502 page, no answer ever, or the 401 of an expired session (which the app sends to sign in).
 */
export async function faultyAnswer(fault: Fault): Promise<Response> {
  switch (fault) {
    case "aborted":
      return HttpResponse.error();
    case "500 with JSON":
      return HttpResponse.json({ error: "Internal Server Error" }, { status: 500 });
    case "502 from the edge":
      return new HttpResponse(PROXY_PAGE, { status: 502, headers: { "Content-Type": "text/html" } });
    case "no answer in time":
      await delay("infinite");
      return HttpResponse.error();
    case "session expired":
      return HttpResponse.json({ error: "Authentication required" }, { status: 401 });
  }
}

/**
 * A handler that makes the next `METHOD path` call of the app's own `fetch` meet `fault`, once:
 * `network.use(faultOnce("PATCH", "/api/notifications/3/read", fault))`. The call does not reach
 * the test's own handler for it (with no answer in time, its answer never comes back either).
 */
export function faultOnce(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", path: string, fault: Fault) {
  const verb = { GET: http.get, POST: http.post, PATCH: http.patch, PUT: http.put, DELETE: http.delete }[method];
  return verb(path, () => faultyAnswer(fault), { once: true });
}

beforeAll(() => network.listen({ onUnhandledFrame: "error" }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());
