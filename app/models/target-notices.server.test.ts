import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { TARGET_MEASURES } from "~/lib/target-measures";
import { createPost } from "~/models/post.server";
import { postSchema } from "~/models/post.schema";
import { notifyTargetProgress, sweepTargetNotices, TARGET_NOTIFICATION } from "~/models/target-notices.server";
import type { TargetValues } from "~/models/targets.schema";
import { setTargets } from "~/models/targets.server";
import { inLanguage } from "~/http/language.server";
import { notificationsToRead } from "~/http/notifications.server";

beforeEach(resetDatabase);
afterEach(() => vi.useRealTimers());

// 2026-11-11 12:00 in Karachi: 10 whole days of November gone, 20 left with today.
const NOW = new Date("2026-11-11T07:00:00Z");

function values(set: Partial<TargetValues>): TargetValues {
  return { ...(Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, null])) as TargetValues), ...set };
}

async function officerWithTargets(set: Partial<TargetValues>) {
  const admin = await prisma.user.create({
    data: { username: "admin", email: "admin@example.pk", passwordHash: "x", role: "ADMIN" },
  });
  const officer = await prisma.user.create({
    data: { username: "ayesha", email: "ayesha@example.pk", passwordHash: "x", firstName: "Ayesha" },
  });
  await setTargets(admin, officer.id, "2026-11", values(set), NOW);
  return officer;
}

const meetings = (userId: number, count: number) =>
  prisma.post.createMany({
    data: Array.from({ length: count }, () => ({ userId, type: "FARMER_MEETING", createdAt: NOW })),
  });

/** The officer's target notifications in English, oldest first, as /api reads them. */
const notices = async (userId: number) =>
  (await notificationsToRead(userId, "en"))
    .filter((notice) => notice.type === TARGET_NOTIFICATION)
    .reverse()
    .map(({ title, message }) => ({ title, message }));

describe("target notifications", () => {
  it("tells half the target, then the whole of it, each once, after each post", async () => {
    // November's first day: nobody is behind yet.
    vi.useFakeTimers({ now: new Date("2026-11-01T07:00:00Z"), toFake: ["Date"] });
    const officer = await officerWithTargets({ farmerMeetings: 4 });
    const meeting = () => createPost(officer.id, postSchema.parse({ type: "FARMER_MEETING", text: "Village meeting" }));
    await meeting();
    expect(await notices(officer.id)).toEqual([]);
    await meeting();
    await meeting();
    expect(await notices(officer.id)).toEqual([
      { title: "Halfway to your target", message: "Farmer meetings: 2 of 4 in November 2026 (50 %)." },
    ]);
    await meeting();
    await meeting();
    expect(await notices(officer.id)).toEqual([
      { title: "Halfway to your target", message: "Farmer meetings: 2 of 4 in November 2026 (50 %)." },
      { title: "Target reached", message: "Farmer meetings: 4 of 4 in November 2026. Well done!" },
    ]);
  });

  it("a target reached in one step is told once, as reached", async () => {
    const officer = await officerWithTargets({ farmerMeetings: 4 });
    await meetings(officer.id, 5);
    expect(await notifyTargetProgress([officer.id], NOW)).toBe(1);
    expect(await notices(officer.id)).toEqual([
      { title: "Target reached", message: "Farmer meetings: 5 of 4 in November 2026. Well done!" },
    ]);
    expect(await notifyTargetProgress([officer.id], NOW)).toBe(0);
  });

  it("the sweep tells an officer once that they fell behind pace, though they posted nothing", async () => {
    // 10 of 30 days gone: 30 meetings need 10 by now; 3 are behind.
    const officer = await officerWithTargets({ farmerMeetings: 30, salesAmount: 1000_00 });
    await meetings(officer.id, 3);
    expect(await sweepTargetNotices(NOW)).toBe(2);
    expect(await notices(officer.id)).toEqual([
      {
        title: "Behind pace",
        message: "Sales: $0.00 of $1,000.00 in November 2026 (0 %): $50.00 a day needed, 20 days left.",
      },
      {
        title: "Behind pace",
        message: "Farmer meetings: 3 of 30 in November 2026 (10 %): 2 a day needed, 20 days left.",
      },
    ]);
    // An Urdu reader reads the same notice in Urdu: the measure, the month and the days in words of theirs.
    const [, urdu] = await inLanguage("ur", () => notificationsToRead(officer.id, "ur"));
    expect(urdu).toMatchObject({
      title: "رفتار سے پیچھے",
      message: "سیل: نومبر 2026 میں $1,000.00 میں سے $0.00 (0 %): روزانہ $50.00 درکار، 20 دن باقی۔",
    });
    await meetings(officer.id, 10);
    // Back on pace, then behind again later: never told twice.
    expect(await sweepTargetNotices(new Date("2026-11-25T07:00:00Z"))).toBe(0);
    expect(await notices(officer.id)).toHaveLength(2);
  });
});
