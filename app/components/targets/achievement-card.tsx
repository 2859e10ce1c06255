import { displayName } from "~/lib/names";
import type { PeriodProgress } from "~/models/targets.schema";
import { daysLeftText, ProgressList } from "~/components/targets/progress-list";

/** People listed at most; the others are a team filter or the targets page away. */
const PEOPLE_SHOWN = 50;

/**
 * Achievement beside the rankings (decision 84): each team's totals against its officers' targets
 * and each officer's month at a glance. Targets never enter the spec's score, ranks or badges.
 */
export function AchievementCard({ progress, currency }: { progress: PeriodProgress; currency: string }) {
  const people = progress.people.filter((person) => person.progress.length > 0);
  return (
    <section className="card space-y-3" aria-labelledby="achievement-title" data-testid="achievement">
      <div className="space-y-1">
        <h2 id="achievement-title" className="font-semibold">
          Achievement: {progress.label}
        </h2>
        <p className="text-sm text-gray-11">
          Against targets, {daysLeftText(progress.daysLeft).toLowerCase()}; apart from the score and the ranks.
        </p>
      </div>
      {progress.teams.map((team) => (
        <div key={team.team.id} className="space-y-2">
          <h3 className="text-sm font-semibold">
            {team.team.name} ({team.officers} {team.officers === 1 ? "officer" : "officers"})
          </h3>
          <ProgressList progress={team.progress} currency={currency} label={`Targets of ${team.team.name}`} />
        </div>
      ))}
      {people.length === 0 ? (
        <p className="text-sm text-gray-11">No targets set for {progress.label}.</p>
      ) : (
        <ul className="divide-y divide-gray-4 text-sm" aria-label="Each officer's achievement">
          {people.slice(0, PEOPLE_SHOWN).map((person) => {
            const behind = person.progress.filter((measure) => measure.status === "behind").length;
            const lowest = Math.min(...person.progress.map((measure) => measure.percent));
            return (
              <li key={person.id} className="flex justify-between gap-2 py-1" data-officer-id={person.id}>
                <span className="truncate">{displayName(person)}</span>
                <span className={behind > 0 ? "text-danger-11" : "text-gray-11"}>
                  {behind > 0 ? `${behind} of ${person.progress.length} behind` : "On pace"} · lowest {lowest} %
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
