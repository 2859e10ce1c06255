// The languages Fieldline is read in (decision 101): English, as the spec words it, and Urdu,
// written right to left. Which one a reader gets: this device's choice (its `fl_lang` cookie), else
// the signed-in user's saved choice, else the browser's preferred language, else English.

export const LANGUAGES = ["en", "ur"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's name in its own script: what the switch offers, read by those who read it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ur: "اردو" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function languageDirection(language: Language): "ltr" | "rtl" {
  return language === "ur" ? "rtl" : "ltr";
}

const LANGUAGE_COOKIE = "fl_lang";
const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

/** About a year: the choice belongs to the phone, as Lite mode's does. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The device's choice in a Cookie header (the first `fl_lang`), or null when there is none or it is no language of ours. */
export function deviceLanguage(cookieHeader: string | null): Language | null {
  const value = LANGUAGE_COOKIE_VALUE.exec(cookieHeader ?? "")?.[1]?.trim();
  return isLanguage(value) ? value : null;
}

/** The Set-Cookie header that remembers a choice on this device (Secure when the app's cookies are). */
export function languageCookie(language: Language, { secure }: { secure: boolean }): string {
  return [
    `${LANGUAGE_COOKIE}=${language}`,
    "Path=/",
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** At most this many ranges of an Accept-Language header are read: a hostile header is not a loop. */
const ACCEPT_LANGUAGE_RANGES = 20;

/**
 * The browser's most preferred language of ours in an Accept-Language header (`ur-PK,ur;q=0.9,en;q=0.8`),
 * by quality and then by order; null when it names none of ours.
 */
export function preferredLanguage(acceptLanguage: string | null): Language | null {
  const ranges = (acceptLanguage ?? "")
    .split(",", ACCEPT_LANGUAGE_RANGES)
    .map((part, order) => {
      const [range = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: range.split("-")[0] ?? "", quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((range) => isLanguage(range.language) && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  const best = ranges[0]?.language;
  return isLanguage(best) ? best : null;
}

/** The language a reader gets: this device's choice, else their saved one, else their browser's, else English. */
export function readerLanguage({
  device,
  saved,
  accept,
}: {
  device: Language | null;
  saved: string | null | undefined;
  accept: string | null;
}): Language {
  return device ?? (isLanguage(saved) ? saved : null) ?? preferredLanguage(accept) ?? DEFAULT_LANGUAGE;
}
