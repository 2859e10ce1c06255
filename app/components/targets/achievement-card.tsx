import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { ProgressList } from "~/components/targets/progress-list";
import { periodName } from "~/components/targets/period-name";
import { daysLeftText } from "~/components/targets/target-words";
import { displayName } from "~/lib/names";
import type { PeriodProgress } from "~/models/targets.schema";

/** People listed at most; the others are a team filter or the targets page away. */
const PEOPLE_SHOWN = 50;

/**
 * Achievement beside the rankings (decision 84): each team's totals against its officers' targets
 * and each officer's month at a glance. Targets never enter the spec's score, ranks or badges.
 */
export function AchievementCard({ progress, currency }: { progress: PeriodProgress; currency: string }) {
  const t = useT();
  const period = periodName(progress.period, t, useLanguage());
  const people = progress.people.filter((person) => person.progress.length > 0);
  return (
    <section className="card space-y-3" aria-labelledby="achievement-title" data-testid="achievement">
      <div className="space-y-1">
        <h2 id="achievement-title" className="font-semibold">
          {t("targets:achievement.title", { period })}
        </h2>
        <p className="text-sm text-gray-11">
          {t("targets:achievement.intro", { daysLeft: daysLeftText(progress.daysLeft, t).toLowerCase() })}
        </p>
      </div>
      {progress.teams.map((team) => (
        <div key={team.team.id} className="space-y-2">
          <h3 className="text-sm font-semibold">
            {t("targets:achievement.team", { team: team.team.name, count: team.officers })}
          </h3>
          <ProgressList
            progress={team.progress}
            currency={currency}
            label={t("targets:achievement.teamTargets", { team: team.team.name })}
          />
        </div>
      ))}
      {people.length === 0 ? (
        <p className="text-sm text-gray-11">{t("targets:achievement.noTargets", { period })}</p>
      ) : (
        <ul className="divide-y divide-gray-4 text-sm" aria-label={t("targets:achievement.officersLabel")}>
          {people.slice(0, PEOPLE_SHOWN).map((person) => {
            const behind = person.progress.filter((measure) => measure.status === "behind").length;
            const lowest = Math.min(...person.progress.map((measure) => measure.percent));
            return (
              <li key={person.id} className="flex justify-between gap-2 py-1" data-officer-id={person.id}>
                <span className="truncate">{displayName(person)}</span>
                <span className={behind > 0 ? "text-danger-11" : "text-gray-11"}>
                  {behind > 0
                    ? t("targets:achievement.behind", { behind, measures: person.progress.length })
                    : t("targets:pace.onPace")}{" "}
                  · {t("targets:achievement.lowest", { lowest })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
