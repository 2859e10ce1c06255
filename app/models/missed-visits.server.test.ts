import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { inLanguage } from "~/http/language.server";
import { notificationsToRead } from "~/http/notifications.server";
import { MISSED_VISIT, sweepMissedVisits } from "~/models/missed-visits.server";

beforeEach(resetDatabase);

// Karachi is UTC+5: 2026-11-20 runs from 2026-11-19T19:00Z to 2026-11-20T19:00Z.
const DAY = "2026-11-20";
const DURING = new Date("2026-11-20T09:00:00Z");
const AFTER = new Date("2026-11-20T19:05:00Z");

let teamId = 0;
async function person(username: string, role: string, team: number | null = teamId) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId: team, firstName: username },
    select: { id: true },
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

/** The user's missed-visit notifications in English, oldest first, as /api reads them. */
const notices = async (userId: number) =>
  (await notificationsToRead(userId, "en"))
    .filter((notice) => notice.type === MISSED_VISIT)
    .reverse()
    .map(({ title, message }) => ({ title, message }));

describe("the missed-visit sweep", () => {
  beforeEach(async () => {
    teamId = (await prisma.team.create({ data: { name: "Lahore" }, select: { id: true } })).id;
  });

  it("tells each manager of the team once, after the day has ended, however often it runs", async () => {
    const officer = await person("ayesha", "OFFICER");
    const manager = await person("manager", "MANAGER", null);
    const other = await person("other.manager", "MANAGER", null);
    await prisma.teamManager.create({ data: { teamId, userId: manager.id } });
    const [a, b, c] = [await dealer("A Traders"), await dealer("B Traders"), await dealer("C Traders")];
    await plan(officer.id, DAY, [a.id, b.id, c.id]);
    await prisma.post.create({
      data: { userId: officer.id, dealerId: a.id, type: "DEALER_MEETING", createdAt: DURING },
    });

    // The day is not over: nothing is missed yet.
    expect(await sweepMissedVisits(DURING)).toEqual({ officers: 0, notifications: 0 });

    const [first, second] = await Promise.all([sweepMissedVisits(AFTER), sweepMissedVisits(AFTER)]);
    expect(first.notifications + second.notifications).toBe(2);
    expect(await sweepMissedVisits(new Date(AFTER.getTime() + 3_600_000))).toEqual({ officers: 0, notifications: 0 });
    expect(await notices(manager.id)).toEqual([
      { title: "Missed visits", message: "ayesha missed 2 of 3 planned visits on Nov 20, 2026: B Traders, C Traders." },
    ]);
    // The officer is told too, with the way to move them; not a manager of another team.
    expect(await notices(officer.id)).toEqual([
      {
        title: "Missed visits",
        message:
          "You missed 2 of 3 planned visits on Nov 20, 2026: B Traders, C Traders. Move them to today from your plan.",
      },
    ]);
    expect(await notices(other.id)).toEqual([]);
  });

  it("tells nobody when every stop was visited", async () => {
    const officer = await person("bilal", "OFFICER");
    const manager = await person("manager", "MANAGER", null);
    await prisma.teamManager.create({ data: { teamId, userId: manager.id } });
    const shop = await dealer("Done Traders");
    await plan(officer.id, DAY, [shop.id]);
    await prisma.post.create({ data: { userId: officer.id, dealerId: shop.id, type: "SALE", createdAt: DURING } });

    expect(await sweepMissedVisits(AFTER)).toEqual({ officers: 0, notifications: 0 });
    expect(await notices(manager.id)).toEqual([]);
  });

  it("still notifies a day missed while the server was down, but not one older than two days", async () => {
    const officer = await person("sana", "OFFICER");
    const manager = await person("manager", "MANAGER", null);
    await prisma.teamManager.create({ data: { teamId, userId: manager.id } });
    const shop = await dealer("Late Traders");
    await plan(officer.id, "2026-11-18", [shop.id]);
    await plan(officer.id, DAY, [shop.id]);

    // Two days later: the 20th is notified, the 18th is too old.
    const result = await sweepMissedVisits(new Date("2026-11-22T10:00:00Z"));
    expect(result).toEqual({ officers: 1, notifications: 2 });
    expect((await notices(manager.id)).map((notice) => notice.message)).toEqual([
      "sana missed 1 of 1 planned visit on Nov 20, 2026: Late Traders.",
    ]);
  });
});

describe("the missed-visit notifications in Urdu", () => {
  it("read in the reader's language, the day as Urdu writes it", async () => {
    teamId = (await prisma.team.create({ data: { name: "Karachi" }, select: { id: true } })).id;
    const officer = await person("zara", "OFFICER");
    await plan(officer.id, DAY, [(await dealer("Sindh Traders")).id]);
    await sweepMissedVisits(AFTER);
    const [notice] = await inLanguage("ur", () => notificationsToRead(officer.id, "ur"));
    expect(notice).toMatchObject({
      title: "رہ جانے والے وزٹ",
      message:
        "20 نومبر، 2026 کو آپ کے 1 طے شدہ وزٹ میں سے 1 رہ گئے: Sindh Traders۔ انہیں اپنے پلان سے آج پر منتقل کریں۔",
    });
  });
});
