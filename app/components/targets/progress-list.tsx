import { useT } from "~/browser/i18n";
import { MEASURE_KEYS, PACE_KEYS } from "~/components/targets/target-words";
import { formatMeasure } from "~/lib/target-measures";
import type { PaceStatus } from "~/lib/target-period";
import type { Translate } from "~/locales/namespaces";
import type { MeasureProgress } from "~/models/targets.schema";

// How each measure with a target stands (decision 84): its percentage, what was done of what, what
// is needed per day and whether it is on pace. Achievement only: the spec's score, ranks and badges
// are shown elsewhere, unchanged.

const STATUS_STYLES: Record<PaceStatus, string> = {
  done: "bg-accent-3 text-accent-11",
  onPace: "bg-gray-4 text-gray-12",
  behind: "bg-danger-3 text-danger-11",
};

function PaceBadge({ status }: { status: PaceStatus }) {
  const t = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status]}`}>
      {t(PACE_KEYS[status])}
    </span>
  );
}

/** What is still needed: per day, or that the target is reached, or that the period ended short. */
function neededText(progress: MeasureProgress, currency: string, t: Translate): string {
  if (progress.status === "done") return t("targets:progress.reached");
  if (progress.neededPerDay === null) return t("targets:progress.periodEnded");
  return t("targets:progress.neededPerDay", {
    amount: formatMeasure(progress.measure, progress.neededPerDay, currency),
  });
}

export function ProgressList({
  progress,
  currency,
  label,
}: {
  progress: MeasureProgress[];
  currency: string;
  label: string;
}) {
  const t = useT();
  if (progress.length === 0) return <p className="text-sm text-gray-11">{t("targets:progress.none")}</p>;
  return (
    <ul className="space-y-2" aria-label={label}>
      {progress.map((measure) => (
        <li key={measure.measure} className="space-y-1" data-measure={measure.measure}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span>{t(MEASURE_KEYS[measure.measure])}</span>
            <span className="font-semibold tabular-nums">{measure.percent} %</span>
          </div>
          <progress
            className="h-2 w-full"
            value={Math.min(measure.actual, measure.target)}
            max={measure.target}
            aria-label={`${t(MEASURE_KEYS[measure.measure])}: ${measure.percent} %`}
          />
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-gray-11">
            <span className="tabular-nums">
              {t("targets:progress.actualOfTarget", {
                actual: formatMeasure(measure.measure, measure.actual, currency),
                target: formatMeasure(measure.measure, measure.target, currency),
              })}
            </span>
            <span>· {neededText(measure, currency, t)}</span>
            <PaceBadge status={measure.status} />
          </p>
        </li>
      ))}
    </ul>
  );
}
