import { addDays, dayNumber, isCalendarDate } from "~/lib/calendar";

// The periods targets are set for (decision 84): a calendar month ("2026-11") or one of the two
// crop seasons: Kharif from April to September ("KHARIF-2026": 2026-04-01 to 2026-09-30) and Rabi
// from October to March ("RABI-2026": 2026-10-01 to 2027-03-31). Days are the app's calendar days
// (Asia/Karachi); a period is valid when its first and last days are days the app accepts.

/** A period's first and last calendar days (yyyy-MM-dd), both included. */
export type PeriodSpan = { first: string; last: string };

const MONTH = /^(\d{4})-(\d{2})$/;
const SEASON = /^(RABI|KHARIF)-(\d{4})$/;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The last day of month `month` (1 to 12) of `year`, as yyyy-MM-dd. */
function lastDayOfMonth(year: number, month: number): string {
  const next = month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1, 2)}-01`;
  return addDays(next, -1);
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** The days of `period`, or null when it is not a period the app accepts. */
export function periodSpan(period: string): PeriodSpan | null {
  const month = MONTH.exec(period);
  const season = SEASON.exec(period);
  let span: PeriodSpan | null = null;
  if (month) {
    const [year, number] = [Number(month[1]), Number(month[2])];
    if (number >= 1 && number <= 12) span = { first: `${month[1]}-${month[2]}-01`, last: lastDayOfMonth(year, number) };
  } else if (season) {
    const year = Number(season[2]);
    span =
      season[1] === "KHARIF"
        ? { first: `${season[2]}-04-01`, last: `${season[2]}-09-30` }
        : { first: `${season[2]}-10-01`, last: `${pad(year + 1, 4)}-03-31` };
  }
  return span && isCalendarDate(span.first) && isCalendarDate(span.last) ? span : null;
}

export function isTargetPeriod(text: string): boolean {
  return periodSpan(text) !== null;
}

/** A crop season (RABI-2026, KHARIF-2026) the app accepts: not a month. */
export function isSeason(text: string): boolean {
  return SEASON.test(text) && periodSpan(text) !== null;
}

export const SEASON_MESSAGE = "Season must be like RABI-2026 or KHARIF-2026, from 2000 to 2100";

/** The month of a calendar day: "2026-11-28" -> "2026-11". */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The crop season of a calendar day: April to September Kharif, October to March Rabi (of the October's year). */
export function seasonOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (month >= 4 && month <= 9) return `KHARIF-${pad(year, 4)}`;
  return `RABI-${pad(month >= 10 ? year : year - 1, 4)}`;
}

/** The period before: the month before, or the season before (Rabi 2025 before Kharif 2026, Kharif 2026 before Rabi 2026). */
export function previousPeriod(period: string): string {
  return neighbour(period, (span) => addDays(span.first, -1));
}

/** The period after: the next month, or the next season. */
export function nextPeriod(period: string): string {
  return neighbour(period, (span) => addDays(span.last, 1));
}

/** The period of the same kind holding the day `step` finds from `period`'s span (itself when it is no period). */
function neighbour(period: string, step: (span: PeriodSpan) => string): string {
  const span = periodSpan(period);
  if (!span) return period;
  return SEASON.test(period) ? seasonOf(step(span)) : monthOf(step(span));
}

/** "2026-11" -> "November 2026"; "RABI-2026" -> "Rabi 2026–27"; "KHARIF-2026" -> "Kharif 2026". */
export function periodLabel(period: string): string {
  const season = SEASON.exec(period);
  if (season) {
    const year = Number(season[2]);
    return season[1] === "KHARIF" ? `Kharif ${year}` : `Rabi ${year}–${pad((year + 1) % 100, 2)}`;
  }
  const month = MONTH.exec(period);
  return month ? `${MONTH_NAMES[Number(month[2]) - 1]} ${month[1]}` : period;
}

/** The days of the period, its first and last included. */
function daysIn(span: PeriodSpan): number {
  return dayNumber(span.last) - dayNumber(span.first) + 1;
}

/** The days of the period from `today` on, today included: all of them before it starts, none once it has ended. */
export function daysLeftIn(span: PeriodSpan, today: string): number {
  const total = daysIn(span);
  return total - Math.min(total, Math.max(0, dayNumber(today) - dayNumber(span.first)));
}

/** How a measure stands: its target reached, on pace, or behind it. */
export type PaceStatus = "done" | "onPace" | "behind";

export type Progress = {
  /** Whole per cent of the target reached (may pass 100). */
  percent: number;
  /** Days of the period from today on, today included; 0 once it has ended. */
  daysLeft: number;
  /** What is still needed each day left to reach the target (rounded up); 0 when reached; null once the period has ended short. */
  neededPerDay: number | null;
  status: PaceStatus;
};

/**
 * How `actual` stands against `target` (both whole numbers, target at least 1) on `today` in a
 * period of `span`. On pace means at least the target's share of the whole days already gone
 * (today is not over, so it is not yet owed): on a period's first day nobody is behind.
 */
export function progressOf(target: number, actual: number, span: PeriodSpan, today: string): Progress {
  const total = daysIn(span);
  const daysLeft = daysLeftIn(span, today);
  const gone = total - daysLeft;
  const remaining = Math.max(0, target - actual);
  const status: PaceStatus = remaining === 0 ? "done" : actual * total >= target * gone ? "onPace" : "behind";
  return {
    percent: Math.floor((actual * 100) / target),
    daysLeft,
    neededPerDay: remaining === 0 ? 0 : daysLeft > 0 ? Math.ceil(remaining / daysLeft) : null,
    status,
  };
}

/**
 * The target at which `actual` is `pace` times what progressOf owes on `today` (1: just on pace,
 * above 1: ahead, below 1: behind): rounded down from 1 up, so the pace is at least the one asked,
 * and up below 1, so it stays behind; at least 1. Null while no whole day of the period has gone,
 * when nothing is owed yet and every target is on pace.
 */
export function targetAtPace(actual: number, span: PeriodSpan, today: string, pace: number): number | null {
  const total = daysIn(span);
  const gone = total - daysLeftIn(span, today);
  if (gone === 0) return null;
  const exact = (actual * total) / (gone * pace);
  return Math.max(1, pace >= 1 ? Math.floor(exact) : Math.ceil(exact));
}

/** How a measure stood in a report's period: reached, on pace or behind while it runs, missed once over, not started yet. */
export type Standing = PaceStatus | "missed" | "upcoming";

/** Where `actual` stands against `target` in a period of `span` on `today` (pace only while the period runs). */
export function standingOf(target: number, actual: number, span: PeriodSpan, today: string): Standing {
  if (actual >= target) return "done";
  if (today < span.first) return "upcoming";
  if (today > span.last) return "missed";
  return progressOf(target, actual, span, today).status;
}

/**
 * The months a report by month lists for `period`: a season's six, or the twelve months ending
 * with a month (a trend over the year before it).
 */
export function monthsFor(period: string): string[] {
  const span = periodSpan(period);
  if (!span) return [];
  if (SEASON.test(period)) {
    const months = [monthOf(span.first)];
    while (months.length < 6) months.push(nextPeriod(months.at(-1) ?? ""));
    return months;
  }
  // Fewer near the first month the app accepts (January 2000).
  const months = [period];
  for (
    let before = previousPeriod(period);
    months.length < 12 && isTargetPeriod(before);
    before = previousPeriod(before)
  )
    months.unshift(before);
  return months;
}
