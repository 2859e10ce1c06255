import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { calendarDateMessage, isCalendarDate } from "~/lib/calendar";
import { english } from "../../tests/support/english";
import { checkInQuerySchema, DATE_INVALID, DATE_REQUIRED } from "~/models/checkin.schema";
import {
  agentColor,
  dayCheckInItems,
  dayCheckIns,
  dayCheckInsKey,
  dayLocationQuality,
  lastKnownPlace,
  stopLabel,
} from "~/models/checkin.server";
import { EVERYONE } from "~/models/team-scope.server";

beforeEach(resetDatabase);

const HOUR = 3_600_000;
const TZ = "Asia/Karachi";
/** 2026-11-18 00:00 in Asia/Karachi (UTC+5). */
const WED = Date.UTC(2026, 10, 18) - 5 * HOUR;

async function officer(username: string, firstName?: string) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER", firstName },
  });
}

async function checkIn(
  userId: number,
  at: number,
  lat: number,
  lng: number,
  address: string | null = null,
  type = "CHECK_IN",
) {
  return prisma.checkIn.create({ data: { userId, type, lat, lng, address, createdAt: new Date(at) } });
}

describe("dates", () => {
  it("accepts only real yyyy-MM-dd dates, with clear messages", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    for (const bad of ["2026-02-30", "2026-13-01", "26-11-18", "2026-11-18T00:00", "today", ""])
      expect(isCalendarDate(bad)).toBe(false);
    const missing = checkInQuerySchema.safeParse({});
    expect(missing.success ? "" : missing.error.issues[0]?.message).toBe(DATE_REQUIRED);
    const bad = checkInQuerySchema.safeParse({ date: "2026-02-30" });
    expect(bad.success ? "" : bad.error.issues[0]?.message).toBe(DATE_INVALID);
    // The key's English is the calendar's message for the parameter, word for word.
    expect(english(DATE_INVALID)).toBe(calendarDateMessage("Query parameter date"));
    expect(checkInQuerySchema.parse({ date: "2026-11-18", province: "All", agent: "" })).toEqual({
      date: "2026-11-18",
    });
    expect(checkInQuerySchema.parse({ date: "2026-11-18", province: "Sindh", agent: "7" })).toEqual({
      date: "2026-11-18",
      province: "Sindh",
      agent: 7,
    });
    expect(checkInQuerySchema.safeParse({ date: "2026-11-18", province: "Texas" }).success).toBe(false);
  });
});

/** White's contrast with an `hsl(h, s%, l%)` colour (WCAG's relative luminance). */
function whiteContrast(hsl: string): number {
  const [h = 0, sat = 0, light = 0] = (hsl.match(/[\d.]+/g) ?? []).map(Number);
  const s = sat / 100;
  const l = light / 100;
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
  return 1.05 / (luminance + 0.05);
}

describe("agentColor", () => {
  it("is the same for the same id and differs between neighbouring ids", () => {
    expect(agentColor(7)).toBe(agentColor(7));
    expect(agentColor(7)).toMatch(/^hsl\(\d+, 72%, \d+%\)$/);
    const colours = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(agentColor));
    expect(colours.size).toBe(8);
  });

  it("holds the white numbers of the map's markers at 4.5:1 or more, whatever the hue", () => {
    const weak = Array.from({ length: 360 }, (_, id) => id + 1)
      .map((id) => ({ id, colour: agentColor(id), ratio: whiteContrast(agentColor(id)) }))
      .filter((agent) => agent.ratio < 4.5)
      .map((agent) => `${agent.id} ${agent.colour} ${agent.ratio.toFixed(2)}:1`);
    expect(weak.slice(0, 5)).toEqual([]);
  });
});

describe("stopLabel", () => {
  it("marks the first Start, the last Latest today and Stop on another day", () => {
    expect([0, 1, 2].map((i) => stopLabel(i, 3, true))).toEqual(["Start", null, "Latest"]);
    expect([0, 1, 2].map((i) => stopLabel(i, 3, false))).toEqual(["Start", null, "Stop"]);
    expect(stopLabel(0, 1, true)).toBe("Start");
  });
});

