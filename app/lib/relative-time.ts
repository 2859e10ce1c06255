import type { Language } from "~/lib/languages";

// Written out rather than made by Intl.RelativeTimeFormat: a phone's browser takes about 30 ms to
// make the first Intl formatter of a page (130 ms at a low-tier phone's CPU), and the feed would
// make one just to hydrate its cards. The words are Intl's en-US ones with `numeric: "auto"`
// (relative-time.test.ts compares them).
const UNITS: Array<[Unit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
type Unit = "year" | "month" | "week" | "day" | "hour" | "minute";

/** One unit back or ahead, as `numeric: "auto"` says it. */
const ONE: Partial<Record<Unit, [string, string]>> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  week: ["last week", "next week"],
  day: ["yesterday", "tomorrow"],
};

/** -3, "day" -> "3 days ago"; 1, "week" -> "next week". */
export function formatRelative(value: number, unit: Unit): string {
  const one = ONE[unit];
  if (one && Math.abs(value) === 1) return value < 0 ? one[0] : one[1];
  const count = Math.abs(value);
  const grouped = String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const words = `${grouped} ${unit}${count === 1 ? "" : "s"}`;
  return value < 0 ? `${words} ago` : `in ${words}`;
}

// Urdu's words are Intl's own (its days have forms of their own, such as "گزشتہ پرسوں"): an Urdu
// reader's page makes the one formatter, once.
let urduFormat: Intl.RelativeTimeFormat | undefined;

function formatRelativeIn(language: Language, value: number, unit: Unit): string {
  if (language === "en") return formatRelative(value, unit);
  urduFormat ??= new Intl.RelativeTimeFormat("ur-PK-u-nu-latn", { numeric: "auto" });
  return urduFormat.format(value, unit);
}

const JUST_NOW: Record<Language, string> = { en: "just now", ur: "ابھی ابھی" };

/** "5 minutes ago", "yesterday", "just now" (US English); in Urdu "5 منٹ پہلے", "گزشتہ کل", "ابھی ابھی". */
export function relativeTime(date: Date | string, now: Date = new Date(), language: Language = "en"): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatRelativeIn(language, Math.trunc(seconds / size), unit);
  }
  return JUST_NOW[language];
}
