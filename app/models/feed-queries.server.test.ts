// The feed runs a fixed number of SQL statements whatever the page size (no query per post).
// This file gives the app a Prisma client and a read connection (readRows) that report their
// statements, before any app module creates the usual ones.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";

const client = new PrismaClient({
  adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL ?? "" }, { timestampFormat: "unixepoch-ms" }),
  log: [{ emit: "event", level: "query" }],
});
let statements = 0;
client.$on("query", () => {
  statements += 1;
});
const globalForDb = globalThis as unknown as { fieldlinePrisma?: PrismaClient; fieldlineReader?: Database.Database };
const previous = { fieldlinePrisma: globalForDb.fieldlinePrisma, fieldlineReader: globalForDb.fieldlineReader };
globalForDb.fieldlinePrisma = client;
afterAll(() => {
  globalForDb.fieldlineReader?.close();
  Object.assign(globalForDb, previous);
});

const { openReadConnection } = await import("~/db.server");
const { resetDatabase } = await import("../../tests/support/db");
const { listPosts } = await import("~/models/post.server");
const { listAgentRankings } = await import("~/models/metrics.server");

globalForDb.fieldlineReader = openReadConnection({
  verbose: () => {
    statements += 1;
  },
});

async function statementsFor(task: () => Promise<unknown>): Promise<number> {
  statements = 0;
  await task();
  return statements;
}

describe("the feed's queries", () => {
  it("are as many for 100 posts with media, likes and comments as for 2", async () => {
    await resetDatabase();
    const users = await Promise.all(
      Array.from({ length: 5 }, (_, i) => client.user.create({ data: { username: `u${i}`, email: `u${i}@example.pk`, passwordHash: "x" } })),
    );
    const shop = await client.dealer.create({ data: { businessName: "Shop", street: "1", city: "Multan", state: "Punjab", lat: 30, lng: 71 } });
    for (let i = 0; i < 120; i++) {
      const author = users[i % users.length]!;
      const post = await client.post.create({
        data: {
          userId: author.id,
          type: "SALE",
          saleTotalCents: 100n,
          dealerId: shop.id,
          createdAt: new Date(Date.now() - i * 60_000),
          media: { create: [{ kind: "IMAGE", url: "/files/a", mimeType: "image/webp" }, { kind: "IMAGE", url: "/files/b", mimeType: "image/webp" }] },
          reactions: { create: [{ userId: users[0]!.id }] },
          comments: { create: [{ userId: users[1]!.id, text: "ok" }] },
        },
      });
      await client.checkIn.create({ data: { userId: author.id, type: "SALE", lat: 30 + i / 100, lng: 71, postId: post.id, createdAt: new Date(Date.now() - i * 60_000) } });
    }
    const viewerId = users[0]!.id;
    // The team's distance today is read once per change of the check-ins, then kept.
    expect(await statementsFor(() => listPosts({ viewerId, limit: 1 }))).toBe(4);
    const small = await statementsFor(() => listPosts({ viewerId, limit: 2 }));
    const large = await statementsFor(() => listPosts({ viewerId, limit: 100 }));
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    expect(large).toBe(3);
    const page = await listPosts({ viewerId, limit: 100 });
    expect(page.posts).toHaveLength(100);
    expect(page.posts[0]).toMatchObject({ likeCount: 1, commentCount: 1, likedByMe: true });
    expect(page.posts[0]?.media).toHaveLength(2);
    expect(await statementsFor(() => listAgentRankings("month"))).toBeLessThanOrEqual(2);
  });
});
