import { describe, expect, it } from "vitest";
import { computeStandings, gapPart, performanceNotifications, scoreOf, type OfficerActivity } from "~/lib/performance";

function officer(userId: number, activity: Partial<OfficerActivity> = {}): OfficerActivity {
  return {
    userId,
    createdAtMs: userId * 1000,
    dealers: 0,
    salesCents: 0,
    recoveryCents: 0,
    posts: 0,
    postedDays: 0,
    ...activity,
  };
}

const byId = (standings: ReturnType<typeof computeStandings>) => new Map(standings.map((s) => [s.userId, s]));

describe("the parts and the score", () => {
  it("divides by the team's best, and weighs 25/30/35/10", () => {
    const standings = byId(
      computeStandings([
        officer(1, { dealers: 2, salesCents: 100_000, recoveryCents: 50_000, posts: 4 }),
        officer(2, { dealers: 1, salesCents: 0, recoveryCents: 80_000, posts: 2 }),
      ]),
    );
    expect(standings.get(1)?.parts).toEqual({ dealers: 1, recovery: 0.625, gap: 0.5, activity: 1 });
    expect(standings.get(1)?.score).toBe(71.25);
    expect(standings.get(2)?.parts).toEqual({ dealers: 0.5, recovery: 1, gap: 1, activity: 0.5 });
    expect(standings.get(2)?.score).toBe(82.5);
  });

  it("caps the gap part at 1, and gives 1 for recovery without sales and 0 for neither", () => {
    expect(gapPart(100, 250)).toBe(1);
    expect(gapPart(400, 100)).toBe(0.25);
    expect(gapPart(0, 1)).toBe(1);
    expect(gapPart(0, 0)).toBe(0);
    expect(gapPart(500, 0)).toBe(0);
  });

  it("keeps the score to 2 decimals", () => {
    expect(scoreOf({ dealers: 1 / 3, recovery: 0, gap: 0, activity: 0 })).toBe(8.33);
  });

  it("gives every part 0 when nobody did anything, and ranks nobody", () => {
    const standings = computeStandings([officer(1), officer(2)]);
    for (const standing of standings) {
      expect(standing.parts).toEqual({ dealers: 0, recovery: 0, gap: 0, activity: 0 });
      expect(standing).toMatchObject({ score: 0, rank: null, badge: null });
    }
    expect(computeStandings([])).toEqual([]);
  });

  it("leaves an officer with sales but no recovery, no dealers and the fewest posts a small score", () => {
    const standings = byId(
      computeStandings([officer(1, { salesCents: 1000, posts: 1 }), officer(2, { recoveryCents: 10, posts: 4 })]),
    );
    expect(standings.get(1)?.parts).toEqual({ dealers: 0, recovery: 0, gap: 0, activity: 0.25 });
    expect(standings.get(1)?.score).toBe(2.5);
  });
});

describe("ranks", () => {
  it("ranks only officers scoring above 0, by score", () => {
    const standings = byId(
      computeStandings([officer(1, { posts: 1 }), officer(2), officer(3, { recoveryCents: 100, posts: 1 })]),
    );
    expect(standings.get(3)?.rank).toBe(1);
    expect(standings.get(1)?.rank).toBe(2);
    expect(standings.get(2)).toMatchObject({ rank: null, score: 0 });
  });

  it("breaks an exact tie by higher recovery, then by the earlier account", () => {
    // Officer 1: recovery part 0.5 (15) + gap 1 (35) = 50.
    // Officer 2: recovery part 1 (30) + gap 0.5 (17.5) + dealers 0.1 (2.5) = 50, with the higher recovery.
    const exact = byId(
      computeStandings([
        officer(1, { recoveryCents: 50, salesCents: 0 }),
        officer(2, { recoveryCents: 100, salesCents: 200, dealers: 1 }),
        officer(3, { dealers: 10 }),
      ]),
    );
    expect(exact.get(1)?.score).toBe(50);
    expect(exact.get(2)?.score).toBe(50);
    expect(exact.get(2)?.rank).toBe(1);
    expect(exact.get(1)?.rank).toBe(2);
    expect(exact.get(3)?.rank).toBe(3);

    // Exact tie in score and recovery: the earlier account wins, whatever the input order.
    const twins = byId(
      computeStandings([
        officer(5, { recoveryCents: 100, posts: 1, createdAtMs: 2000 }),
        officer(9, { recoveryCents: 100, posts: 1, createdAtMs: 1000 }),
      ]),
    );
    expect(twins.get(9)?.rank).toBe(1);
    expect(twins.get(5)?.rank).toBe(2);
  });
});

