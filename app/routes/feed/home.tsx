import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/home";
import { GettingStarted } from "~/components/home/getting-started";
import { YourDay } from "~/components/home/your-day";
import { YourTargets } from "~/components/home/your-targets";
import { PlanNextLink } from "~/components/home/plan-next";
import { PostCard, type PostCardData } from "~/components/posts/post-card";
import { type PERIOD_LABELS, RankingsTable } from "~/components/posts/rankings-table";
import { getOptionalUser, requestViewer, requireUser } from "~/http/auth.server";
import { can } from "~/models/policy";
import { officerHome } from "~/models/home.server";
import { teamDay } from "~/models/team-day.server";
import { TeamToday } from "~/components/home/team-today";
import { TeamAccounts, type TeamAccountsView } from "~/components/home/team-accounts";
import { teamAccounts } from "~/models/accounts-report.server";
import { formatMoney } from "~/lib/money";
import { MissedVisits } from "~/components/home/missed-visits";
import { PlotVisits, type PlotVisitsView } from "~/components/home/plot-visits";
import { overduePlotVisits } from "~/models/plot-visits-due.server";
import { CROP_KEYS, VISIT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { topAgentRankings } from "~/models/metrics.server";
import { withLegsLeftOutWords } from "~/components/map/legs-left-out";
import { listPosts } from "~/models/post.server";
import { FEED_PAGE_SIZE, periodFrom } from "~/models/post.schema";
import { pageNumberQuerySchema } from "~/models/admin.schema";
import { audienceSwitch } from "~/models/audience-switch.server";
import { audienceParams } from "~/models/audience-switch.schema";
import { pageAudienceQuery } from "~/http/audience-query.server";
import { pageCall } from "~/http/form.server";
import { hrefWith, ScopeSwitch } from "~/components/audience/scope-switch";
import { usePublicEnv } from "~/browser/root-data";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { languageContext } from "~/http/context";
import { periodName } from "~/components/targets/period-name";
import type { Translate } from "~/locales/namespaces";
import { isFailedRequest } from "~/lib/failed-request";
import { formatLocalDate } from "~/lib/date-format";
import { env } from "~/env.server";
import { Icon } from "~/components/icon";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: metaTitle(
      matches,
      loaderData && "signedIn" in loaderData && loaderData.signedIn ? "feed:page.pageTitle" : "feed:landing.title",
    ),
  },
  { name: "description", content: metaTitle(matches, "feed:landing.description") },
];

/** Rankings rows on the feed, above the posts; `?rankings=all` shows the full table, a page at a time. */
const FEED_RANKINGS = 3;
const FULL_RANKINGS_PAGE = 100;

