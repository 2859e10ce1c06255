import { Link } from "react-router";
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
  const visitOf = (stage: "MID_SEASON" | "HARVEST") => visits.find((visit) => visit.stage === stage);
  const mid = visitOf("MID_SEASON");
  const harvest = visitOf("HARVEST");
  const stages: Stage[] = [
    { key: "sown", title: "Sown", day: plot.sownOn, done: true, post: started },
    mid
      ? { key: "mid", title: "Mid-season visit", day: mid.visitedOn, done: true, post: mid.post }
      : { key: "mid", title: "Mid-season visit", day: plot.midVisitDueOn, done: harvest !== undefined, post: null },
    harvest
      ? { key: "harvest", title: "Harvest", day: harvest.visitedOn, done: true, post: harvest.post }
      : { key: "harvest", title: "Harvest", day: plot.harvestDueOn, done: false, post: null },
  ];
  return (
    <section aria-labelledby="plot-timeline" className="card space-y-3">
      <h2 id="plot-timeline" className="font-semibold">
        Timeline
      </h2>
      <ol className="space-y-3">
        {stages.map((stage) => (
          <li key={stage.key} className="border-s-2 border-gray-6 ps-3">
            <p className="font-semibold">{stage.title}</p>
            {stage.post ? (
              <>
                <p className="text-sm text-gray-11">{`${formatCalendarDate(stage.day)} · ${officer}`}</p>
                {stage.post.text ? <p>{stage.post.text}</p> : null}
                <div className="flex flex-wrap gap-2">
                  {stage.post.media
                    .filter((media) => media.kind === "IMAGE")
                    .map((media) => (
                      <Link key={media.id} to={`/posts/${stage.post?.id}`}>
                        <img
                          src={media.thumbUrl ?? media.url}
                          alt={`From the plot, ${stage.title.toLowerCase()}`}
                          width={72}
                          height={72}
                        />
                      </Link>
                    ))}
                </div>
                <Link to={`/posts/${stage.post.id}`} className="text-sm">
                  See the post
                </Link>
              </>
            ) : (
              <p className="text-sm text-gray-11">
                {stage.done ? "Not recorded" : `Due ${formatCalendarDate(stage.day)}`}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
