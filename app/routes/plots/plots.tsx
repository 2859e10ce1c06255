import { PLOT_STAGES } from "~/lib/plot-stages";
import { Form, Link } from "react-router";
import type { Route } from "./+types/plots";
import { pageCall } from "~/http/form.server";
import { metaTitle, useT } from "~/browser/i18n";
import { CROP_KEYS, PLOT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { languageContext } from "~/http/context";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { requireAllowed } from "~/http/auth.server";
import { formatCalendarDate } from "~/lib/date-format";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { plotListSchema } from "~/models/demo-plot.schema";
import { farmerNameShown } from "~/models/farmer.schema";
import { listPlots } from "~/models/demo-plots.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "farmers:plots.pageTitle") }];

/** The demo plots the viewer reads (their teams'; an admin's, all), 20 a page, by stage. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "app.use");
  const url = new URL(args.request.url);
  const parsed = plotListSchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { page: 1 };
  const { plots, page, hasMore } = await pageCall(() => listPlots(user, query));
  const t = requestTranslator(args.context, "farmers");
  const language = args.context.get(languageContext);
  return {
    stage: query.stage ?? "",
    page,
    hasMore,
    plots: plots.map((plot) => ({
      id: plot.id,
      title: `${t(CROP_KEYS[plot.crop])} · ${SALE_PRODUCT_LABELS[plot.product]}`,
      line: t("farmers:plots.line", {
        farmer: farmerNameShown(plot.farmer.name, t),
        stage: t(PLOT_STAGE_KEYS[plot.stage]),
        sown: formatCalendarDate(plot.sownOn, language),
      }),
    })),
    messages: pageMessages(args.context, "farmers"),
  };
}

export default function Plots({ loaderData }: Route.ComponentProps) {
  const { stage, page, hasMore, plots } = loaderData;
  const t = useT();
  const pageHref = (to: number) => `/plots?${new URLSearchParams({ ...(stage ? { stage } : {}), page: String(to) })}`;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("farmers:plots.title")}</h1>
      <Form method="get" className="flex gap-2">
        <label htmlFor="plot-stage" className="sr-only">
          {t("farmers:plots.stage")}
        </label>
        <select id="plot-stage" name="stage" defaultValue={stage} className="field-input">
          <option value="">{t("farmers:plots.everyStage")}</option>
          {PLOT_STAGES.map((each) => (
            <option key={each} value={each}>
              {t(PLOT_STAGE_KEYS[each])}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-secondary">
          {t("farmers:plots.show")}
        </button>
      </Form>
      {plots.length === 0 ? (
        <p className="card text-gray-11">{t("farmers:plots.none")}</p>
      ) : (
        <ul className="space-y-2">
          {plots.map((plot) => (
            <li key={plot.id} className="card">
              <Link to={`/plots/${plot.id}`} className="font-semibold">
                {plot.title}
              </Link>
              <p className="text-sm text-gray-11">{plot.line}</p>
            </li>
          ))}
        </ul>
      )}
      <nav className="flex justify-between" aria-label={t("farmers:pages.label")}>
        {page > 1 ? <Link to={pageHref(page - 1)}>{t("farmers:pages.previous")}</Link> : <span />}
        {hasMore ? <Link to={pageHref(page + 1)}>{t("farmers:pages.next")}</Link> : null}
      </nav>
    </div>
  );
}
