import { LRUCache } from "lru-cache";
import { prisma, readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, appDayRange, currentTime } from "~/infra/clock.server";
import { AppError } from "~/lib/app-error";
import { centsToDecimal } from "~/lib/money";
import {
  MONEY_MEASURES,
  BAGS_OF,
  MEASURE_MAX,
  noMeasures,
  TARGET_MEASURES,
  type MeasureValues,
  type TargetMeasure,
} from "~/lib/target-measures";
import {
  daysLeftIn,
  monthOf,
  periodLabel,
  periodSpan,
  previousPeriod,
  progressOf,
  seasonOf,
  type PeriodSpan,
} from "~/lib/target-period";
import { SALE_PRODUCTS } from "~/lib/post-types";
import { authorize, seesEveryone } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { DEALER_TYPES } from "~/models/post.rules";
import { sqlRows } from "~/models/rows.server";
import {
  COPY_TOO_LARGE,
  TARGET_OFFICER_NOT_FOUND,
  type MeasureProgress,
  type OfficerTargets,
  type OwnPeriod,
  type PeriodProgress,
  type TargetGlance,
  type TargetRow,
  type TargetCopy,
  type TargetValues,
  type TeamTargets,
} from "~/models/targets.schema";
import { audienceSql, EVERYONE, requestedAudience, type Audience, type Viewer } from "~/models/team-scope.server";

// Targets and how far each officer and team has come (decision 84). Achievement is counted from
// the posts themselves, for many officers and periods in one read (`achievementOf`); a team's
// target and achievement are its current officers' added up. Nothing here touches the spec's
// score, ranks or badges.

/** Active, approved officers: the people targets are set for. */
const OFFICERS = Prisma.sql`u.role = 'OFFICER' AND u.isActive = 1 AND u.approval = 'APPROVED'`;

export function spanOf(period: string): PeriodSpan {
  const span = periodSpan(period);
  if (!span) throw new AppError(400, "targets:errors.unknownPeriod", { values: { period } });
  return span;
}

/** The period as epoch ms: from the Karachi midnight starting its first day to the one ending its last. */
function periodTimes(period: string): { from: number; to: number } {
  const span = spanOf(period);
  return { from: appDayRange(span.first).from, to: appDayRange(span.last).to };
}

/** Each officer's figures in each period, from their posts: period → officer id → values (absent: nothing done). */
export type Achievements = Map<string, Map<number, MeasureValues>>;

const dealerTypes = Prisma.join([...DEALER_TYPES]);
const bagSums = Prisma.join(
  SALE_PRODUCTS.map(
    (product) =>
      Prisma.sql`SUM(CASE WHEN p.type = 'SALE' AND p.saleProduct = ${product} THEN COALESCE(p.saleQty, 0) ELSE 0 END) AS ${Prisma.raw(BAGS_OF[product])}`,
  ),
);

/**
 * What `officerIds` did in each of `periods`, counted from their posts in one statement: bags by
 * product and the money of SALE posts, the recovery of RECOVERY posts, the posts naming a dealer
 * (dealer visits), FARMER_MEETING and DEMO_PLOT posts. A post counts in the period holding its
 * Karachi day. For the pages, /api, reports and exports alike.
 */
export function achievementOf(officerIds: readonly number[], periods: readonly string[]): Achievements {
  const achievements: Achievements = new Map(periods.map((period) => [period, new Map()]));
  if (officerIds.length === 0 || periods.length === 0) return achievements;
  const spans = Prisma.join(
    [...new Set(periods)].map((period) => {
      const { from, to } = periodTimes(period);
      return Prisma.sql`(${period}, ${from}, ${to})`;
    }),
  );
  const rows = readRows(
    sqlRows.achievement,
    Prisma.sql`
    WITH span(period, fromMs, toMs) AS (VALUES ${spans})
    SELECT s.period AS period, p.userId AS userId, ${bagSums},
      SUM(CASE WHEN p.type = 'SALE' THEN COALESCE(p.saleTotalCents, 0) ELSE 0 END) AS salesAmount,
      SUM(CASE WHEN p.type = 'RECOVERY' THEN COALESCE(p.recoveryAmountCents, 0) ELSE 0 END) AS recoveryAmount,
      SUM(p.dealerId IS NOT NULL AND p.type IN (${dealerTypes})) AS dealerVisits,
      SUM(p.type = 'FARMER_MEETING') AS farmerMeetings,
      SUM(p.type = 'DEMO_PLOT') AS demoPlots
    FROM span s
    JOIN Post p ON p.createdAt >= s.fromMs AND p.createdAt < s.toMs
    WHERE p.userId IN (SELECT value FROM json_each(${JSON.stringify(officerIds)}))
    GROUP BY s.period, p.userId`,
  );
  for (const { period, userId, salesAmount, recoveryAmount, ...counts } of rows) {
    achievements.get(period)?.set(userId, {
      ...counts,
      salesAmount: Number(salesAmount),
      recoveryAmount: Number(recoveryAmount),
    });
  }
  return achievements;
}

