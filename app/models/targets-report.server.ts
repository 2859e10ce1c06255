import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, currentTime } from "~/infra/clock.server";
import { displayName } from "~/lib/names";
import type { TargetGrouping } from "~/lib/report-options";
import { MEASURE_LABELS, TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import {
  monthOf,
  monthsFor,
  periodLabel,
  progressOf,
  standingOf,
  type PeriodSpan,
  type Standing,
} from "~/lib/target-period";
import { authorize } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { audienceSql, requestedAudience, type Viewer } from "~/models/team-scope.server";
import type { TargetsReportQuery } from "~/models/targets-report.schema";
import { achievementOf, officersIn, spanOf, targetsOf, type OfficerRow } from "~/models/targets.server";

// Targets against what was done (decision 91), by officer, team, measure or month, for the reports
// page, its files and GET /api/targets/report. Targets and achievement come from the targets model
// (decision 84): the officers' targets, and their posts counted in one read for every officer and
// period asked; a group's target is the sum of the targets its officers have, its achievement the
// sum of what all of them did.

/** One measure of a group: its target (null: none of the group's officers has one), what was done, how it stands. */
export type MeasureFigure = {
  measure: TargetMeasure;
  target: number | null;
  actual: number;
  /** Whole per cent of the target; null without a target (never 0 % for a measure nobody was set). */
  percent: number | null;
  standing: Standing | null;
};

type TargetsReportRow = { key: string; label: string } & PeriodSpan & { measures: MeasureFigure[] };

export type TargetsReport = {
  period: string;
  label: string;
  first: string;
  last: string;
  today: string;
  groupBy: TargetGrouping;
  team: { id: number; name: string } | null;
  rows: TargetsReportRow[];
  totals: PeriodSpan & { measures: MeasureFigure[] };
};

type Sums = Record<TargetMeasure, { target: number | null; actual: number }>;

const NO_TEAM = "No team";

/**
 * The officers a viewer's report covers, and whose rows it lists: an officer their own row (and
 * their team's officers, for the team's total); a manager the officers of their teams; an admin
 * everyone; one team of those when asked (another team's: 403).
 */
async function officersOf(
  viewer: Viewer,
  team: number | undefined,
): Promise<{ officers: OfficerRow[]; ownOnly: boolean }> {
  if (viewer.role === "OFFICER") {
    if (team !== undefined) authorize(await policyViewer(viewer), "team.view", { teamId: team });
    const own =
      viewer.teamId === null ? Prisma.sql`AND u.id = ${viewer.id}` : Prisma.sql`AND u.teamId = ${viewer.teamId}`;
    return { officers: officersIn(own), ownOnly: true };
  }
  const audience = await requestedAudience(viewer, { team }, { companyAllowed: false });
  return { officers: officersIn(audienceSql(audience, Prisma.sql`u`)), ownOnly: false };
}

function figuresOf(sums: Sums, span: PeriodSpan, today: string, measures: readonly TargetMeasure[]): MeasureFigure[] {
  return measures.map((measure) => {
    const { target, actual } = sums[measure];
    if (target === null) return { measure, target, actual, percent: null, standing: null };
    return {
      measure,
      target,
      actual,
      percent: progressOf(target, actual, span, today).percent,
      standing: standingOf(target, actual, span, today),
    };
  });
}

/** The targets report a viewer may see: 403 for a team not theirs; a period the app does not accept is the schema's 400. */
export async function buildTargetsReport(
  viewer: Viewer,
  query: TargetsReportQuery,
  now = currentTime(),
): Promise<TargetsReport> {
  const today = appDate(now);
  const period = query.period ?? monthOf(today);
  const span = spanOf(period);
  const { officers, ownOnly } = await officersOf(viewer, query.team);
  const periods = query.groupBy === "period" ? monthsFor(period) : [period];
  const ids = officers.map((officer) => officer.id);
  const targets = targetsOf(ids, periods);
  const done = achievementOf(ids, periods);

  /** The sums of `people`'s targets and achievements over `over`. */
  const sumsOf = (people: readonly OfficerRow[], over: readonly string[]): Sums => {
    const sums = Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, { target: null, actual: 0 }])) as Sums;
    for (const at of over)
      for (const { id } of people) {
        const set = targets.get(at)?.get(id);
        const did = done.get(at)?.get(id);
        for (const measure of TARGET_MEASURES) {
          const sum = sums[measure];
          sum.actual += did?.[measure] ?? 0;
          const target = set?.[measure] ?? null;
          if (target !== null) sum.target = (sum.target ?? 0) + target;
        }
      }
    return sums;
  };
  const row = (key: string, label: string, people: readonly OfficerRow[], at: string): TargetsReportRow => {
    const rowSpan = spanOf(at);
    return { key, label, ...rowSpan, measures: figuresOf(sumsOf(people, [at]), rowSpan, today, TARGET_MEASURES) };
  };

  // An officer's rows are their own, but for their team's total.
  const counted =
    ownOnly && query.groupBy !== "team" ? officers.filter((officer) => officer.id === viewer.id) : officers;
  const rows = ((): TargetsReportRow[] => {
    switch (query.groupBy) {
      case "officer":
        return counted.map((officer) => row(String(officer.id), displayName(officer), [officer], period));
      case "team":
        return [...teamsOf(counted)].map(([teamId, people]) =>
          row(teamId === null ? "none" : String(teamId), people[0]?.teamName ?? NO_TEAM, people, period),
        );
      case "measure": {
        const sums = sumsOf(counted, [period]);
        return TARGET_MEASURES.map((measure) => ({
          key: measure,
          label: MEASURE_LABELS[measure],
          ...span,
          measures: figuresOf(sums, span, today, [measure]),
        }));
      }
      case "period":
        return periods.map((month) => row(month, periodLabel(month), counted, month));
    }
  })();
  const whole = { first: spanOf(periods[0] ?? period).first, last: spanOf(periods.at(-1) ?? period).last };
  return {
    period,
    label: periodLabel(period),
    ...span,
    today,
    groupBy: query.groupBy,
    team: query.team === undefined ? null : await teamNamed(query.team),
    rows,
    totals: { ...whole, measures: figuresOf(sumsOf(counted, periods), whole, today, TARGET_MEASURES) },
  };
}

/** The officers by team, in the order listed, those of no team last. */
function teamsOf(officers: readonly OfficerRow[]): Map<number | null, OfficerRow[]> {
  const teams = new Map<number | null, OfficerRow[]>();
  for (const officer of [...officers].sort((a, b) => Number(a.teamId === null) - Number(b.teamId === null))) {
    const people = teams.get(officer.teamId) ?? [];
    people.push(officer);
    teams.set(officer.teamId, people);
  }
  return teams;
}

async function teamNamed(id: number): Promise<{ id: number; name: string } | null> {
  return prisma.team.findUnique({ where: { id }, select: { id: true, name: true } });
}
