import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { teamDay } from "~/models/team-day.server";
import { TEAM_FORBIDDEN } from "~/models/policy";

beforeEach(resetDatabase);

// 2026-11-20 14:00 in Karachi (UTC+5).
const NOW = new Date("2026-11-20T09:00:00Z");

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

async function dealer(businessName: string) {
  return prisma.dealer.create({
    data: { businessName, street: "Main Bazaar", city: "Lahore", state: "Punjab", lat: 31.5, lng: 74.3 },
    select: { id: true },
  });
}

async function plan(userId: number, day: string, dealerIds: number[]) {
  await prisma.visitPlan.create({
    data: { userId, day, stops: { create: dealerIds.map((dealerId, index) => ({ dealerId, position: index + 1 })) } },
  });
}

describe("the manager's day", () => {
  it("shows each officer's posts today, today's plan against what is done and yesterday's missed stops", async () => {
    const lahore = (await prisma.team.create({ data: { name: "Lahore" } })).id;
    const karachi = (await prisma.team.create({ data: { name: "Karachi" } })).id;
    const manager = await person("manager", "MANAGER", null);
    await prisma.teamManager.create({ data: { teamId: lahore, userId: manager.id } });
    const ayesha = await person("ayesha", "OFFICER", lahore);
    const bilal = await person("bilal", "OFFICER", lahore);
    await person("sana", "OFFICER", karachi);
    const [a, b, c] = [await dealer("A Traders"), await dealer("B Traders"), await dealer("C Traders")];
    await plan(ayesha.id, "2026-11-20", [a.id, b.id]);
    await plan(ayesha.id, "2026-11-19", [a.id, b.id, c.id]);
    // Ayesha: yesterday at 10:00 (Karachi) at A, today at 11:00 at B. Bilal: yesterday at 23:59, not today.
    await prisma.post.create({
      data: { userId: ayesha.id, dealerId: a.id, type: "SALE", createdAt: new Date("2026-11-19T05:00:00Z") },
    });
    // Today at B from a GPS fix at the shop: done.
    const atB = await prisma.post.create({
      data: { userId: ayesha.id, dealerId: b.id, type: "DEALER_MEETING", createdAt: new Date("2026-11-20T06:00:00Z") },
    });
    await prisma.checkIn.create({
      data: { userId: ayesha.id, type: "DEALER_MEETING", lat: 31.5, lng: 74.3, source: "GPS", postId: atB.id },
    });
    await prisma.post.create({
      data: { userId: bilal.id, type: "FIELD_VISIT", createdAt: new Date("2026-11-19T18:59:00Z") },
    });

    const day = await teamDay(manager, {}, NOW);
    expect(day).toMatchObject({ date: "2026-11-20", yesterday: "2026-11-19", total: 2, posted: 1 });
    expect(day.people).toEqual([
      expect.objectContaining({
        username: "bilal",
        posts: 0,
        lastPostAt: null,
        planned: 0,
        done: 0,
        missedYesterday: 0,
      }),
      expect.objectContaining({
        username: "ayesha",
        posts: 1,
        lastPostAt: "2026-11-20T06:00:00.000Z",
        planned: 2,
        done: 1,
        unconfirmed: 0,
        missedYesterday: 2,
        team: { id: lahore, name: "Lahore" },
      }),
    ]);
  });

  it("an admin sees everyone or one team; a manager is refused another team", async () => {
    const lahore = (await prisma.team.create({ data: { name: "Lahore" } })).id;
    const karachi = (await prisma.team.create({ data: { name: "Karachi" } })).id;
    const manager = await person("manager", "MANAGER", null);
    await prisma.teamManager.create({ data: { teamId: lahore, userId: manager.id } });
    const admin = await person("admin", "ADMIN", null);
    await person("ayesha", "OFFICER", lahore);
    await person("sana", "OFFICER", karachi);

    expect((await teamDay(admin, {}, NOW)).people.map((p) => p.username)).toEqual(["ayesha", "sana"]);
    expect((await teamDay(admin, { team: karachi }, NOW)).people.map((p) => p.username)).toEqual(["sana"]);
    await expect(teamDay(manager, { team: karachi }, NOW)).rejects.toEqual(new AppError(403, TEAM_FORBIDDEN));
  });

  it("says for whom the viewer may plan: a manager the officers of the teams they lead, an admin everyone", async () => {
    const lahore = (await prisma.team.create({ data: { name: "Lahore" } })).id;
    const karachi = (await prisma.team.create({ data: { name: "Karachi" } })).id;
    // The manager belongs to Karachi but leads only Lahore.
    const manager = await person("manager", "MANAGER", karachi);
    await prisma.teamManager.create({ data: { teamId: lahore, userId: manager.id } });
    const admin = await person("admin", "ADMIN", null);
    await person("ayesha", "OFFICER", lahore);
    await person("sana", "OFFICER", karachi);

    const mine = await teamDay(manager, {}, NOW);
    expect(mine.people.map((p) => [p.username, p.canPlan])).toEqual([
      ["ayesha", true],
      ["sana", false],
    ]);
    expect((await teamDay(admin, {}, NOW)).people.map((p) => [p.username, p.canPlan])).toEqual([
      ["ayesha", true],
      ["sana", true],
    ]);
  });

  it("counts today's stops logged away from the dealer apart from those done", async () => {
    const lahore = (await prisma.team.create({ data: { name: "Lahore" } })).id;
    const manager = await person("manager", "MANAGER", null);
    await prisma.teamManager.create({ data: { teamId: lahore, userId: manager.id } });
    const ayesha = await person("ayesha", "OFFICER", lahore);
    const shop = await dealer("A Traders");
    await plan(ayesha.id, "2026-11-20", [shop.id]);
    const typed = await prisma.post.create({
      data: {
        userId: ayesha.id,
        dealerId: shop.id,
        type: "DEALER_MEETING",
        createdAt: new Date("2026-11-20T06:00:00Z"),
      },
    });
    await prisma.checkIn.create({
      data: { userId: ayesha.id, type: "DEALER_MEETING", lat: 31.5, lng: 74.3, source: "TYPED", postId: typed.id },
    });

    expect((await teamDay(manager, {}, NOW)).people).toEqual([
      expect.objectContaining({ username: "ayesha", planned: 1, done: 0, unconfirmed: 1 }),
    ]);
  });
});
