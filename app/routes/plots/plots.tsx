import { PLOT_STAGE_LABELS, PLOT_STAGES } from "~/lib/plot-stages";
import { Form, Link } from "react-router";
import type { Route } from "./+types/plots";
import { pageCall } from "~/http/form.server";
import { requireAllowed } from "~/http/auth.server";
import { CROP_LABELS } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { plotListSchema } from "~/models/demo-plot.schema";
import { listPlots } from "~/models/demo-plots.server";

export const meta: Route.MetaFunction = () => [{ title: "Demo Plots · Fieldline" }];

/** The demo plots the viewer reads (their teams'; an admin's, all), 20 a page, by stage. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "app.use");
  const url = new URL(args.request.url);
  const parsed = plotListSchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { page: 1 };
  const { plots, page, hasMore } = await pageCall(() => listPlots(user, query));
  return {
    stage: query.stage ?? "",
    page,
    hasMore,
    plots: plots.map((plot) => ({
      id: plot.id,
      title: `${CROP_LABELS[plot.crop]} · ${SALE_PRODUCT_LABELS[plot.product]}`,
      farmer: plot.farmer.name,
      stage: PLOT_STAGE_LABELS[plot.stage],
      sown: formatCalendarDate(plot.sownOn),
    })),
  };
}

export default function Plots({ loaderData }: Route.ComponentProps) {
  const { stage, page, hasMore, plots } = loaderData;
  const pageHref = (to: number) => `/plots?${new URLSearchParams({ ...(stage ? { stage } : {}), page: String(to) })}`;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Demo Plots</h1>
      <Form method="get" className="flex gap-2">
        <label htmlFor="plot-stage" className="sr-only">
          Stage
        </label>
        <select id="plot-stage" name="stage" defaultValue={stage} className="field-input">
          <option value="">Every stage</option>
          {PLOT_STAGES.map((each) => (
            <option key={each} value={each}>
              {PLOT_STAGE_LABELS[each]}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      {plots.length === 0 ? (
        <p className="card text-gray-11">No demo plots yet.</p>
      ) : (
        <ul className="space-y-2">
          {plots.map((plot) => (
            <li key={plot.id} className="card">
              <Link to={`/plots/${plot.id}`} className="font-semibold">
                {plot.title}
              </Link>
              <p className="text-sm text-gray-11">{`${plot.farmer} · ${plot.stage} · sown ${plot.sown}`}</p>
            </li>
          ))}
        </ul>
      )}
      <nav className="flex justify-between" aria-label="Pages">
        {page > 1 ? <Link to={pageHref(page - 1)}>Previous</Link> : <span />}
        {hasMore ? <Link to={pageHref(page + 1)}>Next</Link> : null}
      </nav>
    </div>
  );
}
