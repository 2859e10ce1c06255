import { env } from "~/env.server";
import { isLite, liteChoice, liteCookie, type LiteChoice } from "~/lib/lite-mode";

/** Whether this request's page is served in Lite mode: the device's `fl_lite` cookie, else its `Save-Data`. */
export function isLiteRequest(request: Request): boolean {
  return isLite(liteChoice(request.headers.get("Cookie")), request.headers.get("Save-Data"));
}

/** The Set-Cookie header that remembers the choice on this device. */
export function liteModeCookie(choice: LiteChoice): string {
  return liteCookie(choice, { secure: env.COOKIE_SECURE });
}