/** The targets set for `officerIds` in each of `periods`: period → officer id → values (null: none). */
export function targetsOf(
  officerIds: readonly number[],
  periods: readonly string[],
): Map<string, Map<number, TargetValues>> {
  if (officerIds.length === 0 || periods.length === 0) return byPeriod([], periods);
  const rows = readRows(
    sqlRows.targetValue,
    Prisma.sql`
    SELECT userId AS who, period, measure, value FROM Target
    WHERE userId IN (SELECT value FROM json_each(${JSON.stringify(officerIds)}))
      AND period IN (${Prisma.join([...new Set(periods)])})`,
  );
  // An officer's row always names them.
  return byPeriod(
    rows.flatMap((row) => (row.who === null ? [] : [{ ...row, who: row.who }])),
    periods,
  );
}

/**
 * The targets of `officerIds` in each of `periods` added up in the database, by their team of
 * today (`team`: period → team id, null for no team → values) or all together (`all`: period →
 * null → values); null where none is set. One grouped read, for reports over many officers.
 */
export function targetSumsOf(
  officerIds: readonly number[],
  periods: readonly string[],
  by: "team" | "all",
): Map<string, Map<number | null, TargetValues>> {
  if (officerIds.length === 0 || periods.length === 0) return byPeriod([], periods);
  // A team's officers of today: their User rows name it.
  const who = by === "team" ? Prisma.sql`(SELECT u.teamId FROM User u WHERE u.id = t.userId)` : Prisma.sql`NULL`;
  const rows = readRows(
    sqlRows.targetValue,
    Prisma.sql`
    SELECT ${who} AS who, t.period, t.measure, SUM(t.value) AS value
    FROM Target t
    WHERE t.userId IN (SELECT value FROM json_each(${JSON.stringify(officerIds)}))
      AND t.period IN (${Prisma.join([...new Set(periods)])})
    GROUP BY who, t.period, t.measure`,
  );
  return byPeriod(rows, periods);
}

/** Target rows folded by period, then by whose they are. */
function byPeriod<Who>(
  rows: ReadonlyArray<{ who: Who; period: string; measure: TargetMeasure; value: bigint }>,
  periods: readonly string[],
): Map<string, Map<Who, TargetValues>> {
  const targets = new Map<string, Map<Who, TargetValues>>(periods.map((period) => [period, new Map()]));
  for (const row of rows) {
    const byWho = targets.get(row.period);
    if (!byWho) continue;
    const values = byWho.get(row.who) ?? noTargets();
    values[row.measure] = Number(row.value);
    byWho.set(row.who, values);
  }
  return targets;
}

function noTargets(): TargetValues {
  return Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, null])) as TargetValues;
}

/** Each measure with a target, against what was done, on `today`. */
function measuresProgress(
  targets: TargetValues,
  actual: MeasureValues,
  span: PeriodSpan,
  today: string,
): MeasureProgress[] {
  return TARGET_MEASURES.flatMap((measure) => {
    const target = targets[measure];
    if (target === null) return [];
    return [{ measure, target, actual: actual[measure], ...progressOf(target, actual[measure], span, today) }];
  });
}

export type OfficerRow = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  teamId: number | null;
  teamName: string | null;
};

/** The active officers meeting `condition` (an `AND …` on the user row `u`), by team and name. */
export function officersIn(condition: Prisma.Sql): OfficerRow[] {
  return readRows(
    sqlRows.targetOfficer,
    Prisma.sql`
    SELECT u.id, u.username, u.firstName, u.lastName, u.teamId, t.name AS teamName
    FROM User u LEFT JOIN Team t ON t.id = u.teamId
    WHERE ${OFFICERS} ${condition}
    ORDER BY t.name COLLATE NOCASE, u.firstName COLLATE NOCASE, u.lastName COLLATE NOCASE, u.username`,
  );
}

