import { prisma, readRows } from "~/db.server";
import { env } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate, currentTime } from "~/infra/clock.server";
import { formatMeasure } from "~/lib/target-measures";
import { monthOf, seasonOf } from "~/lib/target-period";
import { type NotificationWords, storedWords } from "~/models/notification.server";
import { sqlRows } from "~/models/rows.server";
import type { MeasureProgress } from "~/models/targets.schema";
import { progressOfEach } from "~/models/targets.server";

// Target notifications (decision 85): an officer hears when a measure of this month or this
// season reaches half its target, when it reaches the whole of it, and the first time it falls
// behind pace. A TargetNotice row per officer, period, measure and kind is written in the same
// transaction as the notification, so each is sent at most once, whoever checks: the check after
// each post, or the hourly sweep that finds those who fell behind without posting.

export const TARGET_NOTIFICATION = "TARGET";

type Kind = "HALF" | "DONE" | "BEHIND";

/** The notices a measure's progress calls for now (a target reached is past its half too). */
function kindsDue(measure: MeasureProgress): Kind[] {
  if (measure.status === "done") return ["DONE", "HALF"];
  return [
    ...(measure.percent >= 50 ? (["HALF"] as const) : []),
    ...(measure.status === "behind" ? (["BEHIND"] as const) : []),
  ];
}

/**
 * A period as its message's values: a season's name and years, or a month's (`m11`) and year; the
 * message names it in the reader's language.
 */
function periodValues(period: string): Record<string, string> {
  const [first = "", second = ""] = period.split("-");
  if (first === "RABI" || first === "KHARIF")
    return { season: first, year: second, next: String((Number(second) + 1) % 100).padStart(2, "0") };
  return { season: "MONTH", month: `m${second}`, year: first };
}

function noticeWords(kind: Kind, measure: MeasureProgress, period: string): NotificationWords {
  const currency = env.CURRENCY_SYMBOL;
  const values = {
    measure: measure.measure,
    actual: formatMeasure(measure.measure, measure.actual, currency),
    target: formatMeasure(measure.measure, measure.target, currency),
    percent: measure.percent,
    ...periodValues(period),
  };
  if (kind === "DONE")
    return {
      title: "people:notifications.target.reachedTitle",
      message: "people:notifications.target.reached",
      values,
    };
  if (kind === "HALF")
    return { title: "people:notifications.target.halfTitle", message: "people:notifications.target.half", values };
  if (measure.neededPerDay === null)
    return {
      title: "people:notifications.target.behindTitle",
      message: "people:notifications.target.behindEnded",
      values,
    };
  return {
    title: "people:notifications.target.behindTitle",
    message: "people:notifications.target.behind",
    values: {
      ...values,
      perDay: formatMeasure(measure.measure, measure.neededPerDay, currency),
      daysLeft: measure.daysLeft,
    },
  };
}

/**
 * Sends the target notifications due to `officerIds` on `now`'s month and season, each at most
 * once per measure and period (half and whole at once: only "Target reached"). Answers how many
 * were sent.
 */
export async function notifyTargetProgress(officerIds: readonly number[], now = currentTime()): Promise<number> {
  const today = appDate(now);
  const periods = [monthOf(today), seasonOf(today)];
  const progress = progressOfEach(officerIds, periods, now);
  let sent = 0;
  for (const [period, byOfficer] of progress) {
    for (const [userId, measures] of byOfficer) {
      const due = measures.flatMap((measure) => kindsDue(measure).map((kind) => ({ kind, measure })));
      if (due.length === 0) continue;
      sent += await prisma.$transaction(async (tx) => {
        const fresh: typeof due = [];
        for (const notice of due) {
          const inserted = await tx.$executeRaw`
            INSERT OR IGNORE INTO TargetNotice (userId, period, measure, kind, createdAt)
            VALUES (${userId}, ${period}, ${notice.measure.measure}, ${notice.kind}, ${now.getTime()})`;
          if (inserted > 0) fresh.push(notice);
        }
        // A target reached in one step is told once, as reached.
        const told = fresh.filter(
          ({ kind, measure }) =>
            kind !== "HALF" || !fresh.some((other) => other.kind === "DONE" && other.measure === measure),
        );
        await tx.notification.createMany({
          data: told.map(({ kind, measure }) => ({
            userId,
            type: TARGET_NOTIFICATION,
            ...storedWords(noticeWords(kind, measure, period)),
          })),
        });
        return told.length;
      });
    }
  }
  return sent;
}

/** The hourly sweep: every officer with a target this month or season, for those who fell behind without posting. */
export async function sweepTargetNotices(now = currentTime()): Promise<number> {
  const today = appDate(now);
  const officers = readRows(
    sqlRows.id,
    Prisma.sql`SELECT DISTINCT userId AS id FROM Target WHERE period IN (${monthOf(today)}, ${seasonOf(today)})`,
  );
  return notifyTargetProgress(
    officers.map((officer) => officer.id),
    now,
  );
}
