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
import type { TargetValues } from "~/models/targets.schema";
import { achievementOf, officersIn, spanOf, targetSumsOf, targetsOf, type OfficerRow } from "~/models/targets.server";

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
export async function officersOf(
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
  // An officer's rows are their own, but for their team's total.
  const counted =
    ownOnly && query.groupBy !== "team" ? officers.filter((officer) => officer.id === viewer.id) : officers;
  const periods = query.groupBy === "period" ? monthsFor(period) : [period];
  const sums = groupSums(counted, periods, query.groupBy);
  const figures = (
    key: number | null,
    at: string,
    over: PeriodSpan,
    measures: readonly TargetMeasure[] = TARGET_MEASURES,
  ) => figuresOf(sums.get(at)?.get(key) ?? noSums(), over, today, measures);

  const rows = ((): TargetsReportRow[] => {
    switch (query.groupBy) {
      case "officer":
        return counted.map((officer) => ({
          key: String(officer.id),
          label: displayName(officer),
          ...span,
          measures: figures(officer.id, period, span),
        }));
      case "team":
        return [...teamsOf(counted)].map(([teamId, people]) => ({
          key: teamId === null ? "none" : String(teamId),
          label: people[0]?.teamName ?? NO_TEAM,
          ...span,
          measures: figures(teamId, period, span),
        }));
      case "measure":
        return TARGET_MEASURES.map((measure) => ({
          key: measure,
          label: MEASURE_LABELS[measure],
          ...span,
          measures: figures(null, period, span, [measure]),
        }));
      case "period":
        return periods.map((month) => {
          const monthSpan = spanOf(month);
          return { key: month, label: periodLabel(month), ...monthSpan, measures: figures(null, month, monthSpan) };
        });
    }
  })();
  const whole = { first: spanOf(periods[0] ?? period).first, last: spanOf(periods.at(-1) ?? period).last };
  const total = noSums();
  for (const byGroup of sums.values()) for (const group of byGroup.values()) addSums(total, group);
  return {
    period,
    label: periodLabel(period),
    ...span,
    today,
    groupBy: query.groupBy,
    team: query.team === undefined ? null : await teamNamed(query.team),
    rows,
    totals: { ...whole, measures: figuresOf(total, whole, today, TARGET_MEASURES) },
  };
}

function noSums(): Sums {
  return Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, { target: null, actual: 0 }])) as Sums;
}

function addSums(into: Sums, from: Sums): void {
  for (const measure of TARGET_MEASURES) {
    const sum = into[measure];
    const { target, actual } = from[measure];
    sum.actual += actual;
    if (target !== null) sum.target = (sum.target ?? 0) + target;
  }
}

/**
 * The officers' targets and achievements in each period, added up by officer, by team, or all
 * together (by measure and by month): period → officer id, team id (null: no team) or null →
 * sums. Targets are summed in the database; achievement is read per officer in one grouped read
 * and added up here, each officer to their group.
 */
function groupSums(officers: readonly OfficerRow[], periods: readonly string[], groupBy: TargetGrouping) {
  const ids = officers.map((officer) => officer.id);
  const targets: Map<string, Map<number | null, TargetValues>> = groupBy === "officer"
    ? targetsOf(ids, periods)
    : targetSumsOf(ids, periods, groupBy === "team" ? "team" : "all");
  const done = achievementOf(ids, periods);
  const groupOf = (officer: OfficerRow) =>
    groupBy === "officer" ? officer.id : groupBy === "team" ? officer.teamId : null;
  const sums = new Map<string, Map<number | null, Sums>>();
  for (const at of periods) {
    const byGroup = new Map<number | null, Sums>();
    const sumOf = (group: number | null): Sums => {
      const sum = byGroup.get(group) ?? noSums();
      byGroup.set(group, sum);
      return sum;
    };
    for (const [group, values] of targets.get(at) ?? [])
      for (const measure of TARGET_MEASURES) sumOf(group)[measure].target = values[measure];
    for (const officer of officers) {
      const did = done.get(at)?.get(officer.id);
      if (!did) continue;
      const sum = sumOf(groupOf(officer));
      for (const measure of TARGET_MEASURES) sum[measure].actual += did[measure];
    }
    sums.set(at, byGroup);
  }
  return sums;
}

/** The officers by team, in the order listed, those of no team last. */
export function teamsOf(officers: readonly OfficerRow[]): Map<number | null, OfficerRow[]> {
  const teams = new Map<number | null, OfficerRow[]>();
  for (const officer of [...officers].sort((a, b) => Number(a.teamId === null) - Number(b.teamId === null))) {
    const people = teams.get(officer.teamId) ?? [];
    people.push(officer);
    teams.set(officer.teamId, people);
  }
  return teams;
}

export async function teamNamed(id: number): Promise<{ id: number; name: string } | null> {
  return prisma.team.findUnique({ where: { id }, select: { id: true, name: true } });
}
