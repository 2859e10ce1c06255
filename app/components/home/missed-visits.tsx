import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { formatCalendarDate } from "~/lib/date-format";
import type { MissedStop } from "~/models/visit-plan.schema";

/**
 * The officer's missed stops on their home: the dealers of past plans left without a visit, and
 * the way to today's plan, where each moves to today with a plain form.
 */
export function MissedVisits({ stops }: { stops: MissedStop[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section className="card space-y-2 py-3" aria-labelledby="missed-visits-title" data-testid="missed-visits">
      <h2 id="missed-visits-title" className="font-semibold text-warning-11">
        {t("feed:missedVisits.title")}
      </h2>
      <ul className="text-sm">
        {stops.map((stop) => (
          <li key={stop.dealerId}>
            {stop.businessName} <span className="text-gray-11">· {formatCalendarDate(stop.day, language)}</span>
          </li>
        ))}
      </ul>
      <a href="/plan#missed" className="link tap">
        {t("feed:missedVisits.moveToToday")}
      </a>
    </section>
  );
}
