// The feed runs a fixed number of SQL statements whatever the page size (no query per post), and
// reads a page in the posts' own order whatever SQLite knows of the tables' sizes.
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

const readTexts: string[] = [];
globalForDb.fieldlineReader = openReadConnection({
  verbose: (text) => {
    statements += 1;
    readTexts.push(String(text));
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
      Array.from({ length: 5 }, (_, i) =>
        client.user.create({ data: { username: `u${i}`, email: `u${i}@example.pk`, passwordHash: "x" } }),
      ),
    );
    const shop = await client.dealer.create({
      data: { businessName: "Shop", street: "1", city: "Multan", state: "Punjab", lat: 30, lng: 71 },
    });
    for (let i = 0; i < 120; i++) {
      const author = users[i % users.length]!;
      const post = await client.post.create({
        data: {
          userId: author.id,
          type: "SALE",
          saleTotalCents: 100n,
          dealerId: shop.id,
          createdAt: new Date(Date.now() - i * 60_000),
          media: {
            create: [
              { kind: "IMAGE", url: "/files/a", mimeType: "image/webp" },
              { kind: "IMAGE", url: "/files/b", mimeType: "image/webp" },
            ],
          },
          reactions: { create: [{ userId: users[0]!.id }] },
          comments: { create: [{ userId: users[1]!.id, text: "ok" }] },
        },
      });
      await client.checkIn.create({
        data: {
          userId: author.id,
          type: "SALE",
          lat: 30 + i / 100,
          lng: 71,
          postId: post.id,
          createdAt: new Date(Date.now() - i * 60_000),
        },
      });
    }
    const viewer = users[0]!;
    // The team's distance today is read once per change of the check-ins, then kept.
    expect(await statementsFor(() => listPosts({ viewer, limit: 1 }))).toBe(4);
    const small = await statementsFor(() => listPosts({ viewer, limit: 2 }));
    const large = await statementsFor(() => listPosts({ viewer, limit: 100 }));
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    expect(large).toBe(3);
    const page = await listPosts({ viewer, limit: 100 });
    expect(page.posts).toHaveLength(100);
    expect(page.posts[0]).toMatchObject({ likeCount: 1, commentCount: 1, likedByMe: true });
    expect(page.posts[0]?.media).toHaveLength(2);
    expect(await statementsFor(() => listAgentRankings("month"))).toBeLessThanOrEqual(2);
  });
});

// sqlite_stat1 as `PRAGMA optimize` wrote it on the bench's data set (1,000 officers, 200,000 posts).
const BENCH_STATISTICS: Array<[table: string, index: string, stat: string]> = [
  ["Post", "Post_userId_idempotencyKey_key", "200000 182 182"],
  ["Post", "Post_userId_createdAt_type_saleTotalCents_recoveryAmountCents_idx", "200000 182 1 1 1 1"],
  ["Post", "Post_dealerId_idx", "200000 20"],
  ["Post", "Post_type_createdAt_idx", "200000 2001 1"],
  ["Post", "Post_createdAt_id_idx", "200000 1 1"],
  ["User", "User_performanceRank_idx", "1001 1001"],
  ["User", "User_role_isActive_idx", "1001 1001 1001"],
  ["User", "User_email_key", "1001 1"],
  ["User", "User_username_key", "1001 1"],
  ["CheckIn", "CheckIn_postId_key", "200000 1"],
  ["Reaction", "Reaction_postId_userId_type_key", "1000000 5 1 1"],
  ["Comment", "Comment_postId_createdAt_idx", "39952 1 1"],
];

/** Gives SQLite's planner these statistics (as ANALYZE would) on every connection while `task` runs. */
async function withStatistics(rows: typeof BENCH_STATISTICS, task: () => Promise<void>) {
  // ANALYZE makes sqlite_stat1; a change of the schema makes every connection read it again.
  const reloadEverywhere = async () => {
    await client.$executeRawUnsafe("CREATE TABLE StatisticsReload (x)");
    await client.$executeRawUnsafe("DROP TABLE StatisticsReload");
  };
  await client.$executeRawUnsafe("ANALYZE");
  await client.$executeRawUnsafe("DELETE FROM sqlite_stat1");
  for (const [table, index, stat] of rows)
    await client.$executeRawUnsafe("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)", table, index, stat);
  await reloadEverywhere();
  try {
    await task();
  } finally {
    await client.$executeRawUnsafe("DELETE FROM sqlite_stat1");
    await reloadEverywhere();
  }
}

describe("a page of posts", () => {
  it("is read in the posts' time order, not by sorting every post, when SQLite knows the tables' sizes", async () => {
    await resetDatabase();
    const author = await client.user.create({ data: { username: "u0", email: "u0@example.pk", passwordHash: "x" } });
    for (let i = 0; i < 3; i++)
      await client.post.create({
        data: {
          userId: author.id,
          type: "FIELD_VISIT",
          text: `visit ${i}`,
          createdAt: new Date(Date.now() - i * 60_000),
        },
      });
    await withStatistics(BENCH_STATISTICS, async () => {
      for (const limit of [1, 2, 20, 100]) {
        readTexts.length = 0;
        const page = await listPosts({ viewer: author, limit });
        expect(page.posts.map((post) => post.text)).toEqual(["visit 0", "visit 1", "visit 2"].slice(0, limit));
        const postsRead = readTexts.find((text) => /FROM Post p\b/.test(text));
        expect(postsRead).toBeDefined();
        const plan = globalForDb.fieldlineReader!.prepare(`EXPLAIN QUERY PLAN ${postsRead}`).all() as Array<{
          detail: string;
        }>;
        const steps = plan.map((step) => step.detail);
        // A plan that starts elsewhere (the officers) counts and sorts every post of every officer:
        // 6.8 s for one post of 200,000 on the bench, with the one server blocked meanwhile.
        expect(steps[0], `limit ${limit}: ${steps.join(" | ")}`).toMatch(
          /^(SCAN|SEARCH) p USING INDEX Post_createdAt_id_idx/,
        );
        expect(steps.join(" | ")).not.toContain("TEMP B-TREE FOR ORDER BY");
      }
    });
  });
});
