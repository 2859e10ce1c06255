import { env } from "~/env.server";

/**
 * The settings of the app's signed cookies (session, toast). When cookies are Secure they also
 * carry the __Host- prefix, which browsers accept only from a secure origin, with Path=/ and no
 * Domain: a sibling subdomain or a plain-HTTP page cannot set or overwrite them.
 */
export function appCookie(name: string) {
  return {
    name: env.COOKIE_SECURE ? `__Host-${name}` : name,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.COOKIE_SECURE,
    path: "/",
    secrets: [env.SESSION_SECRET],
  };
}
