import { VISIT_STAGE_LABELS } from "~/lib/plot-stages";
import { Icon } from "~/components/icon";
import { CROP_LABELS } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";
import { daysPastDue, recordVisitPath, type PlotVisitDue } from "~/models/plot-visits-due.schema";

/** "Due Nov 20, 2026", and once past it: "Due Nov 13, 2026 · 8 days past due · Overdue". */
function dueText(visit: PlotVisitDue): string {
  const due = `Due ${formatCalendarDate(visit.dueOn)}`;
  if (visit.daysLate <= 0) return due;
  return [due, daysPastDue(visit.daysLate), visit.overdue ? "Overdue" : null].filter(Boolean).join(" · ");
}

/**
 * The officer's plan's demo plot visits due by its day, each linking to the plot and, on their own
 * plan of today, to the Demo Plot post that records the visit. Plain links: nothing needs JavaScript.
 */
export function PlotVisitsDue({ visits, recordable }: { visits: PlotVisitDue[]; recordable: boolean }) {
  return (
    <section id="plot-visits" aria-labelledby="plot-visits-heading" className="space-y-2">
      <h2 id="plot-visits-heading" className="font-semibold">
        Plot visits due
      </h2>
      <ul className="space-y-2" aria-label="Plot visits due">
        {visits.map((visit) => {
          const what = `${VISIT_STAGE_LABELS[visit.visit]}, ${visit.farmerName}`;
          return (
            <li key={`${visit.plotId}-${visit.visit}`} className="card space-y-2 p-3" data-plot-id={visit.plotId}>
              <div>
                <p className="font-semibold">
                  {VISIT_STAGE_LABELS[visit.visit]} · {visit.farmerName}
                </p>
                <p className="text-sm text-gray-11">{CROP_LABELS[visit.crop]}</p>
                <p className={`text-sm ${visit.overdue ? "font-semibold text-danger-11" : "text-gray-11"}`}>
                  {dueText(visit)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={`/plots/${visit.plotId}`}
                  className="btn-secondary px-3 text-sm"
                  aria-label={`Open plot: ${what}`}
                >
                  Open plot
                </a>
                {recordable ? (
                  <a
                    href={recordVisitPath(visit)}
                    className="btn-primary px-3 text-sm"
                    aria-label={`Record visit: ${what}`}
                  >
                    <Icon name="notebook-pen" size={16} />
                    Record visit
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
