/** "Nov 22, 2026" or "Nov 22, 2026, 3:05 PM" in the app's time zone, the same on server and browser. */
export function formatLocalDate(iso: string, timeZone: string, { withTime = false } = {}): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
  }).format(new Date(iso));
}
