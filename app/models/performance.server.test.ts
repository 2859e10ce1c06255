import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { english } from "../../tests/support/english";
import { storedValues } from "~/models/notification.server";
import { calculatePerformance, getLeaderboard, listLeaderboard, performanceWindow } from "~/models/performance.server";

beforeEach(resetDatabase);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-11-18 15:00 in Asia/Karachi. */
const NOW = new Date(Date.UTC(2026, 10, 18, 10));

let created = 0;
async function user(username: string, role = "OFFICER") {
  created += 1;
  return prisma.user.create({
    data: {
      username,
      email: `${username}@example.pk`,
      passwordHash: "x",
      role,
      firstName: username,
      createdAt: new Date(Date.UTC(2026, 0, 1) + created * 1000),
    },
  });
}

type PostData = { type?: string; saleTotalCents?: bigint; recoveryAmountCents?: bigint; at?: number };
async function post(
  userId: number,
  { type = "FIELD_VISIT", saleTotalCents, recoveryAmountCents, at = NOW.getTime() - HOUR }: PostData = {},
) {
  await prisma.post.create({ data: { userId, type, saleTotalCents, recoveryAmountCents, createdAt: new Date(at) } });
}

async function dealer(createdById: number, at = NOW.getTime() - HOUR) {
  await prisma.dealer.create({
    data: {
      businessName: "Kissan Store",
      street: "1 Road",
      city: "Multan",
      state: "Punjab",
      lat: 30,
      lng: 71,
      createdById,
      createdAt: new Date(at),
    },
  });
}

async function standing(id: number) {
  return prisma.user.findUniqueOrThrow({
    where: { id },
    select: {
      currentPerformanceScore: true,
      performanceRank: true,
      currentBadge: true,
      performanceDealersPart: true,
      performanceRecoveryPart: true,
      performanceGapPart: true,
      performanceActivityPart: true,
      lastPerformanceCalculation: true,
    },
  });
}

/** The notifications written, their words in English. */
const notifications = async () =>
  (
    await prisma.notification.findMany({
      orderBy: { id: "asc" },
      select: {
        userId: true,
        type: true,
        badgeType: true,
        title: true,
        message: true,
        messageValues: true,
        previousRank: true,
        newRank: true,
      },
    })
  ).map(({ messageValues, ...notification }) => {
    const values = storedValues(messageValues);
    return {
      ...notification,
      title: english(notification.title, values),
      message: english(notification.message, values),
    };
  });

