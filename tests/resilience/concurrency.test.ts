import { afterAll, beforeAll, expect, test } from "vitest";
import { addOfficersAndPosts, type AppServer, createAppServer, signIn } from "./support/app-server";

// 100 concurrent writers against the production build, 25 rounds each and on until the
// recalculations are done: posts, likes, comments, dealer edits and refused gallery changes
// (transactions that roll back), with performance recalculations in the middle: two through the
// API and one by the cron command in a second process (a second SQLite connection competing for
// the write lock), each started once the writers have sent a given number of requests. Every answer must be the expected one, the
// server must never meet SQLITE_BUSY, and every acknowledged write must be in the database afterwards.

const WRITERS = 100;
const ROUNDS = 25;
const RECALCULATE_AFTER_REQUESTS = [500, 1_500];
const CRON_RECALCULATION_AFTER_REQUESTS = 1_000;
const OFFICERS = Array.from({ length: 8 }, (_, index) => `officer${index + 1}`);

let server: AppServer;

beforeAll(async () => {
  server = await createAppServer("load");
  // A team the size of the performance goal's half, so each recalculation holds the write lock a while.
  server.query((db) => addOfficersAndPosts(db, { officers: 1_000, posts: 100_000 }), { readonly: false });
  await server.start();
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

type Acknowledged = {
  posts: Map<number, string>;
  comments: Map<number, string>;
  likes: Set<string>;
  /** Each writer edits only its own dealer, so its last acknowledged notes must be the saved ones. */
  dealerNotes: Map<number, string>;
  rollbacks: number;
  recalculations: number;
  cronRecalculations: number;
};

type Failures = { errors: string[]; requests: number };

function dealerFields(writer: number, notes: string) {
  return {
    businessName: `Load Test Traders ${writer}`,
    phone: `+92 301 ${String(writer).padStart(7, "0")}`,
    street: `Shop ${writer}, Grain Market`,
    city: "Sahiwal",
    state: "Punjab",
    lat: 30.66 + writer / 10_000,
    lng: 73.1,
    notes,
    // Given, so that no edit waits for the geocoder.
    formattedAddress: `Shop ${writer}, Grain Market, Sahiwal, Punjab, Pakistan`,
  };
}

test("100 concurrent writers through three recalculations: no errors, no SQLITE_BUSY, every acknowledged write saved", async () => {
  const base = server.baseUrl;
  const cookies = new Map<string, string>();
  for (const username of [...OFFICERS, "manager"]) cookies.set(username, await signIn(base, username));
  const seededPostIds = server.query((db) =>
    (db.prepare("SELECT id FROM Post ORDER BY id").all() as Array<{ id: number }>).map((row) => row.id),
  );
  const userIds = new Map(
    server
      .query((db) => db.prepare("SELECT id, username FROM User").all() as Array<{ id: number; username: string }>)
      .map((row) => [row.username, row.id]),
  );

  // Each writer's own dealer, made before the writers start.
  const dealerIds = server.query(
    (db) => {
      const insert = db.prepare(
        "INSERT INTO Dealer (businessName, street, city, state, lat, lng, notes, createdById, createdAt, updatedAt) VALUES (?, ?, 'Sahiwal', 'Punjab', ?, 73.1, 'created', ?, ?, ?)",
      );
      return Array.from({ length: WRITERS }, (_, index) => {
        const fields = dealerFields(index, "created");
        return Number(
          insert.run(
            fields.businessName,
            fields.street,
            fields.lat,
            userIds.get(OFFICERS[index % OFFICERS.length] as string),
            Date.now(),
            Date.now(),
          ).lastInsertRowid,
        );
      });
    },
    { readonly: false },
  );

  const failures: Failures = { errors: [], requests: 0 };
  const acknowledged: Acknowledged = {
    posts: new Map(),
    comments: new Map(),
    likes: new Set(),
    dealerNotes: new Map(),
    rollbacks: 0,
    recalculations: 0,
    cronRecalculations: 0,
  };

  /** Resolves once the writers have sent `count` requests. */
  const milestones: Array<{ count: number; reached: () => void }> = [];
  const afterRequests = (count: number) => new Promise<void>((reached) => milestones.push({ count, reached }));

  async function call(
    cookie: string,
    method: string,
    path: string,
    body?: unknown,
    expectedStatus?: number,
  ): Promise<unknown> {
    failures.requests++;
    for (const milestone of milestones.filter((m) => m.count <= failures.requests)) {
      milestones.splice(milestones.indexOf(milestone), 1);
      milestone.reached();
    }
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      if (expectedStatus ? response.status === expectedStatus : response.ok) return answer;
      failures.errors.push(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
      failures.errors.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}${cause}`);
    }
    return undefined;
  }

  const postIds = [...seededPostIds];
  const pick = (ids: readonly number[], n: number) => ids[(n * 7919) % ids.length] as number;

  let recalculating = true;

  async function writer(index: number) {
    const username = OFFICERS[index % OFFICERS.length] as string;
    const cookie = cookies.get(username) as string;
    const userId = userIds.get(username) as number;
    const dealerId = dealerIds[index] as number;
    for (let n = 0; n < ROUNDS || recalculating; n++) {
      const tag = `load w${index} n${n}`;
      switch ((index + n) % 5) {
        case 0: {
          const post = (await call(cookie, "POST", "/api/posts", { type: "FIELD_VISIT", text: tag })) as
            { id: number } | undefined;
          if (post) {
            acknowledged.posts.set(post.id, tag);
            postIds.push(post.id);
          }
          break;
        }
        case 1: {
          const postId = pick(postIds, index * 1000 + n);
          if (await call(cookie, "POST", `/api/posts/${postId}/react`, { type: "LIKE" }))
            acknowledged.likes.add(`${postId}:${userId}`);
          break;
        }
        case 2: {
          const comment = (await call(cookie, "POST", `/api/posts/${pick(postIds, index * 31 + n)}/comments`, {
            text: tag,
          })) as { id: number } | undefined;
          if (comment) acknowledged.comments.set(comment.id, tag);
          break;
        }
        case 3: {
          // A refused change whose transaction rolls back: it must take no one else's write with it.
          if (await call(cookie, "DELETE", `/api/dealers/${dealerId}/gallery/9`, undefined, 404))
            acknowledged.rollbacks++;
          break;
        }
        default: {
          if (await call(cookie, "PUT", `/api/dealers/${dealerId}`, dealerFields(index, tag)))
            acknowledged.dealerNotes.set(dealerId, tag);
        }
      }
    }
  }

  async function recalculations() {
    const cookie = cookies.get("manager") as string;
    for (const count of RECALCULATE_AFTER_REQUESTS) {
      await afterRequests(count);
      if (await call(cookie, "POST", "/api/performance/calculate")) acknowledged.recalculations++;
    }
  }

  async function cronRecalculation() {
    await afterRequests(CRON_RECALCULATION_AFTER_REQUESTS);
    try {
      const output = await server.runScript("scripts/performance.ts");
      if (/SQLITE_BUSY|database is locked/.test(output)) failures.errors.push(`npm run performance: ${output}`);
      else acknowledged.cronRecalculations++;
    } catch (error) {
      failures.errors.push(error instanceof Error ? error.message : String(error));
    }
  }

  const started = Date.now();
  const recalculated = Promise.all([cronRecalculation(), recalculations()]).finally(() => {
    recalculating = false;
  });
  await Promise.all([recalculated, ...Array.from({ length: WRITERS }, (_, index) => writer(index))]);
  const seconds = (Date.now() - started) / 1000;
  await server.stop();

  const found = server.query((db) => {
    const text = db.prepare("SELECT text FROM Post WHERE id = ?");
    const comment = db.prepare("SELECT text FROM Comment WHERE id = ?");
    const like = db.prepare("SELECT 1 FROM Reaction WHERE postId = ? AND userId = ? AND type = 'LIKE'");
    const notes = db.prepare("SELECT notes FROM Dealer WHERE id = ?");
    return {
      posts: [...acknowledged.posts].filter(([id, tag]) => (text.get(id) as { text: string } | undefined)?.text === tag)
        .length,
      comments: [...acknowledged.comments].filter(
        ([id, tag]) => (comment.get(id) as { text: string } | undefined)?.text === tag,
      ).length,
      likes: [...acknowledged.likes].filter((key) => like.get(...key.split(":").map(Number))).length,
      dealerEdits: [...acknowledged.dealerNotes].filter(
        ([id, tag]) => (notes.get(id) as { notes: string } | undefined)?.notes === tag,
      ).length,
      calculatedOfficers: (
        db
          .prepare("SELECT COUNT(*) AS n FROM User WHERE role = 'OFFICER' AND lastPerformanceCalculation IS NOT NULL")
          .get() as { n: number }
      ).n,
    };
  });
  const busy = server.output().match(/SQLITE_BUSY|database is locked/g)?.length ?? 0;
  const acknowledgedWrites =
    acknowledged.posts.size + acknowledged.comments.size + acknowledged.likes.size + acknowledged.dealerNotes.size;
  const foundWrites = found.posts + found.comments + found.likes + found.dealerEdits;
  console.log(
    `[load] ${failures.requests} requests in ${seconds.toFixed(1)} s from ${WRITERS} writers; errors ${failures.errors.length}; SQLITE_BUSY ${busy}; ` +
      `acknowledged ${acknowledgedWrites} writes (posts ${acknowledged.posts.size}, comments ${acknowledged.comments.size}, likes ${acknowledged.likes.size}, ` +
      `dealers with edits ${acknowledged.dealerNotes.size}), found ${foundWrites}; refused changes rolled back ${acknowledged.rollbacks}; recalculations ${acknowledged.recalculations} by API, ${acknowledged.cronRecalculations} by the cron command`,
  );

  expect(failures.errors.slice(0, 5)).toEqual([]);
  expect(server.output()).not.toMatch(/Error/);
  expect(busy).toBe(0);
  expect(server.query((db) => db.pragma("journal_mode", { simple: true }))).toBe("wal");
  expect(acknowledged.recalculations).toBe(RECALCULATE_AFTER_REQUESTS.length);
  expect(acknowledged.cronRecalculations).toBe(1);
  expect(found.calculatedOfficers).toBe(OFFICERS.length + 1_000);
  // Every kind of write really ran side by side with the others.
  for (const kind of [
    acknowledged.posts.size,
    acknowledged.comments.size,
    acknowledged.likes.size,
    acknowledged.dealerNotes.size,
    acknowledged.rollbacks,
  ]) {
    expect(kind).toBeGreaterThan(0);
  }
  expect(found).toMatchObject({
    posts: acknowledged.posts.size,
    comments: acknowledged.comments.size,
    likes: acknowledged.likes.size,
    dealerEdits: acknowledged.dealerNotes.size,
  });
});
