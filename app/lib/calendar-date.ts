import { z } from "~/lib/zod";

// Calendar dates ("2026-11-22") as the app's forms and query strings name them. Only days a
// field officer can mean are accepted, and days are walked by number, never by comparing text
// (past 9999 an ISO string no longer sorts by time).

export const FIRST_DATE = "2000-01-01";
export const LAST_DATE = "2100-12-31";

const DAY_MS = 86_400_000;

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
