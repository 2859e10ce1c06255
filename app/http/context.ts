import { createContext } from "react-router";
import type { Language } from "~/lib/languages";
import type { TokenScope } from "~/models/api-token.schema";
import type { CurrentUser } from "~/models/user.server";

/** The Content-Security-Policy nonce of this request, set by the Express server. */
export const cspNonceContext = createContext<string>("");

/** This request's id (server/request-log.ts), shown on its error page; "" without a server around. */
export const requestIdContext = createContext<string>("");

/**
 * Runs a task once this request's answer has been sent (set by the Express server); without a
 * server around (a script, a test), on the next turn of the event loop.
 */
export const afterResponseContext = createContext<(task: () => void) => void>((task) => setImmediate(task));

/**
 * The client's address as the Express server saw it (behind the trusted proxies), an IPv6
 * address as its /56; "local" without a server around (a script, a test).
 */
export const clientAddressContext = createContext<string>("local");

/**
 * Tells the server the pattern of the route that answers this request (`/dealer-details/:id?`,
 * `/api/dealers/{id}`), its label in the metrics (decision 105); set by the Express server.
 */
export const routePatternContext = createContext<(pattern: string) => void>(() => {});

/** The signed-in user of this request (or null), set by the root middleware. */
export const currentUserContext = createContext<CurrentUser | null>(null);

/** The API token the request acts with (`Authorization: Bearer` on /api), or null for a session or nobody. */
export const requestTokenContext = createContext<{ id: number; scope: TokenScope } | null>(null);

/** The language this request's page is read in (decision 101), set by the root middleware. */
export const languageContext = createContext<Language>("en");