describe("dayCheckIns", () => {
  it("numbers each agent's stops in time order within the Karachi day, with distance and hours", async () => {
    const ali = await officer("ali", "Ali");
    const sana = await officer("sana", "Sana");
    // Inserted out of order; 23:30 on the 17th (Karachi) and 00:10 on the 19th belong to other days.
    await checkIn(ali.id, WED + 17 * HOUR, 31, 74, "Bazaar, Lahore, Punjab, Pakistan", "SALE");
    await checkIn(ali.id, WED + 8 * HOUR, 31, 74, "Home, Lahore, Punjab, Pakistan", "DAY_START");
    await checkIn(ali.id, WED + 12 * HOUR, 32, 74, "Village, Gujranwala, Punjab, Pakistan");
    await checkIn(ali.id, WED - 30 * 60_000, 30, 70);
    await checkIn(ali.id, WED + 24 * HOUR + 10 * 60_000, 30, 70);
    await checkIn(sana.id, WED + 9 * HOUR, 24.86, 67, "Saddar, Karachi, Sindh, Pakistan");
    await checkIn(sana.id, WED + 10 * HOUR, 24.87, 67.01, "Clifton, Karachi, Sindh, Pakistan", "DEALER_MEETING");

    const day = await dayCheckIns(EVERYONE, { date: "2026-11-18" }, new Date(WED + 40 * HOUR), TZ);
    expect(day.isToday).toBe(false);
    expect(day.agents.map((a) => a.name)).toEqual(["Ali", "Sana"]);
    const [aliRoute, sanaRoute] = day.routes;
    expect(aliRoute?.stops.map((s) => [s.number, s.label, s.type])).toEqual([
      [1, "Start", "DAY_START"],
      [2, null, "CHECK_IN"],
      [3, "Stop", "SALE"],
    ]);
    expect(aliRoute?.color).toBe(agentColor(ali.id));
    expect(aliRoute?.distanceKm).toBeCloseTo(2 * 111.19, 0);
    expect(aliRoute?.hours).toBeCloseTo(9, 5);
    expect(sanaRoute?.stops.map((s) => s.label)).toEqual(["Start", "Stop"]);
    expect(sanaRoute?.hours).toBeCloseTo(1, 5);

    // The flat list of the API: every check-in of the day in time order, with its number and label.
    expect(day.items.map((i) => [i.userDisplayName, i.number, i.label])).toEqual([
      ["Ali", 1, "Start"],
      ["Sana", 1, "Start"],
      ["Sana", 2, "Stop"],
      ["Ali", 2, null],
      ["Ali", 3, "Stop"],
    ]);
    // GET /api/agents/checkins reads the same items without the routes' metrics.
    expect(dayCheckInItems(EVERYONE, { date: "2026-11-18" }, new Date(WED + 40 * HOUR), TZ)).toEqual(day.items);

    // The same day seen on that day: the last stop is the Latest.
    const today = await dayCheckIns(EVERYONE, { date: "2026-11-18" }, new Date(WED + 20 * HOUR), TZ);
    expect(today.isToday).toBe(true);
    expect(today.routes[0]?.stops.at(-1)?.label).toBe("Latest");

    // The day before holds only the 23:30 check-in.
    const before = await dayCheckIns(EVERYONE, { date: "2026-11-17" }, new Date(WED + 40 * HOUR), TZ);
    expect(before.routes.map((r) => [r.name, r.stops.length])).toEqual([["Ali", 1]]);
  });

  it("filters by province (agents who checked in there, whole route) and by agent", async () => {
    const ali = await officer("ali", "Ali");
    const sana = await officer("sana", "Sana");
    await checkIn(ali.id, WED + 8 * HOUR, 31, 74, "Lahore, Punjab, Pakistan");
    await checkIn(ali.id, WED + 9 * HOUR, 31.1, 74.1, null);
    await checkIn(sana.id, WED + 9 * HOUR, 24.86, 67, "Karachi, Sindh, Pakistan");

    const punjab = await dayCheckIns(EVERYONE, { date: "2026-11-18", province: "Punjab" }, new Date(WED), TZ);
    expect(punjab.routes.map((r) => [r.name, r.stops.length])).toEqual([["Ali", 2]]);
    const none = await dayCheckIns(EVERYONE, { date: "2026-11-18", province: "Balochistan" }, new Date(WED), TZ);
    expect(none.routes).toEqual([]);
    expect(none.items).toEqual([]);

    const onlySana = await dayCheckIns(EVERYONE, { date: "2026-11-18", agent: sana.id }, new Date(WED), TZ);
    expect(onlySana.agents.map((a) => a.name)).toEqual(["Ali", "Sana"]);
    expect(onlySana.routes.map((r) => r.name)).toEqual(["Sana"]);
    expect(onlySana.items.every((i) => i.userId === sana.id)).toBe(true);
  });
});