/** The officers' targets and progress in `period`, and their teams' totals (the sums of the officers listed). */
function progressOfOfficers(officers: OfficerRow[], period: string, now: Date): PeriodProgress {
  const span = spanOf(period);
  const today = appDate(now);
  const ids = officers.map((officer) => officer.id);
  const targets = targetsOf(ids, [period]).get(period) ?? new Map<number, TargetValues>();
  const done = achievementOf(ids, [period]).get(period) ?? new Map<number, MeasureValues>();
  const teams = new Map<
    number,
    { team: { id: number; name: string }; officers: number; targets: TargetValues; actual: MeasureValues }
  >();
  const people = officers.map((officer): OfficerTargets => {
    const own = targets.get(officer.id) ?? noTargets();
    const actual = done.get(officer.id) ?? noMeasures();
    if (officer.teamId !== null) {
      const team = teams.get(officer.teamId) ?? {
        team: { id: officer.teamId, name: officer.teamName ?? "" },
        officers: 0,
        targets: noTargets(),
        actual: noMeasures(),
      };
      team.officers += 1;
      for (const measure of TARGET_MEASURES) {
        team.actual[measure] += actual[measure];
        const target = own[measure];
        if (target !== null) team.targets[measure] = (team.targets[measure] ?? 0) + target;
      }
      teams.set(officer.teamId, team);
    }
    return {
      id: officer.id,
      username: officer.username,
      firstName: officer.firstName,
      lastName: officer.lastName,
      team: officer.teamId === null ? null : { id: officer.teamId, name: officer.teamName ?? "" },
      targets: own,
      progress: measuresProgress(own, actual, span, today),
    };
  });
  return {
    period,
    label: periodLabel(period),
    first: span.first,
    last: span.last,
    daysLeft: daysLeftIn(span, today),
    people,
    teams: [...teams.values()].map((team): TeamTargets => ({
      team: team.team,
      officers: team.officers,
      progress: measuresProgress(team.targets, team.actual, span, today),
    })),
  };
}

/**
 * The progress a viewer may see in `period`: an officer their own and their team's totals; a
 * manager their own team's and led teams' officers (or one of those teams); an admin everyone's
 * (or one team's). A team named that is not the viewer's is refused (403), whoever asks.
 */
export async function periodProgress(
  viewer: Viewer,
  { period, team }: { period: string; team?: number },
  now = currentTime(),
): Promise<PeriodProgress> {
  if (viewer.role === "OFFICER") {
    if (team !== undefined) authorize(await policyViewer(viewer), "team.view", { teamId: team });
    // Their team's officers, for the team's totals; their own row alone.
    const teammates =
      viewer.teamId === null ? Prisma.sql`AND u.id = ${viewer.id}` : Prisma.sql`AND u.teamId = ${viewer.teamId}`;
    const progress = progressOfOfficers(officersIn(teammates), period, now);
    return { ...progress, people: progress.people.filter((person) => person.id === viewer.id) };
  }
  const audience = await requestedAudience(viewer, { team }, { companyAllowed: false });
  return progressOfOfficers(officersIn(audienceSql(audience, Prisma.sql`u`)), period, now);
}

/**
 * Each of `officerIds`' measures with a target in each of `periods`, against what they did, on
 * `now`'s day: period → officer id → progress (absent: no target in the period). Posts are read
 * only for officers with a target.
 */
export function progressOfEach(
  officerIds: readonly number[],
  periods: readonly string[],
  now: Date,
): Map<string, Map<number, MeasureProgress[]>> {
  const today = appDate(now);
  const targets = targetsOf(officerIds, periods);
  const withTargets = [...new Set([...targets.values()].flatMap((byOfficer) => [...byOfficer.keys()]))];
  const done = achievementOf(withTargets, periods);
  return new Map(
    periods.map((period) => {
      const span = spanOf(period);
      const byOfficer = [...(targets.get(period) ?? [])].map(([id, values]): [number, MeasureProgress[]] => [
        id,
        measuresProgress(values, done.get(period)?.get(id) ?? noMeasures(), span, today),
      ]);
      return [period, new Map(byOfficer)];
    }),
  );
}

/**
 * Officers' own month and season computed today, by officer, progress version and day (decision
 * 92): they change only with the officer's posts or targets (both raise the version,
 * prisma/triggers.ts) or the day; kept, the home reads one row for them.
 */
const ownProgressToday = new LRUCache<string, OwnPeriod[]>({ max: 5_000 });

