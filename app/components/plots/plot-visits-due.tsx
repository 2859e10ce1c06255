import { Icon } from "~/components/icon";
import { CROP_LABELS } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";
import {
  DUE_VISIT_LABELS,
  recordVisitPath,
  type OverduePlotVisit,
  type PlotVisitDue,
} from "~/models/plot-visits-due.schema";

const daysPastDue = (days: number) => (days === 1 ? "1 day past due" : `${days} days past due`);

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
          const what = `${DUE_VISIT_LABELS[visit.visit]}, ${visit.farmerName}`;
          return (
            <li key={`${visit.plotId}-${visit.visit}`} className="card space-y-2 p-3" data-plot-id={visit.plotId}>
              <div>
                <p className="font-semibold">
                  {DUE_VISIT_LABELS[visit.visit]} · {visit.farmerName}
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

/**
 * The manager's day's overdue plot visits: whose plot, the farmer, the visit and how many days
 * past due, each linking to the plot; the most overdue first.
 */
export function OverduePlotVisits({ total, visits }: { total: number; visits: OverduePlotVisit[] }) {
  return (
    <section className="card space-y-2 py-3" aria-labelledby="overdue-plots-title" data-testid="overdue-plot-visits">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="overdue-plots-title" className="font-semibold text-danger-11">
          Overdue plot visits
        </h2>
        <span className="text-sm text-gray-11">{visits.length < total ? `${visits.length} of ${total}` : total}</span>
      </div>
      <ol className="divide-y divide-gray-4" aria-label="Overdue plot visits">
        {visits.map((visit) => (
          <li key={`${visit.plotId}-${visit.visit}`} className="py-1" data-plot-id={visit.plotId}>
            <a href={`/plots/${visit.plotId}`} className="link tap">
              {visit.officerName}: {DUE_VISIT_LABELS[visit.visit]}, {visit.farmerName}
            </a>
            <p className="text-sm text-gray-11">
              {CROP_LABELS[visit.crop]} · {daysPastDue(visit.daysLate)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The officer's home: how many of their plot visits are due, how many overdue, and the way to the list on today's plan. */
export function PlotVisitsDueCount({ due, overdue }: { due: number; overdue: number }) {
  return (
    <section
      className="card flex items-center gap-2 py-3"
      aria-labelledby="plot-visits-due-title"
      data-testid="plot-visits-due"
    >
      <div className="min-w-0 flex-1">
        <h2 id="plot-visits-due-title" className="font-semibold">
          {due === 1 ? "1 plot visit due" : `${due} plot visits due`}
        </h2>
        {overdue > 0 ? <p className="text-sm font-semibold text-danger-11">{overdue} overdue</p> : null}
      </div>
      <a href="/plan#plot-visits" className="link tap">
        See them
      </a>
    </section>
  );
}
