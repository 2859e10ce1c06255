import { Link } from "react-router";
import type { Route } from "./+types/plot";
import { requireUser } from "~/http/auth.server";
import { pageCall, requirePageId } from "~/http/form.server";
import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { CROP_KEYS, PLOT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { formatCalendarDate } from "~/lib/date-format";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { PlotTimeline } from "~/components/plots/plot-timeline";
import { PLOT_NOT_FOUND } from "~/models/demo-plot.schema";
import { farmerNameShown } from "~/models/farmer.schema";
import { getPlot } from "~/models/demo-plots.server";
import { getPosts } from "~/models/post.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Demo plot · Fieldline" }];

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
  const t = requestTranslator(args.context, "farmers");
  const farmerName = farmerNameShown(plot.farmer.name, t);
  return {
    title: t("farmers:plot.pageTitle", { farmer: farmerName }),
    plot,
    farmerName,
    started: postOf(plot.postId),
    visits: plot.visits.map((visit) => ({ ...visit, post: postOf(visit.postId) })),
    messages: pageMessages(args.context, "farmers"),
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
  const { plot, farmerName, started, visits } = loaderData;
  const t = useT();
  const language = useLanguage();
  const officer = [plot.officer.firstName, plot.officer.lastName].filter(Boolean).join(" ") || plot.officer.username;
  return (
    <div className="space-y-4">
      <Link to="/plots" className="btn-ghost px-2">
        {t("farmers:plot.back")}
      </Link>
      <h1 className="text-xl font-bold">
        {t("farmers:plot.title", { crop: t(CROP_KEYS[plot.crop]), product: SALE_PRODUCT_LABELS[plot.product] })}
      </h1>
      <dl className="card divide-y divide-gray-5">
        <Row label={t("farmers:plot.farmer")}>
          <Link to={`/farmers/${plot.farmer.id}`}>{farmerName}</Link>
        </Row>
        <Row label={t("farmers:plot.stage")}>{t(PLOT_STAGE_KEYS[plot.stage])}</Row>
        <Row label={t("farmers:plot.officer")}>{officer}</Row>
        <Row label={t("farmers:plot.area")}>{t("farmers:acres", { acres: plot.areaAcres })}</Row>
        <Row label={t("farmers:plot.controlArea")}>{t("farmers:acres", { acres: plot.controlAreaAcres })}</Row>
        <Row label={t("farmers:plot.sown")}>{formatCalendarDate(plot.sownOn, language)}</Row>
        {plot.yieldKgPerAcre !== null && plot.controlYieldKgPerAcre !== null ? (
          <>
            <Row label={t("farmers:plot.yield")}>
              {t("farmers:kgPerAcre", { kg: plot.yieldKgPerAcre.toLocaleString("en-US") })}
            </Row>
            <Row label={t("farmers:plot.controlYield")}>
              {t("farmers:kgPerAcre", { kg: plot.controlYieldKgPerAcre.toLocaleString("en-US") })}
            </Row>
            <Row label={t("farmers:plot.yieldGain")}>{`${plot.yieldGainPercent ?? 0}%`}</Row>
          </>
        ) : null}
        {plot.verdict ? <Row label={t("farmers:plot.verdict")}>{plot.verdict}</Row> : null}
      </dl>
      <PlotTimeline plot={plot} officer={officer} started={started} visits={visits} />
    </div>
  );
}
