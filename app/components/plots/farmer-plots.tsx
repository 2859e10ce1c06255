import { PLOT_STAGE_LABELS, type PlotStage } from "~/lib/plot-stages";
import { Link } from "react-router";
import { CROP_LABELS, type Crop } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";

/** A farmer's demo plots on their page: each with its crop, stage and sowing day, linking to its own page. */
export function FarmerPlots({ plots }: { plots: { id: number; crop: Crop; stage: PlotStage; sownOn: string }[] }) {
  return (
    <section aria-labelledby="farmer-plots" className="card space-y-2">
      <h2 id="farmer-plots" className="font-semibold">
        Demo plots
      </h2>
      {plots.length === 0 ? (
        <p className="text-gray-11">No demo plots yet.</p>
      ) : (
        <ul className="space-y-1">
          {plots.map((plot) => (
            <li key={plot.id}>
              <Link
                to={`/plots/${plot.id}`}
              >{`${CROP_LABELS[plot.crop]}, sown ${formatCalendarDate(plot.sownOn)}`}</Link>
              <span className="text-sm text-gray-11">{` · ${PLOT_STAGE_LABELS[plot.stage]}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
