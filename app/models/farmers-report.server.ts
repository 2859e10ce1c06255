import { readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, appDayRange, currentTime } from "~/infra/clock.server";
import { CROP_LABELS, type Crop } from "~/lib/crops";
import { displayName } from "~/lib/names";
import { SALE_PRODUCT_LABELS, type SaleProduct } from "~/lib/post-types";
import type { FarmerGrouping } from "~/lib/report-options";
import { periodLabel, previousPeriod, seasonOf, type PeriodSpan } from "~/lib/target-period";
import type { FarmersReportQuery } from "~/models/farmers-report.schema";
import { sqlRows } from "~/models/rows.server";
import type { Viewer } from "~/models/team-scope.server";
import { officersOf, teamNamed, teamsOf } from "~/models/targets-report.server";
import { spanOf } from "~/models/targets.server";

// The season report of farmers and demo plots (decision 98), by officer, team, season or the plots'
// product and crop, for the reports page, its files and GET /api/farmers/report. Everything is
// counted from the posts and plots themselves, in a few grouped reads:
// - a farmer is reached in a season when named at a Farmer Meeting post of the season or given a
//   demo plot sown in it; new when their first meeting or plot ever (by anyone) falls in the
//   season, repeat when they were met or given a plot before it;
// - a plot belongs to the season it was sown in, and its harvest, whenever it comes, to that season
//   (Rabi's wheat is cut in April, after its season's last day);
// - a plot's yield gain is (yield − control yield) ÷ control yield, to 0.01 % (half away from
//   zero); a group's gain is the plain average of its harvested plots' gains, to 0.1 %.

export type FarmerFigures = {
  reached: number;
  newFarmers: number;
  repeatFarmers: number;
  meetings: number;
  headCount: number;
  namedAttendees: number;
  plots: { sown: number; midSeason: number; harvested: number };
  yieldGain: YieldGain;
};

/** The plots behind an average gain, and the average (null: no plot to average, never 0 %). */
export type YieldGain = { plots: number; percent: number | null };

type FiguresRow = { key: string; label: string } & PeriodSpan & { figures: FarmerFigures };

type GainRow = { product: SaleProduct; crop: string; label: string; yieldGain: YieldGain };

export type FarmersReport = {
  season: string;
  label: string;
  first: string;
  last: string;
  today: string;
  groupBy: FarmerGrouping;
  team: { id: number; name: string } | null;
  rows: FiguresRow[];
  totals: PeriodSpan & { figures: FarmerFigures };
  gains: GainRow[];
};

/** How many seasons the trend by season shows, the one asked the last: three years. */
const TREND_SEASONS = 6;

const NO_TEAM = "No team";

/** The farmers report a viewer may see: 403 for a team not theirs; a season the app does not accept is the schema's 400. */
export async function buildFarmersReport(
  viewer: Viewer,
  query: FarmersReportQuery,
  now = currentTime(),
): Promise<FarmersReport> {
  const today = appDate(now);
  const season = query.season ?? seasonOf(today);
  const span = spanOf(season);
  const { officers, ownOnly } = await officersOf(viewer, query.team);
  // An officer's rows are their own, but for their team's total.
  const counted =
    ownOnly && query.groupBy !== "team" ? officers.filter((officer) => officer.id === viewer.id) : officers;
  const ids = counted.map((officer) => officer.id);
  const seasons = query.groupBy === "season" ? seasonsTo(season) : [season];
  const whole = { first: spanOf(seasons[0] ?? season).first, last: span.last };
  // By officer or team, the season's groups and their total in one go; else the whole span's total.
  const { groups, total } = figuresOf(
    ids,
    whole,
    query.groupBy === "officer" || query.groupBy === "team" ? query.groupBy : "all",
  );

  const rows = ((): FiguresRow[] => {
    switch (query.groupBy) {
      case "officer":
        return counted.map((officer) => ({
          key: String(officer.id),
          label: displayName(officer),
          ...span,
          figures: groups.get(officer.id) ?? noFigures(),
        }));
      case "team":
        return [...teamsOf(counted)].map(([teamId, people]) => ({
          key: teamId === null ? "none" : String(teamId),
          label: people[0]?.teamName ?? NO_TEAM,
          ...span,
          figures: groups.get(teamId) ?? noFigures(),
        }));
      case "season":
        return seasons.map((each) => {
          const eachSpan = spanOf(each);
          return { key: each, label: periodLabel(each), ...eachSpan, figures: figuresOf(ids, eachSpan, "all").total };
        });
      case "product":
        return [];
    }
  })();
  return {
    season,
    label: periodLabel(season),
    ...span,
    today,
    groupBy: query.groupBy,
    team: query.team === undefined ? null : await teamNamed(query.team),
    rows,
    totals: { ...whole, figures: total },
    gains: gainsOf(ids, span),
  };
}

