import { memo } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/leaderboard";
import { Pager } from "~/components/pager";
import { avatarFor, badgeFor } from "~/lib/avatars";
import { avatarName, scoreText, statusText } from "~/components/reports/standing-words";
import { formatLocalDate } from "~/lib/date-format";
import { displayName } from "~/lib/names";
import {
  PERFORMANCE_WEIGHTS,
  PERFORMANCE_WINDOW_DAYS,
  RECALCULATION_FAILED,
  STAR_MIN_POSTED_DAYS,
} from "~/lib/performance";
import { relativeTime } from "~/lib/relative-time";
import { metaTitle, useT } from "~/browser/i18n";
import { guardRequest } from "~/browser/request-guard";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { languageContext } from "~/http/context";
import { pageMessages, requestTranslator } from "~/http/language.server";
import type { MessageKey } from "~/locales/namespaces";
import { pageNumberQuerySchema } from "~/models/admin.schema";
import { requestViewer, requireAllowed, requireUser } from "~/http/auth.server";
import { can } from "~/models/policy";
import { calculatePerformance, getLeaderboard, type LeaderboardEntry } from "~/models/performance.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageAudienceQuery } from "~/http/audience-query.server";
import { pageCall } from "~/http/form.server";
import { audienceSwitch } from "~/models/audience-switch.server";
import { audienceParams } from "~/models/audience-switch.schema";
import { hrefWith, ScopeSwitch } from "~/components/audience/scope-switch";
import { Icon } from "~/components/icon";
import { AchievementCard } from "~/components/targets/achievement-card";
import { appDate } from "~/infra/clock.server";
import { monthOf } from "~/lib/target-period";
import { periodProgress } from "~/models/targets.server";
import { log } from "~/infra/log.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "reports:leaderboard.pageTitle") },
];

/** Rankings a page: a thousand rows take a phone seconds to lay out and hydrate. */
const PAGE_SIZE = 100;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  // Whose rows: the viewer's own people by default, the company's, or one team's. Ranks, scores
  // and badges are the company's whatever the table shows.
  const { audience, view } = await pageCall(() => audienceSwitch(user, pageAudienceQuery(args.request)));
  const { entries, holders, lastCalculatedAt } = await getLeaderboard(audience);
  // Achievement against targets, of the viewer's own people: beside the ranks, never in them.
  const achievement = await periodProgress(user, { period: monthOf(appDate()) });
  const query = pageNumberQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const page = Math.min(query.success ? (query.data.page ?? 1) : 1, Math.max(1, Math.ceil(entries.length / PAGE_SIZE)));
  return {
    viewerId: user.id,
    canRecalculate: can(await requestViewer(args, user), "leaderboard.recalculate"),
    entries: entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: entries.length,
    page,
    audience: view,
    holders,
    lastCalculatedAt: lastCalculatedAt?.toISOString() ?? null,
    // Worked out on the server, so the page reads the same with JavaScript on and off.
    lastUpdated: lastCalculatedAt ? relativeTime(lastCalculatedAt, undefined, args.context.get(languageContext)) : null,
    achievement,
    messages: pageMessages(args.context, "reports", "targets"),
  };
}

/** Recalculate, as the policy's leaderboard.recalculate allows (others get 403). */
export async function action(args: Route.ActionArgs) {
  await requireAllowed(args, "leaderboard.recalculate");
  const t = requestTranslator(args.context, "reports");
  try {
    await calculatePerformance();
  } catch (error) {
    log.error({ err: error }, "performance calculation failed");
    return redirectWithToast("/leaderboard", { title: t("reports:leaderboard.recalculationFailed"), type: "error" });
  }
  return redirectWithToast("/leaderboard", { title: t("reports:leaderboard.recalculated") });
}

