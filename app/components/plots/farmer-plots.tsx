import type { PlotStage } from "~/lib/plot-stages";
import { Link } from "react-router";
import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { CROP_KEYS, PLOT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import type { Crop } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";

/** A farmer's demo plots on their page: each with its crop, stage and sowing day, linking to its own page. */
export function FarmerPlots({ plots }: { plots: { id: number; crop: Crop; stage: PlotStage; sownOn: string }[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section aria-labelledby="farmer-plots" className="card space-y-2">
      <h2 id="farmer-plots" className="font-semibold">
        {t("farmers:farmerPlots.title")}
      </h2>
      {plots.length === 0 ? (
        <p className="text-gray-11">{t("farmers:plots.none")}</p>
      ) : (
        <ul className="space-y-1">
          {plots.map((plot) => (
            <li key={plot.id}>
              <Link to={`/plots/${plot.id}`}>
                {t("farmers:farmerPlots.plot", {
                  crop: t(CROP_KEYS[plot.crop]),
                  sown: formatCalendarDate(plot.sownOn, language),
                })}
              </Link>
              <span className="text-sm text-gray-11">{` · ${t(PLOT_STAGE_KEYS[plot.stage])}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
