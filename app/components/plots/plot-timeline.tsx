import { Link } from "react-router";
import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { PLOT_STAGE_KEYS, VISIT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { formatCalendarDate } from "~/lib/date-format";

// A demo plot's season in order: sown (the post that started it), the mid-season visit and the
// harvest, each done with its day, its post's text and photos, or still to come with its due day.

type TimelinePost = {
  id: number;
  text: string;
  media: { id: number; kind: string; url: string; thumbUrl: string | null }[];
} | null;

type Stage = { key: string; title: string; day: string; done: boolean; post: TimelinePost };

export function PlotTimeline({
  plot,
  officer,
  started,
  visits,
}: {
  plot: { sownOn: string; midVisitDueOn: string; harvestDueOn: string };
  officer: string;
  started: TimelinePost;
  visits: { stage: "MID_SEASON" | "HARVEST"; visitedOn: string; post: TimelinePost }[];
}) {
  const t = useT();
  const language = useLanguage();
  const sown = t(PLOT_STAGE_KEYS.SOWN);
  const midVisit = t(VISIT_STAGE_KEYS.MID_SEASON);
  const harvestVisit = t(VISIT_STAGE_KEYS.HARVEST);
  const visitOf = (stage: "MID_SEASON" | "HARVEST") => visits.find((visit) => visit.stage === stage);
  const mid = visitOf("MID_SEASON");
  const harvest = visitOf("HARVEST");
  const stages: Stage[] = [
    { key: "sown", title: sown, day: plot.sownOn, done: true, post: started },
    mid
      ? { key: "mid", title: midVisit, day: mid.visitedOn, done: true, post: mid.post }
      : { key: "mid", title: midVisit, day: plot.midVisitDueOn, done: harvest !== undefined, post: null },
    harvest
      ? { key: "harvest", title: harvestVisit, day: harvest.visitedOn, done: true, post: harvest.post }
      : { key: "harvest", title: harvestVisit, day: plot.harvestDueOn, done: false, post: null },
  ];
  return (
    <section aria-labelledby="plot-timeline" className="card space-y-3">
      <h2 id="plot-timeline" className="font-semibold">
        {t("farmers:timeline.title")}
      </h2>
      <ol className="space-y-3">
        {stages.map((stage) => (
          <li key={stage.key} className="border-s-2 border-gray-6 ps-3">
            <p className="font-semibold">{stage.title}</p>
            {stage.post ? (
              <>
                <p className="text-sm text-gray-11">{`${formatCalendarDate(stage.day, language)} · ${officer}`}</p>
                {stage.post.text ? <p>{stage.post.text}</p> : null}
                <div className="flex flex-wrap gap-2">
                  {stage.post.media
                    .filter((media) => media.kind === "IMAGE")
                    .map((media) => (
                      <Link key={media.id} to={`/posts/${stage.post?.id}`}>
                        <img
                          src={media.thumbUrl ?? media.url}
                          alt={t("farmers:timeline.photo", { stage: stage.title.toLowerCase() })}
                          width={72}
                          height={72}
                        />
                      </Link>
                    ))}
                </div>
                <Link to={`/posts/${stage.post.id}`} className="text-sm">
                  {t("farmers:timeline.seePost")}
                </Link>
              </>
            ) : (
              <p className="text-sm text-gray-11">
                {stage.done
                  ? t("farmers:timeline.notRecorded")
                  : t("farmers:timeline.due", { day: formatCalendarDate(stage.day, language) })}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
