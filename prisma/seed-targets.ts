/**
 * The demo's targets (issue 49, decision 84): each officer's targets for this month and for the
 * crop season holding today, set by the manager who leads their team, for the measures they have
 * work in; and last month's, so that "copy last period's" has something to copy. Each target is
 * found from what the officer has done so far in the period (counted by the targets model from the
 * seeded posts) at a pace chosen for them, so that the demo has officers ahead, on pace and behind
 * (app/lib/target-period.ts's arithmetic). A separate random stream, so nothing else the seed draws
 * moves.
 */
import type { Prisma } from "~/generated/prisma/client";
import { appDate, appDayRange } from "~/infra/clock.server";
import { TARGET_MEASURES, type MeasureValues, type TargetMeasure } from "~/lib/target-measures";
import {
  daysLeftIn,
  monthOf,
  periodSpan,
  previousPeriod,
  seasonOf,
  targetAtPace,
  type PeriodSpan,
} from "~/lib/target-period";
import { achievementOf } from "~/models/targets.server";
import { Random } from "./seed-data/random";

const HOUR_MS = 3_600_000;

/** How the officers stand, in turn by id: the paces (times what is owed by today) each draws from. */
const STANDINGS: readonly (readonly [number, number])[] = [
  [1.2, 1.4], // ahead
  [1, 1.03], // on pace
  [0.6, 0.85], // behind
];

/** The least done in a month for a measure to get a target: below it, a pace says little. */
const LEAST: Record<TargetMeasure, number> = {
  sspBags: 20,
  organicBags: 20,
  sulfurBags: 20,
  salesAmount: 1,
  recoveryAmount: 1,
  dealerVisits: 3,
  farmerMeetings: 3,
  demoPlots: 2,
};

/** A period's days; the seed asks only for periods it made from a day. */
function spanOf(period: string): PeriodSpan {
  const span = periodSpan(period);
  if (!span) throw new Error(`No period ${period}`);
  return span;
}

/** The days of a period. */
function daysOf(period: string): number {
  const span = spanOf(period);
  return daysLeftIn(span, span.first);
}

/**
 * Three significant figures, as a manager writes a target (12,345 bags -> 12,300): down when the
 * pace asked is ahead or on it, up when behind, so rounding never moves an officer across the line.
 */
function roundAsSet(value: number, pace: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  return Math.max(1, (pace >= 1 ? Math.floor(value / step) : Math.ceil(value / step)) * step);
}

/**
 * The target in `period` at which `done` is `pace` times what is owed by `today`; on the period's
 * first day, when nothing is owed yet, from `lastMonth`'s work as a month's rate.
 */
function targetOf(period: string, done: number, lastMonth: number, today: string, pace: number): number {
  const atPace = targetAtPace(done, spanOf(period), today, pace);
  const value = atPace ?? (lastMonth * daysOf(period)) / daysOf(previousPeriod(monthOf(today))) / pace;
  return roundAsSet(Math.max(1, value), pace);
}

/** 09:00 of a period's first day in the app's time zone, or just before now if that is later. */
function setAtOf(period: string, nowMs: number): Date {
  return new Date(Math.min(appDayRange(spanOf(period).first).from + 9 * HOUR_MS, nowMs - 60_000));
}

/**
 * The targets of `officers` (each with the manager or admin who sets theirs), as of `now`, read
 * from the posts already in the database.
 */
export function buildDemoTargets(input: {
  now: Date;
  officers: readonly { id: number; setById: number }[];
}): Prisma.TargetCreateManyInput[] {
  const rng = Random.stream("targets");
  const today = appDate(input.now);
  const month = monthOf(today);
  const season = seasonOf(today);
  const lastMonth = previousPeriod(month);
  const ids = input.officers.map((officer) => officer.id);
  const done = achievementOf(ids, [month, season, lastMonth]);
  const doneIn = (period: string, id: number): MeasureValues | undefined => done.get(period)?.get(id);

  return [...input.officers]
    .sort((a, b) => a.id - b.id)
    .flatMap(({ id, setById }, index) => {
      const [slowest, fastest] = STANDINGS[index % STANDINGS.length] ?? [1, 1];
      const sofar = doneIn(month, id);
      const before = doneIn(lastMonth, id);
      // The measures of their work: what they did enough of this month (on its first day, last month).
      const counted = today === spanOf(month).first ? before : sofar;
      const measures = TARGET_MEASURES.filter((measure) => (counted?.[measure] ?? 0) >= LEAST[measure]);
      return measures.flatMap((measure): Prisma.TargetCreateManyInput[] => {
        const base = before?.[measure] ?? 0;
        const thisMonth = targetOf(month, sofar?.[measure] ?? 0, base, today, rng.float(slowest, fastest));
        const row = (period: string, value: number) => ({
          userId: id,
          period,
          measure,
          value: BigInt(value),
          setById,
          setAt: setAtOf(period, input.now.getTime()),
        });
        return [
          row(month, thisMonth),
          row(season, targetOf(season, doneIn(season, id)?.[measure] ?? 0, base, today, rng.float(slowest, fastest))),
          // Last month's, a little under this month's: the copy's percentage has something to raise.
          row(lastMonth, roundAsSet(thisMonth * rng.float(0.85, 0.95), 1)),
        ];
      });
    });
}
