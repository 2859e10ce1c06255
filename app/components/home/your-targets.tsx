import { useT } from "~/browser/i18n";
import { ProgressList } from "~/components/targets/progress-list";
import { daysLeftText } from "~/components/targets/target-words";
import type { OwnPeriod } from "~/models/targets.schema";

/** "Your month" and "Your season" on the officer's home: each measure against its target (decision 84). */
export function YourTargets({ periods, currency }: { periods: OwnPeriod[]; currency: string }) {
  const t = useT();
  return (
    <>
      {periods.map((period) => {
        const month = period.kind === "month";
        const title = month ? t("feed:yourTargets.month") : t("feed:yourTargets.season");
        const id = `your-${period.period.toLowerCase()}-title`;
        return (
          <section key={period.period} className="card space-y-2 py-3" aria-labelledby={id} data-testid="your-targets">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id={id} className="font-semibold">
                {title}
              </h2>
              <p className="text-sm text-gray-11">
                {period.label} · {daysLeftText(period.daysLeft, t)}
              </p>
            </div>
            <ProgressList
              progress={period.progress}
              currency={currency}
              label={month ? t("feed:yourTargets.monthTargets") : t("feed:yourTargets.seasonTargets")}
            />
          </section>
        );
      })}
    </>
  );
}