/**
 * An officer's own month and season on their home: each period with targets, its days left and
 * each measure's progress (none when nothing is set). Kept until the officer's progress version
 * or the day changes.
 */
export function ownProgress(officerId: number, now = currentTime()): OwnPeriod[] {
  // The version first: a post written after it is read can only make the kept progress newer.
  const [version] = readRows(
    sqlRows.listVersion,
    Prisma.sql`SELECT "version" FROM "ListVersion" WHERE "name" = ${`Progress:${officerId}`}`,
  );
  const key = [officerId, version?.version ?? 0, appDate(now)].join(":");
  const kept = ownProgressToday.get(key);
  if (kept) return kept;
  const progress = computeOwnProgress(officerId, now);
  ownProgressToday.set(key, progress);
  return progress;
}

function computeOwnProgress(officerId: number, now: Date): OwnPeriod[] {
  const today = appDate(now);
  const periods = [
    { kind: "month" as const, period: monthOf(today) },
    { kind: "season" as const, period: seasonOf(today) },
  ];
  const progress = progressOfEach(
    [officerId],
    periods.map(({ period }) => period),
    now,
  );
  return periods.flatMap(({ kind, period }): OwnPeriod[] => {
    const measures = progress.get(period)?.get(officerId);
    if (!measures || measures.length === 0) return [];
    const daysLeft = daysLeftIn(spanOf(period), today);
    return [{ kind, period, label: periodLabel(period), daysLeft, progress: measures }];
  });
}

/** Each officer's month at a glance, for the manager's day: how many measures are behind, and the lowest percentage. */
export function monthAtAGlance(officerIds: readonly number[], now = currentTime()): Map<number, TargetGlance> {
  const month = monthOf(appDate(now));
  const progress = progressOfEach(officerIds, [month], now).get(month) ?? new Map<number, MeasureProgress[]>();
  return new Map(
    [...progress].map(([id, measures]): [number, TargetGlance] => [
      id,
      {
        measures: measures.length,
        behind: measures.filter((measure) => measure.status === "behind").length,
        lowestPercent: Math.min(...measures.map((measure) => measure.percent)),
      },
    ]),
  );
}

/** Target rows by id, as the change feed shows them: the value as /api writes it (an amount for money). */
export async function getTargets(ids: number[]): Promise<TargetRow[]> {
  const rows = await prisma.target.findMany({
    where: { id: { in: ids } },
    select: { id: true, userId: true, period: true, measure: true, value: true, setById: true, setAt: true },
  });
  return rows.map((row) => {
    const measure = row.measure as TargetMeasure;
    const value = MONEY_MEASURES.has(measure) ? centsToDecimal(row.value) : Number(row.value);
    return { ...row, measure, value, setAt: row.setAt.toISOString() };
  });
}

/** The officers whose targets the viewer sets: an admin everyone (or one team), a manager the teams they lead (or one of them). */
async function settableAudience(viewer: Viewer, team: number | undefined): Promise<Audience> {
  const rules = await policyViewer(viewer);
  if (team !== undefined) {
    authorize(rules, "targets.set", { teamId: team });
    return { everyone: false, teamIds: [team], unassigned: false };
  }
  authorize(rules, "targets.set");
  return seesEveryone(viewer) ? EVERYONE : { everyone: false, teamIds: [...rules.ledTeamIds], unassigned: false };
}

/** The /targets page: the officers the viewer sets targets for, with their targets and progress in `period`. */
export async function targetsToSet(
  viewer: Viewer,
  { period, team }: { period: string; team?: number },
  now = currentTime(),
): Promise<PeriodProgress> {
  return progressOfOfficers(officersIn(audienceSql(await settableAudience(viewer, team), Prisma.sql`u`)), period, now);
}

/** The officer whose targets are set, if the viewer may: 404 for no active officer, 403 for another team's. */
async function requireSettableOfficer(
  viewer: Viewer,
  officerId: number,
): Promise<{ id: number; teamId: number | null }> {
  const officer = await prisma.user.findFirst({
    where: { id: officerId, role: "OFFICER", isActive: true, approval: "APPROVED" },
    select: { id: true, teamId: true },
  });
  if (!officer) throw new AppError(404, TARGET_OFFICER_NOT_FOUND, { field: "officerId" });
  authorize(await policyViewer(viewer), "targets.set", { teamId: officer.teamId });
  return officer;
}

type Db = Pick<typeof prisma, "target" | "$executeRaw">;
type TargetKey = { userId: number; period: string; measure: TargetMeasure };

