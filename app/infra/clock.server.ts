import { env } from "~/env.server";
import { dayRange, localDate, type Period, periodRange, type TimeRange, timeZoneOffsetMs } from "~/lib/calendar";

// The server's clock and the app's calendar: every "now" of the server is read here, and the
// officers' days, weeks and months are those of the app's time zone (APP_TIME_ZONE, Asia/Karachi).
// The arithmetic is lib/calendar.ts's, for any time zone; these bind it to the app's.

/** The time now. Tests move it with Vitest's fake timers (Date), and jobs read it like requests. */
export function currentTime(): Date {
  return new Date();
}

/** The app time zone's date (yyyy-MM-dd) at `at`: today by default. */
export function appDate(at = currentTime()): string {
  return localDate(at, env.APP_TIME_ZONE);
}

/** The app time zone's day `date` (yyyy-MM-dd) as epoch ms [from, to). */
export function appDayRange(date: string): TimeRange {
  return dayRange(date, env.APP_TIME_ZONE);
}

/** Today, this week (from Sunday), this month or all time in the app's time zone, to the end of today. */
export function appPeriodRange(period: Period, at = currentTime()): TimeRange {
  return periodRange(period, at, env.APP_TIME_ZONE);
}

/** The offset of the app's time zone from UTC at `at`, in ms. */
export function appOffsetMs(at = currentTime()): number {
  return timeZoneOffsetMs(at, env.APP_TIME_ZONE);
}
