/** "Nov 22, 2026" or "Nov 22, 2026, 3:05 PM" in the app's time zone, the same on server and browser. */
export function formatLocalDate(iso: string, timeZone: string, { withTime = false } = {}): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
  }).format(new Date(iso));
}

/** A calendar day ("2026-11-02", as the map's date picker names it) as "Nov 2, 2026": that day wherever it is read. */
export function formatCalendarDate(day: string): string {
  return formatLocalDate(`${day}T00:00:00Z`, "UTC");
}
