import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { type RouteTotals, routeTotals } from "~/models/route-days.server";

beforeEach(resetDatabase);

const HOUR = 3_600_000;
/** Karachi midnight (UTC+5) starting the local day "2026-11-dd", plus `hour` hours. */
const karachi = (day: number, hour = 0) => Date.UTC(2026, 10, day) - 5 * HOUR + hour * HOUR;
/** Wednesday 2026-11-25, 15:00 in Karachi. */
const NOW = new Date(karachi(25, 15));
/** Sunday 15 November to the end of Wednesday 25 November: ten ended days and today. */
const RANGE = { from: karachi(15), to: karachi(26) };

async function officer(username: string) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER", firstName: username },
  });
}

async function checkIn(userId: number, at: number, lat: number) {
  return prisma.checkIn.create({ data: { userId, type: "CHECK_IN", lat, lng: 74, createdAt: new Date(at) } });
}

/** One degree of latitude, half a degree and two, in km to a tenth, as the haversine gives them. */
const DEGREE_KM = 111.2;
const HALF_DEGREE_KM = 55.6;
const TWO_DEGREES_KM = 222.4;

/** Totals as { key: [km to a tenth, hours] }. */
const rounded = (totals: RouteTotals) =>
  Object.fromEntries([...totals].map(([key, total]) => [key, [Math.round(total.km * 10) / 10, total.hours]]));
const byDay = async (users?: number[]) => rounded(await routeTotals(RANGE, "day", users, NOW));
const byOfficer = async () => rounded(await routeTotals(RANGE, "officer", undefined, NOW));

const storedDays = async () =>
  (await prisma.routeDayDone.findMany({ orderBy: { dayStart: "asc" } })).map((done) =>
    new Date(done.dayStart.getTime() + 5 * HOUR).toISOString().slice(0, 10),
  );

describe("routeTotals", () => {
  it("judges each ended day once for every officer and keeps it; the day in progress is judged afresh", async () => {
    const ali = await officer("ali");
    const sana = await officer("sana");
    await checkIn(ali.id, karachi(17, 8), 31);
    await checkIn(ali.id, karachi(17, 10), 32);
    await checkIn(sana.id, karachi(18, 9), 30);
    await checkIn(sana.id, karachi(18, 12), 30.5);
    await checkIn(ali.id, karachi(25, 9), 31);
    await checkIn(ali.id, karachi(25, 10), 31.5);

    const days = { "2026-11-17": [DEGREE_KM, 2], "2026-11-18": [HALF_DEGREE_KM, 3], "2026-11-25": [HALF_DEGREE_KM, 1] };
    const officers = { [ali.id]: [DEGREE_KM + HALF_DEGREE_KM, 3], [sana.id]: [HALF_DEGREE_KM, 3] };
    expect(await byDay()).toEqual(days);
    expect(await storedDays()).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
    ]);
    expect(await byDay()).toEqual(days);
    expect(await byOfficer()).toEqual(officers);
    expect(await byDay([sana.id])).toEqual({ "2026-11-18": [HALF_DEGREE_KM, 3] });
  });

  it("judges a day again when one of its check-ins is added, moved or deleted, whoever writes it", async () => {
    const ali = await officer("ali");
    await checkIn(ali.id, karachi(17, 8), 31);
    const noon = await checkIn(ali.id, karachi(17, 12), 32);
    expect(await byDay()).toEqual({ "2026-11-17": [DEGREE_KM, 4] });

    await checkIn(ali.id, karachi(17, 16), 33);
    expect(await byDay()).toEqual({ "2026-11-17": [TWO_DEGREES_KM, 8] });

    await prisma.$executeRaw`UPDATE CheckIn SET createdAt = ${karachi(18, 12)} WHERE id = ${noon.id}`;
    expect(await byDay()).toEqual({ "2026-11-17": [TWO_DEGREES_KM, 8], "2026-11-18": [0, 0] });

    await prisma.checkIn.delete({ where: { id: noon.id } });
    expect(await byDay()).toEqual({ "2026-11-17": [TWO_DEGREES_KM, 8] });

    await prisma.user.delete({ where: { id: ali.id } });
    expect(await byDay()).toEqual({});
  });

  it("judges again the days kept under other leg rules", async () => {
    const ali = await officer("ali");
    await checkIn(ali.id, karachi(17, 8), 31);
    await checkIn(ali.id, karachi(17, 12), 32);
    await byDay();
    await prisma.$executeRaw`UPDATE RouteDay SET km = 999`;
    await prisma.$executeRaw`UPDATE RouteDayDone SET rules = '{"maxSpeedKmh":200}'`;
    expect(await byDay()).toEqual({ "2026-11-17": [DEGREE_KM, 4] });
  });
});
