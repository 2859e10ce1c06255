import { memo } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/leaderboard";
import { Pager } from "~/components/pager";
import { avatarFor, badgeFor } from "~/lib/avatars";
import { formatLocalDate } from "~/lib/date-format";
import { displayName } from "~/lib/names";
import {
  PERFORMANCE_WEIGHTS,
  PERFORMANCE_WINDOW_DAYS,
  RECALCULATED,
  RECALCULATION_FAILED,
  STAR_MIN_POSTED_DAYS,
  leaderboardStatus,
  scoreLabel,
} from "~/lib/performance";
import { relativeTime } from "~/lib/relative-time";
import { guardRequest } from "~/browser/request-guard";
import { usePublicEnv } from "~/browser/root-data";
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

export const meta: Route.MetaFunction = () => [{ title: "Performance Leaderboard · Fieldline" }];

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
    lastUpdated: lastCalculatedAt ? relativeTime(lastCalculatedAt) : "never",
    achievement,
  };
}

/** Recalculate, as the policy's leaderboard.recalculate allows (others get 403). */
export async function action(args: Route.ActionArgs) {
  await requireAllowed(args, "leaderboard.recalculate");
  try {
    await calculatePerformance();
  } catch (error) {
    console.error("Performance calculation failed:", error);
    return redirectWithToast("/leaderboard", { title: RECALCULATION_FAILED, type: "error" });
  }
  return redirectWithToast("/leaderboard", { title: RECALCULATED });
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
  const recalculating = navigation.state !== "idle" && navigation.formAction === "/leaderboard";
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-xl font-bold">Performance Leaderboard</h1>
          <p>
            <span
              className="inline-flex rounded-full bg-gray-3 px-2 py-0.5 text-xs text-gray-11"
              data-testid="last-updated"
            >
              Last updated{" "}
              {lastCalculatedAt ? (
                <time
                  dateTime={lastCalculatedAt}
                  title={formatLocalDate(lastCalculatedAt, timeZone, { withTime: true })}
                  className="ml-1"
                >
                  {lastUpdated}
                </time>
              ) : (
                <span className="ml-1">never</span>
              )}
            </span>
          </p>
        </div>
        <Link to="/reports" className="btn-secondary">
          Reports
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
              {recalculating ? "Recalculating..." : "Recalculate"}
            </button>
          </Form>
        ) : null}
      </header>

      <ScopeSwitch view={audience} path="/leaderboard" label="Whose rankings" />

      <section className="card space-y-3" aria-labelledby="holders-title">
        <h2 id="holders-title" className="font-semibold">
          Current Achievement Holders
        </h2>
        {holders.length === 0 ? (
          <p className="text-sm text-gray-11">No badges have been awarded yet.</p>
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
          Rankings
        </h2>
        {entries.length === 0 ? (
          <p className="p-4 text-gray-11">No officers yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-xs sm:text-sm" data-testid="leaderboard-table">
              <thead className="bg-gray-2 text-xs text-gray-11 uppercase">
                <tr>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    Rank
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    Agent
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3 text-right">
                    Score
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    Badge
                  </th>
                  <th scope="col" className="px-1.5 py-2 sm:px-3">
                    Status
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
                  label="Ranking pages"
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
      <span className="text-xs font-semibold uppercase">{badge.name}</span>
      <span className="w-full truncate font-medium">{displayName(holder)}</span>
      <span className="text-xs">
        {holder.performanceRank ? `Rank #${holder.performanceRank}` : "Unranked"} ·{" "}
        {scoreLabel(holder.currentPerformanceScore)}
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
              {isViewer ? <span className="ml-1 text-xs text-accent-11">(you)</span> : null}
            </span>
            <span className="block text-[11px] text-gray-11">
              <span aria-hidden className="sm:hidden">
                {avatar.emoji}{" "}
              </span>
              @{entry.username}
              {entry.team ? (
                <span data-testid="team-rank">
                  {" · "}
                  {entry.team.name}
                  {entry.teamRank ? ` · #${entry.teamRank} in team` : ""}
                </span>
              ) : null}
            </span>
          </span>
        </div>
        {entry.parts ? (
          <details className="mt-1 text-xs">
            <summary className="w-fit cursor-pointer py-3 pr-2 text-sm text-accent-11">Breakdown</summary>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5" data-testid="breakdown">
              {PERFORMANCE_WEIGHTS.map(({ part, label, weight }) => (
                <div key={part} className="contents">
                  <dt className="text-gray-11">
                    {label} ({percent(weight)})
                  </dt>
                  <dd className="text-right tabular-nums">{percent(entry.parts?.[part] ?? 0)}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </td>
      <td className="px-1.5 py-2 sm:px-3 text-right tabular-nums whitespace-nowrap">
        {scoreLabel(entry.currentPerformanceScore)}
      </td>
      <td className="px-1.5 py-2 sm:px-3">
        {badge ? (
          <span title={badge.name} className="whitespace-nowrap">
            <span aria-hidden>{badge.emoji}</span> <span className="sr-only">{badge.name}</span>
          </span>
        ) : (
          <span className="text-gray-10">—</span>
        )}
      </td>
      <td className="px-1.5 py-2 sm:px-3 whitespace-nowrap">{leaderboardStatus(rank, score)}</td>
    </tr>
  );
});

function CalculationCard() {
  return (
    <section className="card space-y-3 text-sm" aria-labelledby="calculation-title">
      <h2 id="calculation-title" className="font-semibold">
        Performance Calculation
      </h2>
      <p className="text-gray-11">
        Scores cover each field officer's last {PERFORMANCE_WINDOW_DAYS} days. Each of four parts runs from 0 to 1:
      </p>
      <ul className="space-y-1">
        {PERFORMANCE_WEIGHTS.map(({ part, label, weight, explanation }) => (
          <li key={part} className="flex justify-between gap-3">
            <span>
              <span className="font-medium">{label}</span> <span className="text-gray-11">— {explanation}</span>
            </span>
            <span className="font-semibold tabular-nums">{percent(weight)}</span>
          </li>
        ))}
      </ul>
      <p>
        Score = 100 × (25% × dealers + 30% × recovery + 35% × sales-recovery gap + 10% × posts activity), to 2 decimals.
        Officers scoring above 0 are ranked; equal scores go to the higher recovery, then to the earlier account.
      </p>
      <p className="text-gray-11">
        Badges: 👑 rank 1, 🛡️ rank 2, 🎓 rank 3; 🏆 the highest sales outside the top 3; ⭐ posted on at least{" "}
        {STAR_MIN_POSTED_DAYS} of the {PERFORMANCE_WINDOW_DAYS} days. One badge each, in that order.
      </p>
    </section>
  );
}
