import { prisma } from "~/db.server";
import { appDate, currentTime } from "~/infra/clock.server";
import { addDays } from "~/lib/calendar";
import { displayName } from "~/lib/names";
import { storedWords } from "~/models/notification.server";
import { planStops } from "~/models/visit-plan.server";

// Missed planned visits (decision 44): once an officer's day has ended (midnight in the app's time
// zone) with stops of their plan unvisited, the officer and each manager of their team are told,
// once, with the dealers named (the officer can move them to today from the plan). A row of
// MissedVisitNotice per officer and day is written in the same transaction as the notifications:
// the first sweep to insert it notifies, every later one (another run, another process) finds it.

export const MISSED_VISIT = "MISSED_VISIT";

/** Ended days looked at by each sweep, counted back from yesterday: a server down over a midnight still notifies. */
const SWEPT_DAYS = 2;

export type SweepResult = { officers: number; notifications: number };

/** Notifies the missed visits of the last ended days not notified yet. */
export async function sweepMissedVisits(now = currentTime()): Promise<SweepResult> {
  const today = appDate(now);
  const result: SweepResult = { officers: 0, notifications: 0 };
  for (let back = SWEPT_DAYS; back >= 1; back--) {
    const day = await notifyMissedVisits(addDays(today, -back), now);
    result.officers += day.officers;
    result.notifications += day.notifications;
  }
  return result;
}

async function notifyMissedVisits(day: string, now: Date): Promise<SweepResult> {
  const plans = await prisma.visitPlan.findMany({
    where: { day, user: { role: "OFFICER" } },
    select: { user: { select: { id: true, firstName: true, lastName: true, teamId: true } } },
  });
  const notified = new Set(
    (
      await prisma.missedVisitNotice.findMany({
        where: { day, userId: { in: plans.map((plan) => plan.user.id) } },
        select: { userId: true },
      })
    ).map((notice) => notice.userId),
  );
  const officers = plans.map((plan) => plan.user).filter((officer) => !notified.has(officer.id));
  const stops = await planStops(
    officers.map((officer) => officer.id),
    day,
    now,
  );
  const result: SweepResult = { officers: 0, notifications: 0 };
  for (const officer of officers) {
    const plan = stops.get(officer.id) ?? [];
    const dealers = plan.filter((stop) => stop.status === "missed").map((stop) => stop.businessName);
    const [planned, missed] = [plan.length, dealers.length];
    if (missed === 0) continue;
    const managers =
      officer.teamId === null
        ? []
        : await prisma.teamManager.findMany({
            where: { teamId: officer.teamId, user: { role: "MANAGER", isActive: true }, userId: { not: officer.id } },
            select: { userId: true },
          });
    const values = { missed, planned, day, dealers: dealers.join(", ") };
    const toOfficer = storedWords({
      title: "people:notifications.missedVisits.title",
      message: "people:notifications.missedVisits.officer",
      values,
    });
    const toManager = storedWords({
      title: "people:notifications.missedVisits.title",
      message: "people:notifications.missedVisits.manager",
      values: { ...values, name: displayName(officer) },
    });
    const sent = await prisma.$transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT OR IGNORE INTO MissedVisitNotice (userId, day, missed, createdAt)
        VALUES (${officer.id}, ${day}, ${missed}, ${now.getTime()})`;
      if (inserted === 0) return null;
      await tx.notification.createMany({
        data: [
          { userId: officer.id, type: MISSED_VISIT, ...toOfficer },
          ...managers.map(({ userId }) => ({ userId, type: MISSED_VISIT, ...toManager })),
        ],
      });
      return managers.length + 1;
    });
    if (sent === null) continue;
    result.officers += 1;
    result.notifications += sent;
  }
  return result;
}
