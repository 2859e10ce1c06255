import { Icon } from "~/components/icon";
import { CROP_KEYS, VISIT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { formatCalendarDate } from "~/lib/date-format";
import type { Language } from "~/lib/languages";
import type { Translate } from "~/locales/namespaces";
import { recordVisitPath, type PlotVisitDue } from "~/models/plot-visits-due.schema";

/** "Due Nov 20, 2026", and once past it: "Due Nov 13, 2026 · 8 days past due · Overdue". */
function dueText(visit: PlotVisitDue, t: Translate, language: Language): string {
  const due = t("farmers:timeline.due", { day: formatCalendarDate(visit.dueOn, language) });
  if (visit.daysLate <= 0) return due;
  return [
    due,
    t("farmers:visitsDue.daysPastDue", { days: visit.daysLate }),
    visit.overdue ? t("farmers:visitsDue.overdue") : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The officer's plan's demo plot visits due by its day, each linking to the plot and, on their own
 * plan of today, to the Demo Plot post that records the visit. Plain links: nothing needs JavaScript.
 * The visits' and crops' words are the farmers' (the page sends their namespace too).
 */
export function PlotVisitsDue({ visits, recordable }: { visits: PlotVisitDue[]; recordable: boolean }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section id="plot-visits" aria-labelledby="plot-visits-heading" className="space-y-2">
      <h2 id="plot-visits-heading" className="font-semibold">
        {t("farmers:visitsDue.title")}
      </h2>
      <ul className="space-y-2" aria-label={t("farmers:visitsDue.title")}>
        {visits.map((visit) => {
          const stage = t(VISIT_STAGE_KEYS[visit.visit]);
          const what = t("farmers:visitsDue.what", { visit: stage, farmer: visit.farmerName });
          return (
            <li key={`${visit.plotId}-${visit.visit}`} className="card space-y-2 p-3" data-plot-id={visit.plotId}>
              <div>
                <p className="font-semibold">
                  {stage} · {visit.farmerName}
                </p>
                <p className="text-sm text-gray-11">{t(CROP_KEYS[visit.crop])}</p>
                <p className={`text-sm ${visit.overdue ? "font-semibold text-danger-11" : "text-gray-11"}`}>
                  {dueText(visit, t, language)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={`/plots/${visit.plotId}`}
                  className="btn-secondary px-3 text-sm"
                  aria-label={t("farmers:visitsDue.openPlotLabel", { what })}
                >
                  {t("farmers:visitsDue.openPlot")}
                </a>
                {recordable ? (
                  <a
                    href={recordVisitPath(visit)}
                    className="btn-primary px-3 text-sm"
                    aria-label={t("farmers:visitsDue.recordVisitLabel", { what })}
                  >
                    <Icon name="notebook-pen" size={16} />
                    {t("farmers:visitsDue.recordVisit")}
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
