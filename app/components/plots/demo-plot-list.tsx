import { PLOT_STAGES } from "~/lib/plot-stages";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { useT } from "~/browser/i18n";
import { CROP_KEYS, PLOT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { PLOT_STAGE_COLORS, type PlotPin } from "~/models/plot-map.schema";

/** Each stage lists its newest plots, unless the whole list is asked for. */
const STAGE_LIST = 20;

/**
 * The dealer map's "Demo plots" layer as a list, by stage: the legend of the map's markers (each
 * stage's colour) and, with JavaScript or without, each stage's plots with their farmer, crop and
 * product, linking to the plot. Plain links: nothing needs JavaScript.
 */
export function DemoPlotList({ plots, all, allHref }: { plots: PlotPin[]; all: boolean; allHref: string }) {
  const byStage = PLOT_STAGES.map((stage) => ({ stage, plots: plots.filter((plot) => plot.stage === stage) }));
  const cut = !all && byStage.some((group) => group.plots.length > STAGE_LIST);
  // The stages' and crops' words are the farmers' (the page sends their namespace too).
  const t = useT();
  return (
    <section id="demo-plots" aria-labelledby="plots-heading" className="space-y-2" data-testid="map-plots">
      <h2 id="plots-heading" className="font-semibold">
        {t("map:plots.heading", { count: plots.length })}
      </h2>
      {plots.length === 0 ? (
        <p className="card text-center text-sm text-gray-11">{t("map:plots.empty")}</p>
      ) : (
        byStage.map(({ stage, plots: staged }) => (
          <details key={stage} className="card p-3" open={staged.length > 0}>
            <summary className="flex min-h-11 cursor-pointer items-center gap-2">
              <span
                className="size-4 shrink-0 rounded-full"
                style={{ background: PLOT_STAGE_COLORS[stage] }}
                aria-hidden
              />
              <span className="flex-1 font-medium">
                {t("map:plots.stage", { stage: t(PLOT_STAGE_KEYS[stage]), count: staged.length })}
              </span>
            </summary>
            <ul
              className="mt-2 space-y-1 text-sm"
              aria-label={t("map:plots.stageList", { stage: t(PLOT_STAGE_KEYS[stage]) })}
            >
              {(all ? staged : staged.slice(0, STAGE_LIST)).map((plot) => (
                <li key={plot.id} className="flex items-center gap-2">
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{plot.farmerName}</span> · {t(CROP_KEYS[plot.crop])} ·{" "}
                    {SALE_PRODUCT_LABELS[plot.product]}
                  </span>
                  <a
                    href={`/plots/${plot.id}`}
                    className="link tap"
                    aria-label={t("map:plots.openOf", { name: plot.farmerName })}
                  >
                    {t("map:plots.open")}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        ))
      )}
      {cut ? (
        <a href={allHref} className="btn-secondary w-full text-sm">
          {t("map:plots.showAll", { count: plots.length })}
        </a>
      ) : null}
    </section>
  );
}
