import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { metricsVersion } from "~/infra/after-write.server";
import { listVersion } from "~/models/list-version.server";

beforeEach(resetDatabase);

async function officer(username: string) {
  return prisma.user.create({ data: { username, email: `${username}@example.pk`, passwordHash: "x" } });
}

/** Runs `write` and says whether it raised the metrics' version. */
async function raisesMetrics(write: () => Promise<unknown>): Promise<boolean> {
  const before = metricsVersion();
  await write();
  return metricsVersion() !== before;
}

describe("the after-write hook", () => {
  it("raises the metrics' version for a write to a table the rankings show, through Prisma or plain SQL", async () => {
    const user = await officer("ali");
    expect(await raisesMetrics(() => prisma.post.create({ data: { userId: user.id, type: "SALE" } }))).toBe(true);
    expect(await raisesMetrics(() => prisma.user.update({ where: { id: user.id }, data: { firstName: "Ali" } }))).toBe(
      true,
    );
    expect(
      await raisesMetrics(
        () =>
          prisma.$executeRaw`INSERT INTO CheckIn (userId, type, lat, lng, createdAt) VALUES (${user.id}, 'CHECK_IN', 31.5, 74.3, ${Date.now()})`,
      ),
    ).toBe(true);
    expect(await raisesMetrics(() => prisma.$executeRawUnsafe(`UPDATE "Post" SET text = 'x'`))).toBe(true);
  });

  it("leaves it alone for reads and for tables the rankings do not show", async () => {
    const user = await officer("ali");
    const post = await prisma.post.create({ data: { userId: user.id, type: "SALE" } });
    expect(await raisesMetrics(() => prisma.post.findMany())).toBe(false);
    expect(await raisesMetrics(() => prisma.$queryRaw`SELECT COUNT(*) FROM Post`)).toBe(false);
    expect(
      await raisesMetrics(
        () =>
          prisma.$executeRaw`INSERT INTO Reaction (postId, userId, type, createdAt) VALUES (${post.id}, ${user.id}, 'LIKE', ${Date.now()})`,
      ),
    ).toBe(false);
    expect(await raisesMetrics(() => prisma.notification.deleteMany())).toBe(false);
  });

  it("holds a transaction's effects until it commits, and drops them when it rolls back", async () => {
    const user = await officer("ali");
    const before = metricsVersion();
    await prisma.$transaction(async (tx) => {
      await tx.post.create({ data: { userId: user.id, type: "SALE" } });
      expect(metricsVersion()).toBe(before);
    });
    expect(metricsVersion()).not.toBe(before);

    const committed = metricsVersion();
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.post.create({ data: { userId: user.id, type: "SALE" } });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(metricsVersion()).toBe(committed);
  });

  it("raises the dealer list's version for a write to a team, whose name the dealer lists show", async () => {
    const before = listVersion("Dealer");
    const team = await prisma.team.create({ data: { name: "North" } });
    const created = listVersion("Dealer");
    expect(created).not.toBe(before);
    await prisma.team.update({ where: { id: team.id }, data: { name: "North East" } });
    expect(listVersion("Dealer")).not.toBe(created);
  });
});
