import { apiTokenCredential, getSessionUser, type RequestCredential } from "~/models/session.server";
import { currentTime } from "~/infra/clock.server";

// Who a request acts as is read from its headers here, at the edge, once: the models take the
// token or the cookie header, never the request. The Express server's rate limits and
// same-origin check read the token with the same function.

/**
 * The API token an /api call carries as `Authorization: Bearer <token>`: null on a page, without
 * the header or with another scheme (a proxy's Basic sign-in), "" when it names no token.
 */
export function apiBearerToken(path: string, authorization: string | null | undefined): string | null {
  if (!path.startsWith("/api/")) return null;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(authorization ?? "");
  return match ? (match[1] ?? "").trim() : null;
}

/**
 * The request's credential. A `/api` call with `Authorization: Bearer …` acts as the token's
 * user (an unknown token is nobody: 401), whatever cookie it carries; pages read only the
 * session cookie.
 */
export async function requestCredential(request: Request, now = currentTime()): Promise<RequestCredential | null> {
  const token = apiBearerToken(new URL(request.url).pathname, request.headers.get("Authorization"));
  if (token !== null) return apiTokenCredential(token, now);
  const user = await getSessionUser(request.headers.get("Cookie"));
  return user && { user, token: null };
}
