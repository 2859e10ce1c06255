import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { addGalleryImage, createDealer, removeGalleryImage, updateAbout } from "~/models/dealer.server";
import type { VersionedList } from "~/infra/after-write.server";
import { listVersion } from "~/models/list-version.server";

beforeEach(resetDatabase);

const place = {
  street: "Grain Market",
  city: "Okara",
  state: "Punjab" as const,
  lat: 30.81,
  lng: 73.45,
  formattedAddress: "Okara, Punjab, Pakistan",
};

async function officer(username: string) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER" },
  });
}

/** Runs `write` and says whether it changed the list's version. */
async function changes(list: VersionedList, write: () => Promise<unknown>): Promise<boolean> {
  const before = listVersion(list);
  await write();
  return listVersion(list) !== before;
}

describe("list versions", () => {
  it("change with every write to a dealer or its gallery, whoever writes", async () => {
    const user = await officer("writer");
    let id = 0;
    expect(
      await changes(
        "Dealer",
        async () => (id = (await createDealer({ ...place, businessName: "Versioned Traders" }, user)).dealer.id),
      ),
    ).toBe(true);
    expect(await changes("Dealer", () => updateAbout(user, id, "Seeds and fertilizer"))).toBe(true);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    expect(await changes("Dealer", () => addGalleryImage(user, id, photo))).toBe(true);
    expect(await changes("Dealer", () => removeGalleryImage(user, id, 0))).toBe(true);
    // Plain SQL (the import's way), and a foreign key clearing the creator of a deleted account.
    expect(
      await changes("Dealer", () => prisma.$executeRaw`UPDATE Dealer SET notes = 'by hand' WHERE id = ${id}`),
    ).toBe(true);
    expect(await changes("Dealer", () => prisma.user.delete({ where: { id: user.id } }))).toBe(true);
    expect(await changes("Dealer", () => prisma.dealer.delete({ where: { id } }))).toBe(true);
    // Other tables leave it alone.
    expect(await changes("Dealer", () => officer("bystander"))).toBe(false);
  });

  it("change with every check-in and with an agent's name, not with other account changes", async () => {
    const user = await officer("walker");
    let id = 0;
    expect(
      await changes(
        "CheckIn",
        async () =>
          (id = (await prisma.checkIn.create({ data: { userId: user.id, type: "CHECK_IN", lat: 31, lng: 74 } })).id),
      ),
    ).toBe(true);
    expect(await changes("CheckIn", () => prisma.checkIn.update({ where: { id }, data: { address: "Lahore" } }))).toBe(
      true,
    );
    expect(
      await changes("CheckIn", () => prisma.user.update({ where: { id: user.id }, data: { firstName: "Sana" } })),
    ).toBe(true);
    expect(
      await changes("CheckIn", () => prisma.user.update({ where: { id: user.id }, data: { performanceRank: 3 } })),
    ).toBe(false);
    expect(await changes("CheckIn", () => prisma.user.delete({ where: { id: user.id } }))).toBe(true);
  });

  it("change the leaderboard's with a calculation's scores and with what it shows of an officer, not with other account changes", async () => {
    let id = 0;
    expect(await changes("Leaderboard", async () => (id = (await officer("climber")).id))).toBe(true);
    expect(
      await changes("Leaderboard", () =>
        prisma.user.update({
          where: { id },
          data: { currentPerformanceScore: 81.5, performanceRank: 1, currentBadge: "CROWN" },
        }),
      ),
    ).toBe(true);
    expect(
      await changes("Leaderboard", () =>
        prisma.user.update({
          where: { id },
          data: { performanceGapPart: 0.4, lastPerformanceCalculation: new Date() },
        }),
      ),
    ).toBe(true);
    expect(
      await changes("Leaderboard", () =>
        prisma.user.update({ where: { id }, data: { lastName: "Khan", selectedAvatar: "DEFAULT_3" } }),
      ),
    ).toBe(true);
    expect(await changes("Leaderboard", () => prisma.user.update({ where: { id }, data: { isActive: false } }))).toBe(
      true,
    );
    expect(await changes("Leaderboard", () => prisma.user.update({ where: { id }, data: { role: "MANAGER" } }))).toBe(
      true,
    );
    expect(
      await changes("Leaderboard", () =>
        prisma.user.update({ where: { id }, data: { passwordHash: "y", email: "new@example.pk" } }),
      ),
    ).toBe(false);
    expect(await changes("Leaderboard", () => prisma.user.delete({ where: { id } }))).toBe(true);
  });
});