/** Targets a statement sets at most: six values each, well within SQLite's bound on a statement's variables. */
const UPSERT_CHUNK = 500;

/**
 * Sets targets (an officer's measure in a period, to a value) by whom and when: one statement a
 * chunk, so an import's thousands or a company's copy stay well within a transaction's time.
 */
async function upsertTargets(db: Db, by: number, targets: Array<TargetKey & { value: number }>, now: Date) {
  for (let start = 0; start < targets.length; start += UPSERT_CHUNK) {
    const rows = targets
      .slice(start, start + UPSERT_CHUNK)
      .map(
        ({ userId, period, measure, value }) =>
          Prisma.sql`(${userId}, ${period}, ${measure}, ${value}, ${by}, ${now.getTime()})`,
      );
    await db.$executeRaw`
      INSERT INTO Target (userId, period, measure, value, setById, setAt) VALUES ${Prisma.join(rows)}
      ON CONFLICT (userId, period, measure)
      DO UPDATE SET value = excluded.value, setById = excluded.setById, setAt = excluded.setAt`;
  }
}

/** Writes one officer's targets for a period: each measure set, or removed when null. */
async function writeTargets(db: Db, by: number, userId: number, period: string, values: TargetValues, now: Date) {
  const removed = TARGET_MEASURES.filter((measure) => values[measure] === null);
  if (removed.length > 0) await db.target.deleteMany({ where: { userId, period, measure: { in: removed } } });
  const set = TARGET_MEASURES.flatMap((measure) => {
    const value = values[measure];
    return value === null ? [] : [{ userId, period, measure, value }];
  });
  await upsertTargets(db, by, set, now);
}

/** Sets an officer's targets for `period`, every measure at once (a measure left empty has none). */
export async function setTargets(
  viewer: Viewer,
  officerId: number,
  period: string,
  values: TargetValues,
  now = currentTime(),
): Promise<TargetValues> {
  spanOf(period);
  await requireSettableOfficer(viewer, officerId);
  await prisma.$transaction((tx) => writeTargets(tx, viewer.id, officerId, period, values, now));
  return targetsOf([officerId], [period]).get(period)?.get(officerId) ?? noTargets();
}

/** An officer's targets for a period from an import: the measures given, each set; the others stay. */
export type ImportedTargets = { userId: number; period: string; values: Partial<Record<TargetMeasure, number>> };

/**
 * Writes an import's targets in one transaction, all or none (decision 90), as `setTargets` writes
 * one officer's. The caller has checked every row, `targets.set` on each officer included.
 */
export async function setImportedTargets(viewer: Viewer, rows: ImportedTargets[], now = currentTime()): Promise<void> {
  const targets = rows.flatMap(({ userId, period, values }) =>
    TARGET_MEASURES.flatMap((measure) => {
      const value = values[measure];
      return value === undefined ? [] : [{ userId, period, measure, value }];
    }),
  );
  // A file of 10,000 rows sets up to 80,000 targets: about a second, more than Prisma's 5 s default on a busy machine.
  await prisma.$transaction((tx) => upsertTargets(tx, viewer.id, targets, now), { timeout: 30_000 });
}

/**
 * "Copy last period's": each officer the viewer sets targets for (of one team, if named) who had
 * targets in the period before gets them in `period`, raised or lowered by `percent` and rounded
 * to a whole bag, cent or count (at least 1); their other targets of `period` stay. Nothing is
 * written when a copy would pass a measure's largest target. Answers how many officers got them.
 */
export async function copyTargets(
  viewer: Viewer,
  { period, percent, team }: TargetCopy,
  now = currentTime(),
): Promise<number> {
  spanOf(period);
  const previous = previousPeriod(period);
  const officers = officersIn(audienceSql(await settableAudience(viewer, team), Prisma.sql`u`));
  const before = targetsOf(
    officers.map((officer) => officer.id),
    [previous],
  ).get(previous);
  const copies = [...(before ?? [])].flatMap(([userId, values]) =>
    TARGET_MEASURES.flatMap((measure) => {
      const value = values[measure];
      if (value === null) return [];
      const copy = Math.max(1, Math.round((value * (100 + percent)) / 100));
      if (copy > MEASURE_MAX[measure]) throw new AppError(400, COPY_TOO_LARGE, { field: "percent" });
      return [{ userId, period, measure, value: copy }];
    }),
  );
  await prisma.$transaction((tx) => upsertTargets(tx, viewer.id, copies, now));
  return before?.size ?? 0;
}
