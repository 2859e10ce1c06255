import { useT } from "~/browser/i18n";
import { formatAmount } from "~/lib/money";
import type { OfficerDay } from "~/models/home.schema";

/** The officer's own line of today, above the team's table, with the way to the full rankings. */
export function YourDay({ day, currency }: { day: OfficerDay; currency: string }) {
  const t = useT();
  const figures: Array<[string, string]> = [
    [t("feed:yourDay.distance"), t("feed:yourDay.distanceValue", { distance: day.distance })],
    [t("feed:yourDay.sales"), formatAmount(day.sales, currency)],
    [t("feed:yourDay.recovery"), formatAmount(day.recovery, currency)],
  ];
  return (
    <section className="card space-y-2 py-3" aria-labelledby="your-day-title" data-testid="your-day">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="your-day-title" className="font-semibold">
          {t("feed:yourDay.title")}
        </h2>
        <p className="text-sm font-medium" data-testid="your-position">
          {day.position === null
            ? t("feed:yourDay.noPosition")
            : t("feed:yourDay.position", { position: day.position, total: day.total })}
        </p>
      </div>
      <dl className="divide-y divide-gray-4 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-1">
            <dt className="text-gray-11">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap justify-between gap-x-4">
        <a href="/plan" className="link tap">
          {t("feed:yourDay.plan")}
        </a>
        <a href="/leaderboard" className="link tap">
          {t("feed:yourDay.rankings")}
        </a>
      </div>
    </section>
  );
}