describe("calculatePerformance", () => {
  it("writes each officer's four parts, score, rank and badge from the window's posts and dealers", async () => {
    const ali = await user("ali");
    const sana = await user("sana");
    const idle = await user("idle");
    // Ali: 2 dealers, sold 1,000.00, recovered 500.00, 4 posts.
    await dealer(ali.id);
    await dealer(ali.id);
    await post(ali.id, { type: "SALE", saleTotalCents: 100_000n });
    await post(ali.id, { type: "RECOVERY", recoveryAmountCents: 50_000n });
    await post(ali.id);
    await post(ali.id);
    // Sana: 1 dealer, recovered 800.00 without sales, 2 posts.
    await dealer(sana.id);
    await post(sana.id, { type: "RECOVERY", recoveryAmountCents: 80_000n });
    await post(sana.id);
    // Idle: only activity outside the window (more than 30 days ago).
    await post(idle.id, { type: "RECOVERY", recoveryAmountCents: 9_000_000n, at: NOW.getTime() - 31 * DAY });
    await dealer(idle.id, NOW.getTime() - 40 * DAY);

    const result = await calculatePerformance({ now: NOW });
    expect(result).toMatchObject({ officers: 3, ranked: 2 });

    expect(await standing(ali.id)).toMatchObject({
      performanceDealersPart: 1,
      performanceRecoveryPart: 0.625,
      performanceGapPart: 0.5,
      performanceActivityPart: 1,
      currentPerformanceScore: 71.25,
      performanceRank: 2,
      currentBadge: "SHIELD",
      lastPerformanceCalculation: NOW,
    });
    expect(await standing(sana.id)).toMatchObject({
      performanceDealersPart: 0.5,
      performanceRecoveryPart: 1,
      performanceGapPart: 1,
      performanceActivityPart: 0.5,
      currentPerformanceScore: 82.5,
      performanceRank: 1,
      currentBadge: "CROWN",
    });
    expect(await standing(idle.id)).toMatchObject({
      currentPerformanceScore: 0,
      performanceRank: null,
      currentBadge: null,
      performanceGapPart: 0,
    });

    const entries = await listLeaderboard();
    expect(entries.map((e) => [e.username, e.performanceRank, e.currentPerformanceScore])).toEqual([
      ["sana", 1, "82.50"],
      ["ali", 2, "71.25"],
      ["idle", null, "0.00"],
    ]);
    expect(entries[1]?.parts).toEqual({ dealers: 1, recovery: 0.625, gap: 0.5, activity: 1 });
    const board = await getLeaderboard();
    expect(board.holders.map((h) => h.currentBadge)).toEqual(["CROWN", "SHIELD"]);
    expect(board.lastCalculatedAt).toEqual(NOW);
  });

  it("counts the window as the 30 days before the calculation: a post exactly 30 days old is out, one at the moment is in", async () => {
    expect(performanceWindow(NOW)).toEqual({ from: NOW.getTime() - 30 * DAY, to: NOW.getTime() });
    const edge = await user("edge");
    const now = await user("now");
    await post(edge.id, { type: "RECOVERY", recoveryAmountCents: 100n, at: NOW.getTime() - 30 * DAY });
    await post(now.id, { at: NOW.getTime() });
    await calculatePerformance({ now: NOW });
    expect((await standing(edge.id)).performanceRank).toBeNull();
    expect(await standing(now.id)).toMatchObject({
      performanceRank: 1,
      performanceActivityPart: 1,
      currentPerformanceScore: 10,
    });
  });

  it("ranks nobody and notifies nobody when nobody did anything", async () => {
    await user("a");
    await user("b");
    const result = await calculatePerformance({ now: NOW });
    expect(result).toMatchObject({ officers: 2, ranked: 0, notifications: 0 });
    expect(await notifications()).toEqual([]);
    const entries = await listLeaderboard();
    expect(
      entries.every(
        (e) => e.currentPerformanceScore === "0.00" && e.performanceRank === null && e.currentBadge === null,
      ),
    ).toBe(true);
  });

  it("ranks only active officers, and clears a rank or badge left on anyone else", async () => {
    const boss = await user("boss", "MANAGER");
    const gone = await user("gone");
    const officer = await user("officer");
    await post(boss.id, { type: "RECOVERY", recoveryAmountCents: 1_000_000n });
    await post(gone.id, { type: "RECOVERY", recoveryAmountCents: 1_000_000n });
    await post(officer.id);
    await prisma.user.update({
      where: { id: gone.id },
      data: { isActive: false, performanceRank: 1, currentBadge: "CROWN" },
    });
    await prisma.user.update({ where: { id: boss.id }, data: { currentBadge: "TROPHY" } });

    await calculatePerformance({ now: NOW });
    expect(await standing(officer.id)).toMatchObject({
      performanceRank: 1,
      currentBadge: "CROWN",
      currentPerformanceScore: 10,
    });
    expect(await standing(gone.id)).toMatchObject({ performanceRank: null, currentBadge: null });
    expect(await standing(boss.id)).toMatchObject({
      performanceRank: null,
      currentBadge: null,
      currentPerformanceScore: null,
    });
    expect((await listLeaderboard()).map((e) => e.username)).toEqual(["officer"]);
  });

  it("gives STAR to an officer who posted on 20 local days of the window, and TROPHY to the top seller outside the top 3", async () => {
    const [a, b, c, seller, steady] = [
      await user("a"),
      await user("b"),
      await user("c"),
      await user("seller"),
      await user("steady"),
    ];
    for (const [officer, amount] of [
      [a, 900n],
      [b, 800n],
      [c, 700n],
    ] as const) {
      await post(officer.id, { type: "RECOVERY", recoveryAmountCents: amount * 100n });
    }
    await post(seller.id, { type: "SALE", saleTotalCents: 10_000_000n });
    // 20 posts on 20 different Karachi days (at 10:00 local); two more on one of those days.
    for (let day = 1; day <= 20; day++) await post(steady.id, { at: NOW.getTime() - day * DAY - 5 * HOUR });
    await post(steady.id, { at: NOW.getTime() - 2 * DAY });
    await post(steady.id, { at: NOW.getTime() - 2 * DAY - HOUR });

    await calculatePerformance({ now: NOW });
    expect((await standing(a.id)).currentBadge).toBe("CROWN");
    expect((await standing(seller.id)).currentBadge).toBe("TROPHY");
    const star = await standing(steady.id);
    expect(star.currentBadge).toBe("STAR");
    expect(star.performanceRank).not.toBeNull();

    // One day fewer: no STAR any more (the badge is cleared, without a notification).
    await prisma.post.deleteMany({
      where: { userId: steady.id, createdAt: new Date(NOW.getTime() - 20 * DAY - 5 * HOUR) },
    });
    const before = (await notifications()).length;
    await calculatePerformance({ now: NOW });
    expect((await standing(steady.id)).currentBadge).toBeNull();
    const added = (await notifications()).slice(before);
    expect(added.filter((n) => n.userId === steady.id && n.type === "ACHIEVEMENT_BADGE")).toEqual([]);
  });

  it("notifies gained badges and changed ranks, and nothing when recalculated with nothing changed", async () => {
    const ali = await user("ali");
    const sana = await user("sana");
    const bilal = await user("bilal");
    const zara = await user("zara");
    await post(ali.id, { type: "RECOVERY", recoveryAmountCents: 40_000n });
    await post(sana.id, { type: "RECOVERY", recoveryAmountCents: 30_000n });
    await post(bilal.id, { type: "RECOVERY", recoveryAmountCents: 20_000n });
    await post(zara.id, { type: "RECOVERY", recoveryAmountCents: 10_000n });

    const first = await calculatePerformance({ now: NOW });
    // Everyone entered the leaderboard; the top three gained a badge.
    expect(first.notifications).toBe(7);
    expect((await notifications()).filter((n) => n.userId === ali.id)).toEqual([
      {
        userId: ali.id,
        type: "ACHIEVEMENT_BADGE",
        badgeType: "CROWN",
        title: "You earned the Crown: Team Leader",
        message: "You are #1 on the leaderboard with a score of 75.00.",
        previousRank: null,
        newRank: null,
      },
      {
        userId: ali.id,
        type: "RANK_CHANGE",
        badgeType: null,
        title: "You are now #1",
        message: "You entered the leaderboard at #1.",
        previousRank: null,
        newRank: 1,
      },
    ]);

    const second = await calculatePerformance({ now: new Date(NOW.getTime() + 60_000) });
    expect(second.notifications).toBe(0);
    expect(await prisma.notification.count()).toBe(7);

    // Zara recovers the most: #4 → #1; everyone else moves down one.
    await post(zara.id, { type: "RECOVERY", recoveryAmountCents: 100_000n });
    const third = await calculatePerformance({ now: new Date(NOW.getTime() + 120_000) });
    const added = (await notifications()).slice(7);
    expect(third.notifications).toBe(added.length);
    expect(added).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: zara.id,
          type: "ACHIEVEMENT_BADGE",
          badgeType: "CROWN",
          title: "You earned the Crown: Team Leader",
        }),
        expect.objectContaining({
          userId: zara.id,
          type: "RANK_CHANGE",
          previousRank: 4,
          newRank: 1,
          title: "You are now #1",
          message: "You moved from #4 to #1 on the leaderboard.",
        }),
        expect.objectContaining({
          userId: ali.id,
          type: "ACHIEVEMENT_BADGE",
          badgeType: "SHIELD",
          title: "You earned the Shield: Top Performer",
        }),
        expect.objectContaining({
          userId: ali.id,
          type: "RANK_CHANGE",
          previousRank: 1,
          newRank: 2,
          title: "You are now #2",
          message: "You moved from #1 to #2 on the leaderboard.",
        }),
        expect.objectContaining({
          userId: sana.id,
          type: "ACHIEVEMENT_BADGE",
          badgeType: "CAP",
          title: "You earned the Cap: Excellence Award",
        }),
        expect.objectContaining({ userId: bilal.id, type: "RANK_CHANGE", previousRank: 3, newRank: 4 }),
      ]),
    );
    // Bilal lost the CAP: no badge notification for a loss.
    expect(added.filter((n) => n.userId === bilal.id && n.type === "ACHIEVEMENT_BADGE")).toEqual([]);
    expect(added).toHaveLength(7);
    expect((await standing(bilal.id)).currentBadge).toBeNull();

    const fourth = await calculatePerformance({ now: new Date(NOW.getTime() + 180_000) });
    expect(fourth.notifications).toBe(0);
  });

  it("leaves everything as it was when the transaction fails", async () => {
    const ali = await user("ali");
    await post(ali.id, { type: "RECOVERY", recoveryAmountCents: 100n });
    await prisma.$executeRawUnsafe(
      "CREATE TEMP TRIGGER fail_notifications BEFORE INSERT ON Notification BEGIN SELECT RAISE(ABORT, 'boom'); END",
    );
    try {
      await expect(calculatePerformance({ now: NOW })).rejects.toThrow();
    } finally {
      await prisma.$executeRawUnsafe("DROP TRIGGER IF EXISTS fail_notifications");
    }
    expect(await standing(ali.id)).toMatchObject({
      performanceRank: null,
      currentBadge: null,
      currentPerformanceScore: null,
      lastPerformanceCalculation: null,
    });
  });
});