/** The seasons of the trend: TREND_SEASONS of them, ending with `season`. */
function seasonsTo(season: string): string[] {
  const seasons = [season];
  while (seasons.length < TREND_SEASONS) seasons.unshift(previousPeriod(seasons[0] ?? season));
  return seasons;
}

function noFigures(): FarmerFigures {
  return figuresOfSums(noSums());
}

/** The group a row of the reads falls in: the officer, their team of today (null: none), or all together (null). */
const GROUP_OF: Record<"officer" | "team" | "all", Prisma.Sql> = {
  officer: Prisma.sql`u.id`,
  team: Prisma.sql`u.teamId`,
  all: Prisma.sql`NULL`,
};

/** A harvested plot's gain in hundredths of a per cent, rounded half away from zero; null without both yields. */
const PLOT_GAIN = Prisma.sql`CASE WHEN d.stage = 'HARVESTED' AND d.yieldKgPerAcre IS NOT NULL AND d.controlYieldKgPerAcre > 0
  THEN CAST(ROUND((d.yieldKgPerAcre - d.controlYieldKgPerAcre) * 10000.0 / d.controlYieldKgPerAcre) AS INTEGER) END`;

/** The average of `count` plots' gains adding up to `sum` hundredths of a per cent, in per cent to 0.1 (null: none). */
function averageGain(sum: number, count: number): YieldGain {
  return { plots: count, percent: count === 0 ? null : Math.round(sum / count / 10) / 10 };
}

/** A group's figures as they are added up: its gain as a sum of plots' gains, averaged at the end. */
type Sums = Omit<FarmerFigures, "yieldGain"> & { gainPlots: number; gainSum: number };

function noSums(): Sums {
  return {
    reached: 0,
    newFarmers: 0,
    repeatFarmers: 0,
    meetings: 0,
    headCount: 0,
    namedAttendees: 0,
    plots: { sown: 0, midSeason: 0, harvested: 0 },
    gainPlots: 0,
    gainSum: 0,
  };
}

function figuresOfSums({ gainPlots, gainSum, ...figures }: Sums): FarmerFigures {
  return { ...figures, yieldGain: averageGain(gainSum, gainPlots) };
}

/**
 * The figures of `officerIds` over the days of `span`, by officer, team or all together (group →
 * figures; absent: nothing in the span), and their total, each farmer counted once. Three grouped
 * reads: the farmers reached (and which of them were met before), the meetings, and the plots sown;
 * the meetings and plots of the total are its groups' added up.
 */