describe("badges", () => {
  it("gives CROWN, SHIELD and CAP to ranks 1 to 3, TROPHY to the top seller outside them, STAR to steady posters without one", () => {
    const standings = byId(
      computeStandings([
        officer(1, { recoveryCents: 1000, posts: 30 }), // rank 1
        officer(2, { recoveryCents: 900, posts: 30 }), // rank 2
        officer(3, { recoveryCents: 800, posts: 30 }), // rank 3
        officer(4, { salesCents: 99_999, recoveryCents: 10, posts: 10, postedDays: 25 }), // top seller, also steady
        officer(5, { posts: 20, postedDays: 20 }), // steady
        officer(6, { posts: 19, postedDays: 19 }), // one day short
        officer(7, { recoveryCents: 700, posts: 30, postedDays: 30 }), // rank 4 and steady
      ]),
    );
    expect(standings.get(1)?.badge).toBe("CROWN");
    expect(standings.get(2)?.badge).toBe("SHIELD");
    expect(standings.get(3)?.badge).toBe("CAP");
    expect(standings.get(4)?.badge).toBe("TROPHY");
    expect(standings.get(5)?.badge).toBe("STAR");
    expect(standings.get(6)?.badge).toBeNull();
    expect(standings.get(7)?.badge).toBe("STAR");
  });

  it("keeps one badge per officer: a top-3 officer who also sells most and posts daily keeps the rank badge, and nobody gets TROPHY", () => {
    const standings = computeStandings([
      officer(1, { salesCents: 1_000_000, recoveryCents: 1_000_000, posts: 40, postedDays: 30, dealers: 3 }),
      officer(2, { salesCents: 10, recoveryCents: 5, posts: 1 }),
    ]);
    expect(standings.map((s) => s.badge)).toEqual(["CROWN", "SHIELD"]);
    expect(standings.some((s) => s.badge === "TROPHY")).toBe(false);
  });

  it("gives no TROPHY when nobody sold anything", () => {
    const standings = computeStandings([1, 2, 3, 4].map((id) => officer(id, { recoveryCents: id * 10, posts: 1 })));
    expect(standings.map((s) => s.badge).sort()).toEqual(["CAP", "CROWN", "SHIELD", null].sort());
  });
});

describe("notifications", () => {
  const standings = computeStandings([
    officer(1, { recoveryCents: 300, posts: 1 }),
    officer(2, { recoveryCents: 200, posts: 1 }),
    officer(3, { recoveryCents: 100, posts: 1 }),
    officer(4, { recoveryCents: 50, posts: 1 }),
    officer(5),
  ]);

  it("announces gained badges and changed ranks, with previous and new rank", () => {
    const notifications = performanceNotifications(
      new Map([
        [1, { rank: 2, badge: "SHIELD" }],
        [2, { rank: 1, badge: "CROWN" }],
        [3, { rank: 3, badge: "CAP" }],
        [4, { rank: 4, badge: null }],
        [5, { rank: 5, badge: "STAR" }],
      ]),
      standings,
    );
    // The words are the notifications' (app/models/notification.server.test.ts).
    expect(notifications.every(({ userId, standing }) => standing.userId === userId)).toBe(true);
    expect(notifications.map(({ standing: _standing, ...notification }) => notification)).toEqual([
      {
        userId: 1,
        type: "ACHIEVEMENT_BADGE",
        badgeType: "CROWN",
        previousRank: null,
        newRank: null,
      },
      {
        userId: 1,
        type: "RANK_CHANGE",
        badgeType: null,
        previousRank: 2,
        newRank: 1,
      },
      {
        userId: 2,
        type: "ACHIEVEMENT_BADGE",
        badgeType: "SHIELD",
        previousRank: null,
        newRank: null,
      },
      {
        userId: 2,
        type: "RANK_CHANGE",
        badgeType: null,
        previousRank: 1,
        newRank: 2,
      },
      // Officer 5 lost the STAR: cleared, without a notification; and dropped off the leaderboard.
      {
        userId: 5,
        type: "RANK_CHANGE",
        badgeType: null,
        previousRank: 5,
        newRank: null,
      },
    ]);
  });

  it("says nothing when nothing changed", () => {
    const previous = new Map(standings.map((s) => [s.userId, { rank: s.rank, badge: s.badge }]));
    expect(performanceNotifications(previous, standings)).toEqual([]);
  });

  it("welcomes a first-time entry", () => {
    const notifications = performanceNotifications(new Map(), standings);
    expect(notifications.find((n) => n.userId === 4)).toMatchObject({
      type: "RANK_CHANGE",
      previousRank: null,
      newRank: 4,
    });
  });
});
