import { PLOT_STAGE_LABELS } from "~/lib/plot-stages";
import { Link } from "react-router";
import type { Route } from "./+types/plot";
import { requireUser } from "~/http/auth.server";
import { pageCall, requirePageId } from "~/http/form.server";
import { CROP_LABELS } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { PlotTimeline } from "~/components/plots/plot-timeline";
import { PLOT_NOT_FOUND } from "~/models/demo-plot.schema";
import { getPlot } from "~/models/demo-plots.server";
import { getPosts } from "~/models/post.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Demo plot of ${data.plot.farmer.name}` : "Demo plot"} · Fieldline` },
];

/** A demo plot and its season (decision 96), for its officer's team, its managers and admins (403 otherwise). */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, PLOT_NOT_FOUND);
  const plot = await pageCall(() => getPlot(user, id));
  const posts = await getPosts([plot.postId, ...plot.visits.map((visit) => visit.postId)], user);
  const postOf = (postId: number) => {
    const post = posts.find((each) => each.id === postId);
    return post ? { id: post.id, text: post.text, media: post.media } : null;
  };
  return {
    plot,
    started: postOf(plot.postId),
    visits: plot.visits.map((visit) => ({ ...visit, post: postOf(visit.postId) })),
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-gray-11">{label}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

export default function Plot({ loaderData }: Route.ComponentProps) {
  const { plot, started, visits } = loaderData;
  const officer = [plot.officer.firstName, plot.officer.lastName].filter(Boolean).join(" ") || plot.officer.username;
  return (
    <div className="space-y-4">
      <Link to="/plots" className="btn-ghost px-2">
        Back to Demo Plots
      </Link>
      <h1 className="text-xl font-bold">
        {`${CROP_LABELS[plot.crop]} demo plot · ${SALE_PRODUCT_LABELS[plot.product]}`}
      </h1>
      <dl className="card divide-y divide-gray-5">
        <Row label="Farmer">
          <Link to={`/farmers/${plot.farmer.id}`}>{plot.farmer.name}</Link>
        </Row>
        <Row label="Stage">{PLOT_STAGE_LABELS[plot.stage]}</Row>
        <Row label="Officer">{officer}</Row>
        <Row label="Plot area">{`${plot.areaAcres} acres`}</Row>
        <Row label="Control plot area">{`${plot.controlAreaAcres} acres`}</Row>
        <Row label="Sown">{formatCalendarDate(plot.sownOn)}</Row>
        {plot.yieldKgPerAcre !== null && plot.controlYieldKgPerAcre !== null ? (
          <>
            <Row label="Yield">{`${plot.yieldKgPerAcre.toLocaleString("en-US")} kg/acre`}</Row>
            <Row label="Control yield">{`${plot.controlYieldKgPerAcre.toLocaleString("en-US")} kg/acre`}</Row>
            <Row label="Yield gain">{`${plot.yieldGainPercent ?? 0}%`}</Row>
          </>
        ) : null}
        {plot.verdict ? <Row label="Farmer's verdict">{plot.verdict}</Row> : null}
      </dl>
      <PlotTimeline plot={plot} officer={officer} started={started} visits={visits} />
    </div>
  );
}
