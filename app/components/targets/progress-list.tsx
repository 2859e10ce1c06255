import { formatMeasure, MEASURE_LABELS } from "~/lib/target-measures";
import type { PaceStatus } from "~/lib/target-period";
import type { MeasureProgress } from "~/models/targets.schema";

// How each measure with a target stands (decision 84): its percentage, what was done of what, what
// is needed per day and whether it is on pace. Achievement only: the spec's score, ranks and badges
// are shown elsewhere, unchanged.

const STATUS: Record<PaceStatus, { label: string; style: string }> = {
  done: { label: "Done", style: "bg-accent-3 text-accent-11" },
  onPace: { label: "On pace", style: "bg-gray-4 text-gray-12" },
  behind: { label: "Behind", style: "bg-danger-3 text-danger-11" },
};

function PaceBadge({ status }: { status: PaceStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[status].style}`}>
      {STATUS[status].label}
    </span>
  );
}

/** What is still needed: per day, or that the target is reached, or that the period ended short. */
function neededText(progress: MeasureProgress, currency: string): string {
  if (progress.status === "done") return "Target reached";
  if (progress.neededPerDay === null) return "Period ended";
  return `${formatMeasure(progress.measure, progress.neededPerDay, currency)} a day needed`;
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
  if (progress.length === 0) return <p className="text-sm text-gray-11">No targets set.</p>;
  return (
    <ul className="space-y-2" aria-label={label}>
      {progress.map((measure) => (
        <li key={measure.measure} className="space-y-1" data-measure={measure.measure}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span>{MEASURE_LABELS[measure.measure]}</span>
            <span className="font-semibold tabular-nums">{measure.percent} %</span>
          </div>
          <progress
            className="h-2 w-full"
            value={Math.min(measure.actual, measure.target)}
            max={measure.target}
            aria-label={`${MEASURE_LABELS[measure.measure]}: ${measure.percent} %`}
          />
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-gray-11">
            <span className="tabular-nums">
              {formatMeasure(measure.measure, measure.actual, currency)} of{" "}
              {formatMeasure(measure.measure, measure.target, currency)}
            </span>
            <span>· {neededText(measure, currency)}</span>
            <PaceBadge status={measure.status} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** "9 days left", "1 day left", "Ended". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return "Ended";
  return `${daysLeft} ${daysLeft === 1 ? "day" : "days"} left`;
}
