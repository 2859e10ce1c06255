/** "Nov 22, 2026" or "Nov 22, 2026, 3:05 PM" in the app's time zone, the same on server and browser. */
export function formatLocalDate(iso: string, timeZone: string, { withTime = false } = {}): string {
  return dateFormat(timeZone, withTime).format(new Date(iso));
}

// Making an Intl.DateTimeFormat costs far more than using one (a feed page formats hundreds of
// dates): one per time zone and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar day ("2026-11-02", as the map's date picker names it) as "Nov 2, 2026": that day wherever it is read. */
export function formatCalendarDate(day: string): string {
  return formatLocalDate(`${day}T00:00:00Z`, "UTC");
}