function figuresOf(
  officerIds: readonly number[],
  span: PeriodSpan,
  groupBy: "officer" | "team" | "all",
): { groups: Map<number | null, FarmerFigures>; total: FarmerFigures } {
  const sums = new Map<number | null, Sums>();
  const total = noSums();
  if (officerIds.length === 0) return { groups: new Map(), total: figuresOfSums(total) };
  const from = appDayRange(span.first).from;
  const to = appDayRange(span.last).to;
  const officers = Prisma.sql`officer(id, grp) AS (
    SELECT u.id, ${GROUP_OF[groupBy]} FROM User u WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(officerIds)})))`;
  const of = (group: number | null): Sums => {
    const found = sums.get(group) ?? noSums();
    sums.set(group, found);
    return found;
  };
  const reach = readRows(
    sqlRows.farmerReach,
    Prisma.sql`
    WITH ${officers},
    contact(grp, farmerId) AS (
      SELECT o.grp, a.farmerId FROM Post p
      JOIN officer o ON o.id = p.userId
      JOIN MeetingAttendee a ON a.postId = p.id
      WHERE p.type = 'FARMER_MEETING' AND p.createdAt >= ${from} AND p.createdAt < ${to}
      UNION
      SELECT o.grp, d.farmerId FROM DemoPlot d
      JOIN officer o ON o.id = d.officerId
      WHERE d.sownOn >= ${span.first} AND d.sownOn <= ${span.last}
    ),
    reached(farmerId) AS (SELECT DISTINCT farmerId FROM contact),
    metBefore(farmerId) AS (
      SELECT r.farmerId FROM reached r
      WHERE EXISTS (SELECT 1 FROM MeetingAttendee a JOIN Post p ON p.id = a.postId WHERE a.farmerId = r.farmerId AND p.createdAt < ${from})
        OR EXISTS (SELECT 1 FROM DemoPlot d WHERE d.farmerId = r.farmerId AND d.sownOn < ${span.first})
    )
    SELECT 0 AS whole, c.grp AS grp, COUNT(*) AS reached, SUM(c.farmerId IN (SELECT farmerId FROM metBefore)) AS repeatFarmers
    FROM contact c GROUP BY c.grp
    UNION ALL
    SELECT 1, NULL, COUNT(*), IFNULL(SUM(r.farmerId IN (SELECT farmerId FROM metBefore)), 0) FROM reached r`,
  );
  for (const { whole, grp, reached, repeatFarmers } of reach)
    Object.assign(whole ? total : of(grp), { reached, repeatFarmers, newFarmers: reached - repeatFarmers });
  const meetings = readRows(
    sqlRows.farmerMeetings,
    Prisma.sql`
    WITH ${officers}
    SELECT grp, COUNT(*) AS meetings, SUM(COALESCE(headCount, named)) AS headCount, SUM(named) AS namedAttendees
    FROM (
      SELECT o.grp AS grp, p.headCount AS headCount,
        (SELECT COUNT(*) FROM MeetingAttendee a WHERE a.postId = p.id) AS named
      FROM Post p JOIN officer o ON o.id = p.userId
      WHERE p.type = 'FARMER_MEETING' AND p.createdAt >= ${from} AND p.createdAt < ${to}
    )
    GROUP BY grp`,
  );
  for (const { grp, ...counts } of meetings)
    for (const sum of [of(grp), total]) {
      sum.meetings += counts.meetings;
      sum.headCount += counts.headCount;
      sum.namedAttendees += counts.namedAttendees;
    }
  const plots = readRows(
    sqlRows.plotStages,
    Prisma.sql`
    WITH ${officers}
    SELECT o.grp AS grp, SUM(d.stage = 'SOWN') AS sown, SUM(d.stage = 'MID_SEASON') AS midSeason,
      SUM(d.stage = 'HARVESTED') AS harvested, COUNT(${PLOT_GAIN}) AS gainPlots, IFNULL(SUM(${PLOT_GAIN}), 0) AS gainSum
    FROM DemoPlot d JOIN officer o ON o.id = d.officerId
    WHERE d.sownOn >= ${span.first} AND d.sownOn <= ${span.last}
    GROUP BY o.grp`,
  );
  for (const { grp, ...counts } of plots)
    for (const sum of [of(grp), total]) {
      sum.plots.sown += counts.sown;
      sum.plots.midSeason += counts.midSeason;
      sum.plots.harvested += counts.harvested;
      sum.gainPlots += counts.gainPlots;
      sum.gainSum += counts.gainSum;
    }
  return {
    groups: new Map([...sums].map(([group, sum]) => [group, figuresOfSums(sum)])),
    total: figuresOfSums(total),
  };
}

/** The average yield gain of `officerIds`' plots sown in `span` and harvested, by product and crop. */
function gainsOf(officerIds: readonly number[], span: PeriodSpan): GainRow[] {
  if (officerIds.length === 0) return [];
  const rows = readRows(
    sqlRows.plotGains,
    Prisma.sql`
    SELECT d.product AS product, d.crop AS crop, COUNT(${PLOT_GAIN}) AS gainPlots, SUM(${PLOT_GAIN}) AS gainSum
    FROM DemoPlot d
    WHERE d.sownOn >= ${span.first} AND d.sownOn <= ${span.last}
      AND d.officerId IN (SELECT value FROM json_each(${JSON.stringify(officerIds)}))
      AND ${PLOT_GAIN} IS NOT NULL
    GROUP BY d.product, d.crop
    ORDER BY d.product, d.crop`,
  );
  return rows.map(({ product, crop, gainPlots, gainSum }) => ({
    product,
    crop,
    label: `${SALE_PRODUCT_LABELS[product]}, ${CROP_LABELS[crop as Crop] ?? crop}`,
    yieldGain: averageGain(gainSum, gainPlots),
  }));
}
