import { formatLocalDate } from "~/lib/date-format";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { relativeTime } from "~/lib/relative-time";

/**
 * When something happened: "2 hours ago", and with `withDate` also the date and time in the app's
 * time zone ("2 hours ago · Nov 22, 2026, 3:05 PM"), so a sale from weeks ago can be matched to
 * its day. The date and time are always in the title. The relative part is made again in the
 * browser, a little later than on the server, hence the hydration warning is suppressed.
 * `dateText`: the date and time already written by the server's loader (formatLocalDate, the app's
 * time zone), so the browser makes no time-zone formatter while it hydrates a list of them.
 */
export function Timestamp({
  at,
  dateText,
  withDate = false,
  className,
}: {
  at: string | Date;
  dateText?: string;
  withDate?: boolean;
  className?: string;
}) {
  const iso = typeof at === "string" ? at : at.toISOString();
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const language = useLanguage();
  const absolute = dateText ?? formatLocalDate(iso, timeZone, { withTime: true, language });
  const relative = relativeTime(iso, new Date(), language);
  return (
    <time dateTime={iso} title={absolute} className={className} suppressHydrationWarning>
      {withDate ? `${relative} · ${absolute}` : relative}
    </time>
  );
}
