import { z } from "~/lib/zod";

// The calendar, the same in the browser and on the server: calendar dates ("2026-11-22") as the
// app's forms and query strings name them, and the days, weeks and months of a time zone as epoch
// ms. Only days a field officer can mean are accepted, and days are walked by number, never by
// comparing text (past 9999 an ISO string no longer sorts by time). The server's clock and the
// app's time zone are app/infra/clock.server.ts's.

export const FIRST_DATE = "2000-01-01";
export const LAST_DATE = "2100-12-31";

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a yyyy-MM-dd date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The yyyy-MM-dd date of a day number (years 0 to 9999). */
export function dateOfDay(day: number): string {
  const date = new Date(day * DAY_MS);
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  return `${year}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
}

/** The UTC calendar date of an epoch time in ms (add a zone's offset first for a local date). */
export function dateOfTime(ms: number): string {
  return dateOfDay(Math.floor(ms / DAY_MS));
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** The Sunday that starts `date`'s week. */
export function weekStart(date: string): string {
  const day = dayNumber(date);
  return dateOfDay(day - new Date(day * DAY_MS).getUTCDay());
}

/** True for "2026-11-22"-shaped text naming a real day from FIRST_DATE to LAST_DATE. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < FIRST_DATE || text > LAST_DATE) return false;
  return dateOfDay(dayNumber(text)) === text;
}

export const calendarDateMessage = (field: string) =>
  `${field} must be a real date from ${FIRST_DATE} to ${LAST_DATE}, in the form yyyy-MM-dd`;

/** A required calendar date; every date the app reads from input goes through this. */
export const calendarDateSchema = (field: string) =>
  z.string({ error: calendarDateMessage(field) }).refine(isCalendarDate, calendarDateMessage(field));

/** A span of time as epoch ms, from `from` up to (not including) `to`. */
export type TimeRange = { from: number; to: number };

/** The rankings' and the stats' periods. */
export const PERIODS = ["today", "week", "month", "all"] as const;
export type Period = (typeof PERIODS)[number];

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The offset of `timeZone` from UTC at `at`, in ms (Asia/Karachi: +5 h all year). */
export function timeZoneOffsetMs(at: Date, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The date (yyyy-MM-dd) in `timeZone` at `at`. */
export function localDate(at: Date, timeZone: string): string {
  return dateOfTime(at.getTime() + timeZoneOffsetMs(at, timeZone));
}

/** The day `date` (yyyy-MM-dd) in `timeZone` as epoch ms [from, to). */
export function dayRange(date: string, timeZone: string): TimeRange {
  const utcMidnight = dayNumber(date) * DAY_MS;
  // The offset at local noon of that day: away from any midnight change of clocks.
  const offset = timeZoneOffsetMs(new Date(utcMidnight + DAY_MS / 2), timeZone);
  const nextOffset = timeZoneOffsetMs(new Date(utcMidnight + DAY_MS + DAY_MS / 2), timeZone);
  return { from: utcMidnight - offset, to: utcMidnight + DAY_MS - nextOffset };
}

/**
 * The period's start and end as epoch ms: today, this week (from Sunday), this month, or all
 * time, in `timeZone`. `to` is the end of today, so nothing posted today is left out.
 */
export function periodRange(period: Period, at: Date, timeZone: string): TimeRange {
  const offset = timeZoneOffsetMs(at, timeZone);
  const localNow = at.getTime() + offset;
  const localDayStart = Math.floor(localNow / DAY_MS) * DAY_MS;
  const to = localDayStart + DAY_MS - offset;
  const local = new Date(localDayStart);
  switch (period) {
    case "today":
      return { from: localDayStart - offset, to };
    case "week":
      return { from: localDayStart - local.getUTCDay() * DAY_MS - offset, to };
    case "month":
      return { from: Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offset, to };
    case "all":
      return { from: 0, to: Number.MAX_SAFE_INTEGER };
  }
}