describe("the map's audience", () => {
  it("keeps the routes of the audience's teams, the unassigned with them when asked", async () => {
    const north = await prisma.team.create({ data: { name: "North", provinces: "[]", districts: "[]" } });
    const south = await prisma.team.create({ data: { name: "South", provinces: "[]", districts: "[]" } });
    const ali = await officer("ali", "Ali");
    const sana = await officer("sana", "Sana");
    const omar = await officer("omar", "Omar");
    await prisma.user.update({ where: { id: ali.id }, data: { teamId: north.id } });
    await prisma.user.update({ where: { id: sana.id }, data: { teamId: south.id } });
    for (const user of [ali, sana, omar]) await checkIn(user.id, WED + 9 * HOUR, 31, 74);
    const names = async (audience: Parameters<typeof dayCheckIns>[0]) =>
      (await dayCheckIns(audience, { date: "2026-11-18" }, new Date(WED), TZ)).agents.map((a) => a.name);

    expect(await names(EVERYONE)).toEqual(["Ali", "Omar", "Sana"]);
    expect(await names({ everyone: false, teamIds: [north.id], unassigned: false })).toEqual(["Ali"]);
    expect(await names({ everyone: false, teamIds: [south.id], unassigned: true })).toEqual(["Omar", "Sana"]);
    expect(await names({ everyone: false, teamIds: [], unassigned: false })).toEqual([]);
    expect(
      dayCheckInItems(
        { everyone: false, teamIds: [north.id], unassigned: false },
        { date: "2026-11-18" },
        new Date(WED),
        TZ,
      ).map((item) => item.userId),
    ).toEqual([ali.id]);
    expect(
      dayLocationQuality({ everyone: false, teamIds: [south.id], unassigned: false }, "2026-11-18", new Date(WED), TZ),
    ).toMatchObject([{ name: "Sana", checkIns: 1 }]);
  });

  it("tags GET /api/agents/checkins' answer by whose routes it holds", () => {
    const query = { date: "2026-11-18" };
    const teamA = dayCheckInsKey({ everyone: false, teamIds: [1], unassigned: false }, query, new Date(WED));
    const teamB = dayCheckInsKey({ everyone: false, teamIds: [2], unassigned: false }, query, new Date(WED));
    const both = dayCheckInsKey({ everyone: false, teamIds: [2, 1], unassigned: false }, query, new Date(WED));
    expect(new Set([teamA, teamB, both, dayCheckInsKey(EVERYONE, query, new Date(WED))]).size).toBe(4);
    expect(dayCheckInsKey({ everyone: false, teamIds: [1, 2], unassigned: false }, query, new Date(WED))).toBe(both);
  });
});

describe("lastKnownPlace", () => {
  it("is the last check-in of the last 12 hours, else the home location, else nothing", async () => {
    const noon = WED + 12 * HOUR;
    const nowhere = await officer("nowhere");
    expect(await lastKnownPlace(nowhere.id, new Date(noon))).toBeNull();

    const { id } = await officer("placed");
    await prisma.user.update({ where: { id }, data: { homeLat: 31.52, homeLng: 74.35 } });
    await checkIn(id, noon - 13 * HOUR, 30.81, 73.45);
    expect(await lastKnownPlace(id, new Date(noon))).toEqual({ lat: 31.52, lng: 74.35, from: "home" });

    await checkIn(id, noon - 2 * HOUR, 30.19, 71.47);
    await checkIn(id, noon - 3 * HOUR, 29.39, 71.68);
    expect(await lastKnownPlace(id, new Date(noon))).toEqual({ lat: 30.19, lng: 71.47, from: "check-in" });
  });
});
