import { Link } from "react-router";
import { usePublicEnv, useLanguage } from "~/browser/root-data";
import { formatLocalDate } from "~/lib/date-format";
import { displayName } from "~/lib/names";
import type { PostType } from "~/lib/post-types";
import { POST_TYPE_KEYS } from "~/models/post-type-keys";
import type { DealerVisits as Visits } from "~/models/dealer-visits.schema";
import { useT } from "~/browser/i18n";

/**
 * "Last visited" and the dealer's visits, newest first, each a link to its post; older visits
 * are a plain link (`?visits=<cursor>`), so the history pages without JavaScript.
 */
export function DealerVisits({ visits, page, paged }: { visits: Visits; page: string; paged: boolean }) {
  const t = useT();
  const language = useLanguage();
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const { lastVisit } = visits;
  return (
    <section className="card space-y-2" aria-labelledby="dealer-visits">
      <h2 id="dealer-visits" className="font-semibold">
        {t("dealers:visits.title")}
      </h2>
      <p className="font-medium" data-testid="last-visited">
        {lastVisit
          ? t("dealers:visits.lastVisited", {
              date: formatLocalDate(lastVisit.createdAt, timeZone, { language }),
              officer: displayName(lastVisit.officer),
            })
          : t("dealers:visits.notYet")}
      </p>
      {visits.visits.length > 0 ? (
        <ol className="divide-y divide-gray-4" aria-label={t("dealers:visits.history")}>
          {visits.visits.map((visit) => (
            <li key={visit.postId}>
              <Link to={`/posts/${visit.postId}`} className="block min-h-11 py-2">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-medium">
                    {visit.type in POST_TYPE_KEYS ? t(POST_TYPE_KEYS[visit.type as PostType]) : visit.type}
                  </span>
                  <span className="text-sm text-gray-11">
                    {formatLocalDate(visit.createdAt, timeZone, { withTime: true, language })}
                  </span>
                </span>
                <span className="block text-sm text-gray-11">{displayName(visit.officer)}</span>
                {visit.note ? <span className="block text-sm text-warning-11">{visit.note}</span> : null}
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {visits.total > 0 ? (
        <p className="text-sm text-gray-11">{t("dealers:visits.total", { count: visits.total })}</p>
      ) : null}
      <div className="flex gap-2">
        {paged ? (
          <Link to={page} className="btn-secondary flex-1 px-3 text-sm">
            {t("dealers:visits.newest")}
          </Link>
        ) : null}
        {visits.nextCursor ? (
          <Link
            to={`${page}?${new URLSearchParams({ visits: visits.nextCursor })}`}
            className="btn-secondary flex-1 px-3 text-sm"
            rel="next"
          >
            {t("dealers:visits.older")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