/** Also posted from the admin dashboard's quick actions. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: RECALCULATION_FAILED }));

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const {
    entries,
    total,
    page,
    audience,
    holders,
    canRecalculate,
    lastUpdated,
    lastCalculatedAt,
    viewerId,
    achievement,
  } = loaderData;
  const scopeParams = audienceParams(audience);
  const { APP_TIME_ZONE: timeZone, CURRENCY_SYMBOL: currency } = usePublicEnv();
  const navigation = useNavigation();
  const t = useT();
  const language = useLanguage();
  const recalculating = navigation.state !== "idle" && navigation.formAction === "/leaderboard";
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-xl font-bold">{t("reports:leaderboard.title")}</h1>
          <p>
            <span
              className="inline-flex rounded-full bg-gray-3 px-2 py-0.5 text-xs text-gray-11"
              data-testid="last-updated"
            >
              {t("reports:leaderboard.lastUpdated")}{" "}
              {lastCalculatedAt ? (
                <time
                  dateTime={lastCalculatedAt}
                  title={formatLocalDate(lastCalculatedAt, timeZone, { withTime: true, language })}
                  className="ms-1"
                >
                  {lastUpdated}
                </time>
              ) : (
                <span className="ms-1">{t("reports:leaderboard.never")}</span>
              )}
            </span>
          </p>
        </div>
        <Link to="/reports" className="btn-secondary">
          {t("reports:leaderboard.reportsLink")}
        </Link>
        {canRecalculate ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="recalculate"
              className="btn-primary gap-2"
              disabled={recalculating}
            >
              <Icon name="refresh-cw" size={16} className={recalculating ? "animate-spin" : undefined} />
              {recalculating ? t("reports:leaderboard.recalculating") : t("reports:leaderboard.recalculate")}
            </button>
          </Form>
        ) : null}
      </header>

      <ScopeSwitch view={audience} path="/leaderboard" label={t("reports:leaderboard.scopeLabel")} />

      <section className="card space-y-3" aria-labelledby="holders-title">
        <h2 id="holders-title" className="font-semibold">
          {t("reports:leaderboard.holdersTitle")}
        </h2>
        {holders.length === 0 ? (
          <p className="text-sm text-gray-11">{t("reports:leaderboard.noBadges")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {holders.map((holder) => (
              <HolderCard key={holder.id} holder={holder} />
            ))}
          </ul>
        )}
      </section>

      <section className="card p-0" aria-labelledby="rankings-title">
        <h2 id="rankings-title" className="px-4 pt-4 font-semibold">
          {t("reports:leaderboard.rankingsTitle")}
        </h2>
        {entries.length === 0 ? (
          <p className="p-4 text-gray-11">{t("reports:leaderboard.noOfficers")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-start text-xs sm:text-sm" data-testid="leaderboard-table">
              <thead className="bg-gray-2 text-xs text-gray-11 uppercase">
                <tr>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    {t("reports:leaderboard.column.rank")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    {t("reports:leaderboard.column.agent")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3 text-end">
                    {t("reports:leaderboard.column.score")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    {t("reports:leaderboard.column.badge")}
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    {t("reports:leaderboard.column.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} isViewer={entry.id === viewerId} />
                ))}
              </tbody>
            </table>
            {total > PAGE_SIZE ? (
              <div className="p-3">
                <Pager
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={total}
                  hrefFor={(to) => hrefWith("/leaderboard", { ...scopeParams, page: String(to) })}
                  label={t("reports:leaderboard.pagerLabel")}
                />
              </div>
            ) : null}
          </div>
        )}
      </section>

      <AchievementCard progress={achievement} currency={currency} />

      <CalculationCard />
    </div>
  );
}

type Entry = Omit<LeaderboardEntry, "lastPerformanceCalculation"> & {
  lastPerformanceCalculation: Date | string | null;
};

function HolderCard({ holder }: { holder: Entry }) {
  const t = useT();
  const badge = badgeFor(holder.currentBadge);
  if (!badge) return null;
  return (
    <li
      className={`flex flex-col items-center gap-1 rounded-lg p-3 text-center ${badge.colors.background} ${badge.colors.text}`}
      data-testid="holder-card"
    >
      <span className="text-3xl" aria-hidden>
        {badge.emoji}
      </span>
      <span className="text-xs font-semibold uppercase">{avatarName(holder.currentBadge, t)}</span>
      <span className="w-full truncate font-medium">{displayName(holder)}</span>
      <span className="text-xs">
        {holder.performanceRank
          ? t("reports:leaderboard.holderRank", { rank: holder.performanceRank })
          : t("reports:leaderboard.unranked")}{" "}
        · {scoreText(holder.currentPerformanceScore, t)}
      </span>
    </li>
  );
}

const HIGHLIGHTS: Record<number, string> = {
  1: "bg-yellow-50",
  2: "bg-slate-100",
  3: "bg-orange-50",
};

const percent = (value: number) => `${Math.round(value * 100)}%`;

// Memoized: the board renders again on every change of the router's state; its rows stay as they are.
const EntryRow = memo(function EntryRow({ entry, isViewer }: { entry: Entry; isViewer: boolean }) {
  const t = useT();
  const avatar = avatarFor(entry.selectedAvatar);
  const badge = badgeFor(entry.currentBadge);
  const rank = entry.performanceRank;
  const score = entry.currentPerformanceScore === null ? null : Number(entry.currentPerformanceScore);
  return (
    <tr
      className={`border-t border-gray-4 align-top ${rank ? (HIGHLIGHTS[rank] ?? "") : ""}`}
      data-testid="leaderboard-row"
      data-username={entry.username}
      data-top={rank !== null && rank <= 3 ? "true" : undefined}
    >
      <td className="px-1.5 py-2 sm:px-3 font-semibold whitespace-nowrap">{rank ? `#${rank}` : "—"}</td>
      <td className="px-1.5 py-2 sm:px-3">
        <div className="flex items-center gap-2">
          <span
            className={`hidden size-8 shrink-0 items-center justify-center rounded-full sm:flex ${avatar.colors.background}`}
            aria-hidden
          >
            {avatar.emoji}
          </span>
          <span className="min-w-0">
            <span className="block font-medium break-words">
              {displayName(entry)}
              {isViewer ? <span className="ms-1 text-xs text-accent-11">{t("reports:leaderboard.you")}</span> : null}
            </span>
            <span className="block text-[11px] text-gray-11">
              <span aria-hidden className="sm:hidden">
                {avatar.emoji}{" "}
              </span>
              <bdi dir="ltr">@{entry.username}</bdi>
              {entry.team ? (
                <span data-testid="team-rank">
                  {" · "}
                  {entry.team.name}
                  {entry.teamRank ? ` · ${t("reports:leaderboard.teamRank", { rank: entry.teamRank })}` : ""}
                </span>
              ) : null}
            </span>
          </span>
        </div>
        {entry.parts ? (
          <details className="mt-1 text-xs">
            <summary className="w-fit cursor-pointer py-3 pe-2 text-sm text-accent-11">
              {t("reports:leaderboard.breakdown")}
            </summary>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5" data-testid="breakdown">
              {PERFORMANCE_WEIGHTS.map(({ part, weight }) => (
                <div key={part} className="contents">
                  <dt className="text-gray-11">
                    {t(PART_KEYS[part].label)} ({percent(weight)})
                  </dt>
                  <dd className="text-end tabular-nums">{percent(entry.parts?.[part] ?? 0)}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </td>
      <td className="px-1.5 py-2 sm:px-3 text-end tabular-nums whitespace-nowrap">
        {scoreText(entry.currentPerformanceScore, t)}
      </td>
      <td className="px-1.5 py-2 sm:px-3">
        {badge ? (
          <span title={avatarName(entry.currentBadge, t)} className="whitespace-nowrap">
            <span aria-hidden>{badge.emoji}</span> <span className="sr-only">{avatarName(entry.currentBadge, t)}</span>
          </span>
        ) : (
          <span className="text-gray-10">—</span>
        )}
      </td>
      <td className="px-1.5 py-2 sm:px-3 whitespace-nowrap">{statusText(rank, score, t)}</td>
    </tr>
  );
});

type Part = (typeof PERFORMANCE_WEIGHTS)[number]["part"];

/** The four parts' names and what each measures (lib/performance holds the English). */
const PART_KEYS: Record<Part, { label: MessageKey; explanation: MessageKey }> = {
  dealers: { label: "reports:leaderboard.part.dealers", explanation: "reports:leaderboard.part.dealersExplanation" },
  recovery: { label: "reports:leaderboard.part.recovery", explanation: "reports:leaderboard.part.recoveryExplanation" },
  gap: { label: "reports:leaderboard.part.gap", explanation: "reports:leaderboard.part.gapExplanation" },
  activity: { label: "reports:leaderboard.part.activity", explanation: "reports:leaderboard.part.activityExplanation" },
};

function CalculationCard() {
  const t = useT();
  return (
    <section className="card space-y-3 text-sm" aria-labelledby="calculation-title">
      <h2 id="calculation-title" className="font-semibold">
        {t("reports:leaderboard.calculation.title")}
      </h2>
      <p className="text-gray-11">{t("reports:leaderboard.calculation.intro", { days: PERFORMANCE_WINDOW_DAYS })}</p>
      <ul className="space-y-1">
        {PERFORMANCE_WEIGHTS.map(({ part, weight }) => (
          <li key={part} className="flex justify-between gap-3">
            <span>
              <span className="font-medium">{t(PART_KEYS[part].label)}</span>{" "}
              <span className="text-gray-11">— {t(PART_KEYS[part].explanation)}</span>
            </span>
            <span className="font-semibold tabular-nums">{percent(weight)}</span>
          </li>
        ))}
      </ul>
      <p>{t("reports:leaderboard.calculation.formula")}</p>
      <p className="text-gray-11">
        {t("reports:leaderboard.calculation.badges", { stars: STAR_MIN_POSTED_DAYS, days: PERFORMANCE_WINDOW_DAYS })}
      </p>
    </section>
  );
}