describe("the leaderboard by team", () => {
  it("keeps the company's ranks and adds each officer's team and place among the team's ranked officers", async () => {
    const [a1, b1, a2, b2, a3, loner] = [
      await user("a1"),
      await user("b1"),
      await user("a2"),
      await user("b2"),
      await user("a3"),
      await user("loner"),
    ];
    const teamA = await prisma.team.create({ data: { name: "North" } });
    const teamB = await prisma.team.create({ data: { name: "South" } });
    for (const member of [a1, a2, a3])
      await prisma.user.update({ where: { id: member.id }, data: { teamId: teamA.id } });
    for (const member of [b1, b2]) await prisma.user.update({ where: { id: member.id }, data: { teamId: teamB.id } });
    // Recovery sets the order: a1 > b1 > a2 > b2 > loner; a3 did nothing (unranked).
    for (const [member, cents] of [
      [a1, 5_000n],
      [b1, 4_000n],
      [a2, 3_000n],
      [b2, 2_000n],
      [loner, 1_000n],
    ] as const)
      await post(member.id, { type: "RECOVERY", recoveryAmountCents: cents });
    await calculatePerformance({ now: NOW });

    const company = await listLeaderboard();
    expect(company.map((e) => [e.username, e.performanceRank, e.team?.name ?? null, e.teamRank])).toEqual([
      ["a1", 1, "North", 1],
      ["b1", 2, "South", 1],
      ["a2", 3, "North", 2],
      ["b2", 4, "South", 2],
      ["loner", 5, null, null],
      ["a3", null, "North", null],
    ]);
    const north = await listLeaderboard({ everyone: false, teamIds: [teamA.id], unassigned: false });
    expect(north).toEqual(company.filter((e) => e.team?.id === teamA.id));
    const unassigned = await listLeaderboard({ everyone: false, teamIds: [], unassigned: true });
    expect(unassigned.map((e) => e.username)).toEqual(["loner"]);

    // The page: the team's rows, the company's badge holders.
    const board = await getLeaderboard({ everyone: false, teamIds: [teamB.id], unassigned: false });
    expect(board.entries.map((e) => e.username)).toEqual(["b1", "b2"]);
    expect(board.holders.map((h) => h.username)).toEqual(["a1", "b1", "a2"]);
  });
});
