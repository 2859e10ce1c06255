import type { Language } from "~/lib/languages";

/**
 * "Nov 22, 2026" or "Nov 22, 2026, 3:05 PM" in the app's time zone, the same on server and
 * browser; in Urdu "22 نومبر، 2026", its months in Urdu and its digits Western (decision 101).
 */
export function formatLocalDate(
  iso: string,
  timeZone: string,
  { withTime = false, language = "en" }: { withTime?: boolean; language?: Language } = {},
): string {
  return dateFormat(timeZone, withTime, language).format(new Date(iso));
}

/** The locale each language's dates and times are written in. */
export const LOCALES: Record<Language, string> = { en: "en-US", ur: "ur-PK" };

// Making an Intl.DateTimeFormat costs far more than using one (a feed page formats hundreds of
// dates): one per time zone and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string, withTime: boolean, language: Language): Intl.DateTimeFormat {
  const key = `${timeZone} ${withTime} ${language}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      timeZone,
      numberingSystem: "latn",
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar day ("2026-11-02", as the map's date picker names it) as "Nov 2, 2026": that day wherever it is read. */
export function formatCalendarDate(day: string, language: Language = "en"): string {
  return formatLocalDate(`${day}T00:00:00Z`, "UTC", { language });
}
