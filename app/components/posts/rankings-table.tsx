import { avatarFor, badgeFor } from "~/lib/avatars";
import { avatarName } from "~/components/reports/standing-words";
import { formatAmount } from "~/lib/money";
import { displayName } from "~/lib/names";
import type { RankingView } from "~/models/metrics.schema";
import { hrefWith } from "~/components/audience/scope-switch";
import { useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";

const MEDALS: Record<number, { emoji: string; label: MessageKey }> = {
  1: { emoji: "🥇", label: "posts:rankings.gold" },
  2: { emoji: "🥈", label: "posts:rankings.silver" },
  3: { emoji: "🥉", label: "posts:rankings.bronze" },
};

/** The rankings' periods, each with its label's key in the catalogs. */
export const PERIOD_LABELS = {
  today: "posts:rankings.today",
  week: "posts:rankings.week",
  month: "posts:rankings.month",
  all: "posts:rankings.all",
} as const satisfies Record<string, MessageKey>;

/**
 * The feed's "Sales Agent Rankings": position, medals for 1–3, km, hours, money. On the feed the top
 * rows, the viewer's own row set apart under "Your position" when they rank lower, and "See all";
 * with `pageSize`, a page of the full table (`/?rankings=all`) with its pager.
 */
export function RankingsTable({
  rows,
  total,
  offset = 0,
  own,
  viewerId,
  period,
  currency,
  scopeParams = {},
  pageSize,
}: {
  rows: RankingView[];
  total: number;
  /** The position before the first row shown (0 on the feed). */
  offset?: number;
  own: { position: number; row: RankingView } | null;
  viewerId: number;
  period: keyof typeof PERIOD_LABELS;
  currency: string;
  /** The feed's chosen audience (`scope`, `team`), kept by the period links and the full rankings' link. */
  scopeParams?: Record<string, string>;
  /** Rows a page of the full table; the feed's few rows have none. */
  pageSize?: number;
}) {
  const full = pageSize !== undefined;
  const t = useT();
  const periodParams: Record<string, string> = period === "month" ? {} : { period };
  const fullHref = (page?: number) =>
    hrefWith("/", { rankings: "all", ...periodParams, ...scopeParams, ...(page ? { page: String(page) } : {}) });
  return (
    <section className="card p-0" aria-labelledby="rankings-title">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4">
        <h2 id="rankings-title" className="text-lg font-semibold">
          {t("posts:rankings.title")}
        </h2>
        <nav aria-label={t("posts:rankings.period")} className="flex flex-wrap gap-1 text-sm">
          {(Object.keys(PERIOD_LABELS) as Array<keyof typeof PERIOD_LABELS>).map((key) => (
            <a
              key={key}
              href={hrefWith("/", {
                ...(full ? { rankings: "all" } : {}),
                ...(key === "month" ? {} : { period: key }),
                ...scopeParams,
              })}
              aria-current={key === period ? "page" : undefined}
              className={`tap rounded-full px-3 ${key === period ? "bg-accent-9 text-white" : "bg-gray-3 text-gray-11"}`}
            >
              {t(PERIOD_LABELS[key])}
            </a>
          ))}
        </nav>
      </div>
      {rows.length === 0 ? (
        <p className="p-4 text-gray-11">{t("posts:rankings.empty")}</p>
      ) : (
        <>
          <p className="px-4 pt-2 text-xs text-gray-11 sm:hidden" data-testid="rankings-scroll-hint">
            {t("posts:rankings.swipe")}
          </p>
          {/* Reached by keyboard too: a focused table scrolls with the arrow keys. */}
          <div
            className="scroll-cue mt-2 overflow-x-auto"
            data-testid="rankings-scroller"
            role="region"
            aria-label={t("posts:rankings.table")}
            tabIndex={0}
          >
            <table className="w-full min-w-[36rem] text-start text-sm">
              <thead className="bg-gray-2 text-xs text-gray-11 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("posts:rankings.rank")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("posts:rankings.agent")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("posts:rankings.distance")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("posts:rankings.hours")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("posts:rankings.sales")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("posts:rankings.recovery")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("posts:rankings.dealers")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <RankingRow
                    key={row.id}
                    row={row}
                    position={offset + index + 1}
                    own={row.id === viewerId}
                    currency={currency}
                  />
                ))}
              </tbody>
              {own ? (
                <tbody className="border-t-4 border-double border-gray-6">
                  <tr>
                    <th scope="rowgroup" colSpan={7} className="px-3 pt-2 text-xs font-semibold text-gray-11 uppercase">
                      {t("posts:rankings.yourPosition")}
                    </th>
                  </tr>
                  <RankingRow row={own.row} position={own.position} own currency={currency} />
                </tbody>
              ) : null}
            </table>
          </div>
          {[...rows, ...(own ? [own.row] : [])].some((row) => row.legsLeftOutText) ? (
            // The limits of LEG_LIMITS (lib/location-quality.ts), written out.
            <p className="px-4 pt-2 text-xs text-gray-11" data-testid="rankings-left-out">
              {t("posts:rankings.leftOut")}
            </p>
          ) : null}
        </>
      )}
      {full ? (
        // The next hundred, as the feed's Load More, and the way back: links that work without JavaScript.
        <p className="space-y-3 p-3">
          {offset + rows.length < total ? (
            <a href={fullHref(offset / pageSize + 2)} className="btn-secondary w-full">
              {t("posts:rankings.next", { count: pageSize })}
            </a>
          ) : null}
          <a href={hrefWith("/", { ...periodParams, ...scopeParams })} className="btn-secondary w-full">
            {t("posts:rankings.back")}
          </a>
        </p>
      ) : total > rows.length ? (
        <p className="px-4 py-3 text-end text-sm">
          <a href={fullHref()} className="tap font-medium text-accent-11 underline">
            {t("posts:rankings.seeAll")}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function RankingRow({
  row,
  position,
  own,
  currency,
}: {
  row: RankingView;
  position: number;
  own: boolean;
  currency: string;
}) {
  const medal = MEDALS[position];
  const avatar = avatarFor(row.selectedAvatar);
  const badge = badgeFor(row.currentBadge);
  const leftOut = row.legsLeftOutText;
  const t = useT();
  return (
    <tr className={`border-t border-gray-4 ${own ? "bg-accent-2" : ""}`} aria-current={own ? "true" : undefined}>
      <td className="px-3 py-2 font-semibold whitespace-nowrap">
        #{position}
        {medal ? (
          <span role="img" aria-label={t(medal.label)} className="ms-1">
            {medal.emoji}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <div className="flex items-center gap-2">
          <span
            className={`flex size-8 shrink-0 items-center justify-center rounded-full ${avatar.colors.background}`}
            aria-hidden
          >
            {avatar.emoji}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">
              {displayName(row)} {badge ? <span title={avatarName(row.currentBadge, t)}>{badge.emoji}</span> : null}
              {own ? (
                <span className="ms-1 rounded-full bg-accent-9 px-1.5 py-0.5 text-xs text-white">
                  {t("posts:rankings.you")}
                </span>
              ) : null}
            </span>
            <span className="block truncate text-xs text-gray-11">
              <bdi dir="ltr">@{row.username}</bdi>
            </span>
          </span>
        </div>
      </td>
      <td className="px-3 py-2 text-end whitespace-nowrap">
        {t("posts:rankings.km", { distance: row.distance })}
        {leftOut ? <span className="block text-xs whitespace-normal text-warning-11">{leftOut}</span> : null}
      </td>
      <td className="px-3 py-2 text-end">{row.hours}</td>
      <td className="px-3 py-2 text-end whitespace-nowrap">{formatAmount(row.sales, currency)}</td>
      <td className="px-3 py-2 text-end whitespace-nowrap">{formatAmount(row.recovery, currency)}</td>
      <td className="px-3 py-2 text-end">{row.dealers}</td>
    </tr>
  );
}