export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const cursor = params.get("cursor");
  // Signed out, "/" is the landing page; a later page of the feed asks to sign in. An account
  // waiting for approval goes to /waiting: it sees none of the company's posts.
  if (!getOptionalUser(args) && cursor === null)
    return { signedIn: false as const, messages: pageMessages(args.context, "feed") };
  const user = requireUser(args);
  const period = periodFrom(params.get("period"));
  // "See all": the rankings alone, every officer of the audience, without the day or the posts.
  const full = params.get("rankings") === "all" && cursor === null;
  const rankingsPage = pageNumberQuerySchema.safeParse({ page: params.get("page") ?? undefined });
  const offset = full && rankingsPage.success ? ((rankingsPage.data.page ?? 1) - 1) * FULL_RANKINGS_PAGE : 0;
  // Whose posts and rankings: the viewer's own people by default, the company's, or one team's.
  const { audience, view } = await pageCall(() => audienceSwitch(user, pageAudienceQuery(args.request)));
  // The first page carries the officer's own day and the rankings; later pages (Load More) only posts.
  // A manager's and an admin's first page carries their people's day (of the chosen team, if one);
  // the full rankings table (`?rankings=all`) carries only the table.
  const policy = await requestViewer(args, user);
  // The manager's overdue plot visits name crops and visit stages in the farmers' words.
  const t = requestTranslator(args.context, "feed", "farmers");
  const teamToday = !cursor && !full && can(policy, "teamDay.read");
  // Beside it, what their dealers owe (managers and admins).
  const teamOwes = teamToday && can(policy, "dealerAccounts.report");
  const [home, team, plotsOverdue, accounts, rankings, page] = await Promise.all([
    cursor || full ? Promise.resolve(null) : officerHome(user, audience),
    teamToday ? pageCall(() => teamDay(user, { team: view.team ?? undefined })) : Promise.resolve(null),
    // Beside their people's day, their officers' overdue demo plot visits.
    teamToday ? pageCall(() => overduePlotVisitsView(user, view.team ?? undefined, t)) : Promise.resolve(null),
    teamOwes ? pageCall(() => teamAccountsView(user, view.team ?? undefined)) : Promise.resolve(null),
    cursor
      ? Promise.resolve(null)
      : topAgentRankings(period, user.id, full ? FULL_RANKINGS_PAGE : FEED_RANKINGS, audience, offset),
    full ? { posts: [], nextCursor: null } : listPosts({ viewer: user, cursor, audience, limit: FEED_PAGE_SIZE }),
  ]);
  return {
    signedIn: true as const,
    // The feed renders the post cards and the rankings ("posts") and the officer's targets ("targets").
    messages: pageMessages(args.context, "feed", "posts", "targets", "reports"),
    viewerId: user.id,
    period,
    full,
    // What the audience switch keeps: the period, and the full table when it is shown.
    keep: { ...(period === "month" ? {} : { period }), ...(full ? { rankings: "all" } : {}) },
    audience: view,
    cursor,
    // Each target period named here in the reader's language (its calendar stays off the feed's scripts).
    home: home && {
      ...home,
      targets: home.targets.map((own) => ({
        ...own,
        label: periodName(own.period, requestTranslator(args.context, "targets"), args.context.get(languageContext)),
      })),
    },
    plotVisitsDue: home && plotVisitsDueView(home.plotVisits, t),
    team,
    plotsOverdue,
    accounts,
    // The full table's rankings carry their page size (its Next link).
    // Each row's legs left out said here (the map's words), so the feed's scripts stay within their budget.
    rankings:
      rankings &&
      withLegsLeftOutWords(
        requestTranslator(args.context, "map"),
        full ? { ...rankings, pageSize: FULL_RANKINGS_PAGE } : rankings,
      ),
    // Each post's date and time written here, so the phone makes no time-zone formatter to hydrate the cards.
    posts: page.posts.map((post) => ({
      ...post,
      createdAtText: formatLocalDate(post.createdAt, env.APP_TIME_ZONE, {
        withTime: true,
        language: args.context.get(languageContext),
      }),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The manager's day's accounts block: the viewer's dealers (or one team's), the money written for the page. */
async function teamAccountsView(user: Parameters<typeof teamAccounts>[0], team?: number): Promise<TeamAccountsView> {
  const accounts = await teamAccounts(user, { team });
  const money = (cents: bigint) => formatMoney(cents, env.CURRENCY_SYMBOL);
  return {
    outstanding: money(accounts.outstandingCents),
    overdue: money(accounts.overdueCents),
    report: new URLSearchParams({ view: "accounts", ...(team ? { team: String(team) } : {}) }).toString(),
    mostOverdue: accounts.mostOverdue.map((dealer) => ({
      id: dealer.id,
      businessName: dealer.businessName,
      city: dealer.city,
      overdue: money(dealer.overdueCents),
    })),
  };
}

/** The officer's plot visits due by today, and how many are overdue: their home's block. */
function plotVisitsDueView({ due, overdue }: { due: number; overdue: number }, t: Translate): PlotVisitsView | null {
  if (due === 0) return null;
  return {
    title: t("feed:plotVisits.due", { count: due }),
    note: overdue > 0 ? t("feed:plotVisits.overdue", { count: overdue }) : null,
    links: [{ href: "/plan#plot-visits", text: t("feed:plotVisits.seeOnPlan") }],
  };
}

/** The manager's day's overdue plot visits (none: no block), their text written here so the home carries no labels. */
async function overduePlotVisitsView(
  user: Parameters<typeof overduePlotVisits>[0],
  team: number | undefined,
  t: Translate,
): Promise<PlotVisitsView | null> {
  const { total, visits } = await overduePlotVisits(user, { team });
  if (total === 0) return null;
  return {
    title: t("feed:plotVisits.overdueTitle", { total }),
    note: visits.length < total ? t("feed:plotVisits.mostOverdue", { count: visits.length }) : null,
    links: visits.map((visit) => ({
      href: `/plots/${visit.plotId}`,
      text: t("feed:plotVisits.visit", {
        officer: visit.officerName,
        stage: t(VISIT_STAGE_KEYS[visit.visit]),
        farmer: visit.farmerName,
      }),
      details: t("feed:plotVisits.details", { crop: t(CROP_KEYS[visit.crop]), days: visit.daysLate }),
    })),
  };
}

/**
 * With JavaScript, "Load More Posts" loads the next page here (the feed's fetcher): a request that
 * fails on the way leaves the feed as it is, with a notice, and the button tries again.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  if (!new URL(args.request.url).searchParams.has("cursor")) return args.serverLoader();
  // Its code loads on the tap (the service worker keeps it for offline use): few officers scroll that far.
  const { guardLoad } = await import("~/browser/request-guard");
  return guardLoad(args, {
    type: "error",
    title: "common:notice.error",
    description: "common:failed.loadMorePosts",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (isFailedRequest(loaderData)) return null;
  if (!loaderData.signedIn) return <Landing />;
  return <Feed data={loaderData} />;
}

function Landing() {
  const t = useT();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-8 px-6 py-10">
      <div className="space-y-3 text-center">
        <p className="text-5xl" aria-hidden>
          🌾
        </p>
        <h1 className="text-3xl font-bold">{t("feed:landing.title")}</h1>
        <p className="text-lg text-gray-11">{t("feed:landing.tagline")}</p>
        <p className="text-gray-11">{t("feed:landing.secure")}</p>
      </div>
      <div className="flex flex-col gap-3">
        <Link to="/login" className="btn-primary">
          {t("feed:landing.signIn")}
        </Link>
        <Link to="/register" className="btn-secondary">
          {t("feed:landing.createAccount")}
        </Link>
      </div>
    </main>
  );
}

type FeedData = Extract<Route.ComponentProps["loaderData"], { signedIn: true; viewerId: number }>;

function Feed({ data }: { data: FeedData }) {
  const t = useT();
  const currency = usePublicEnv().CURRENCY_SYMBOL;
  const more = useFetcher<typeof loader>({ key: "feed-more" });
  // Pages appended with JavaScript, by the cursor they were loaded with (a revalidated page replaces itself).
  const [pages, setPages] = useState<Array<{ cursor: string; posts: PostCardData[]; nextCursor: string | null }>>([]);
  useEffect(() => {
    const loaded = more.data;
    if (!loaded || isFailedRequest(loaded) || !loaded.signedIn || !loaded.cursor) return;
    const page = { cursor: loaded.cursor, posts: loaded.posts, nextCursor: loaded.nextCursor };
    setPages((current) => {
      const index = current.findIndex((existing) => existing.cursor === page.cursor);
      return index === -1 ? [...current, page] : current.map((existing, i) => (i === index ? page : existing));
    });
  }, [more.data]);
  // The chosen audience ("My Team", "Company", a team), kept by every link of the feed.
  const scopeParams = audienceParams(data.audience);
  const scopeKey = new URLSearchParams(scopeParams).toString();
  // Another first page (another period or audience, or a later page without JavaScript) starts the
  // list again. Reset while rendering, not in an effect: an effect's update would render the whole
  // feed again, in one long task, right after it hydrates.
  const listKey = `${data.cursor ?? ""}|${data.period}|${scopeKey}`;
  const [pagesOf, setPagesOf] = useState(listKey);
  if (pagesOf !== listKey) {
    setPagesOf(listKey);
    setPages([]);
  }

  const nextCursor = pages.at(-1)?.nextCursor ?? (pages.length ? null : data.nextCursor);
  const posts = [...data.posts, ...pages.flatMap((page) => page.posts)];
  const nextHref = nextCursor ? hrefWith("/", { ...scopeParams, cursor: nextCursor }) : null;

  return (
    <>
      <h1 className="sr-only">{t("feed:page.title")}</h1>
      <div className="space-y-3">
        <ScopeSwitch view={data.audience} path="/" keep={data.keep} label={t("feed:page.whosePosts")} />
        {data.home?.firstRun ? <GettingStarted steps={data.home.firstRun} /> : null}
        {data.home?.plan ? <PlanNextLink plan={data.home.plan} /> : null}
        {data.home?.day ? <YourDay day={data.home.day} currency={currency} /> : null}
        {data.home ? <YourTargets periods={data.home.targets} currency={currency} /> : null}
        {data.home && data.home.missed.length > 0 ? <MissedVisits stops={data.home.missed} /> : null}
        {data.plotVisitsDue ? <PlotVisits {...data.plotVisitsDue} /> : null}
        {data.team ? <TeamToday day={data.team} /> : null}
        {data.plotsOverdue ? <PlotVisits {...data.plotsOverdue} /> : null}
        {data.accounts ? <TeamAccounts accounts={data.accounts} /> : null}
        {data.rankings ? (
          <RankingsTable
            {...data.rankings}
            viewerId={data.viewerId}
            period={data.period as keyof typeof PERIOD_LABELS}
            currency={currency}
            scopeParams={scopeParams}
          />
        ) : (
          <Link to={hrefWith("/", scopeParams)} className="btn-secondary w-full">
            {t("feed:page.backToNewest")}
          </Link>
        )}
        {/* "See all" (`?rankings=all`): the whole table of rankings, without the posts. */}
        {data.full ? null : posts.length === 0 ? (
          <div className="card space-y-4 text-center">
            <p className="text-gray-11">{t("feed:page.empty")}</p>
            <Link to="/new-post" className="btn-primary">
              {t("feed:page.createPost")}
            </Link>
          </div>
        ) : (
          <ul className="space-y-3" aria-label={t("feed:page.posts")}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} currency={currency} viewerId={data.viewerId} />
              </li>
            ))}
          </ul>
        )}
        {nextHref ? (
          <a
            href={nextHref}
            className="btn-secondary w-full"
            aria-busy={more.state === "loading" || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (more.state === "idle")
                void more.load(`/?index&${new URLSearchParams({ ...scopeParams, cursor: nextCursor ?? "" })}`);
            }}
          >
            {more.state === "loading" ? t("feed:page.loading") : t("feed:page.loadMore")}
          </a>
        ) : null}
      </div>
      <Link
        to="/new-post"
        aria-label={t("feed:page.newPost")}
        className="fixed end-4 bottom-20 z-20 flex size-14 items-center justify-center rounded-full bg-accent-9 text-white shadow-lg hover:bg-accent-10"
      >
        <Icon name="plus" size={28} />
      </Link>
    </>
  );
}
