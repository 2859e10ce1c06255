import { createContext } from "react-router";
import type { CurrentUser } from "~/models/user.server";

/** The Content-Security-Policy nonce of this request, set by the Express server. */
export const cspNonceContext = createContext<string>("");

/** The signed-in user of this request (or null), set by the root middleware. */
export const currentUserContext = createContext<CurrentUser | null>(null);
