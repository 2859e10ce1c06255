// Lite mode: pages without scripts, chosen per device (decision 51). The choice lives in a plain
// cookie, `fl_lite=on|off`; without one, a browser that asks to save data (`Save-Data: on`) gets Lite.

const LITE_COOKIE = "fl_lite";
export const LITE_CHOICES = ["on", "off"] as const;
export type LiteChoice = (typeof LITE_CHOICES)[number];

/** About a year: the choice belongs to the phone, not to a session. */
const LITE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const LITE_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${LITE_COOKIE}=([^;]*)`);

/** The device's choice in a Cookie header (the first `fl_lite`), or null when there is none or it is not on/off. */
export function liteChoice(cookieHeader: string | null): LiteChoice | null {
  const value = LITE_COOKIE_VALUE.exec(cookieHeader ?? "")?.[1]?.trim();
  return value === "on" || value === "off" ? value : null;
}

/**
 * Whether a page is served in Lite mode: the device's choice when it made one (`off` wins over
 * Save-Data: the officer asked for the full app), else exactly when the browser sends `Save-Data: on`.
 */
export function isLite(choice: LiteChoice | null, saveData: string | null): boolean {
  if (choice !== null) return choice === "on";
  return saveData?.trim().toLowerCase() === "on";
}

/** The Set-Cookie header that remembers a choice on this device (Secure when the app's cookies are). */
export function liteCookie(choice: LiteChoice, { secure }: { secure: boolean }): string {
  return [
    `${LITE_COOKIE}=${choice}`,
    "Path=/",
    `Max-Age=${LITE_COOKIE_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
