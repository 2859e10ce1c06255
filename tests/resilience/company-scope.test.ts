import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AppServer, createAppServer, signIn } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// What the company-wide reads share of other teams (decision 62): names, teams, avatars, badges,
// ranks, scores and the rankings' figures, never another team's places (lat, lng, address),
// people's emails or a post's sale terms (quantity, price, total, recovery amount). The viewer's
// own people's items keep everything. And the people in no team are the officers and managers in
// no team: an officer in no team never sees an admin's or a service account's check-ins.

let server: AppServer;
let teams: TwoTeams;
/** An officer of team B moved into no team, signed in. */
let teamless: { id: number; cookie: string };
let adminId: number;
let serviceId: number;
/** A team A post with a comment by officer5 (team B). */
let commentedPost: number;

/** The day of the check-ins this file adds, and noon of it in Karachi (07:00 UTC). */
const DAY = "2026-01-15";
const NOON = Date.UTC(2026, 0, 15, 7, 0, 0);

type Post = {
  id: number;
  type: string;
  lat: string | null;
  lng: string | null;
  address: string | null;
  user: { id: number; email: string | null; team: { id: number } | null };
  saleQty: number | null;
  salePrice: string | null;
  saleTotal: string | null;
  recoveryAmount: string | null;
  authorDistanceTodayKm: number | null;
};
type Comment = { id: number; user: { id: number; email: string | null } };

beforeAll(async () => {
  server = await createAppServer("company-scope");
  teams = await setUpTwoTeams(server);
  const officer8 = teams.officersB[3]!;
  const ids = server.query(
    (db) => {
      db.prepare("UPDATE User SET teamId = NULL WHERE id = ?").run(officer8);
      const admin = (db.prepare("SELECT id FROM User WHERE username = 'admin'").get() as { id: number }).id;
      const service = Number(
        db
          .prepare(
            `INSERT INTO User (username, email, passwordHash, role, isService, updatedAt)
             VALUES ('tracker.tool', 'tracker.tool@example.com', '!', 'MANAGER', 1, CURRENT_TIMESTAMP)`,
          )
          .run().lastInsertRowid,
      );
      const checkIn = db.prepare(
        `INSERT INTO CheckIn (userId, type, lat, lng, address, source, createdAt)
         VALUES (?, 'CHECK_IN', ?, ?, ?, 'GPS', ?)`,
      );
      checkIn.run(admin, 31.52, 74.35, "Admin's house, Lahore", NOON);
      // An admin's post with a place, seen in the feed of the people in no team.
      db.prepare(
        `INSERT INTO Post (userId, type, text, lat, lng, address, createdAt)
         VALUES (?, 'FIELD_VISIT', 'Visited the depot', 31.5204, 74.3587, 'Admin''s depot, Lahore', ?)`,
      ).run(admin, Date.now());
      checkIn.run(service, 31.53, 74.36, "Tracker, Lahore", NOON + 60_000);
      checkIn.run(officer8, 24.86, 67.0, "Saddar, Karachi", NOON + 120_000);
      // A comment by an officer of team B on the newest post of team A.
      const post = (
        db
          .prepare(
            "SELECT p.id FROM Post p JOIN User u ON u.id = p.userId WHERE u.teamId = ? ORDER BY p.createdAt DESC LIMIT 1",
          )
          .get(teams.teamA) as { id: number }
      ).id;
      db.prepare("INSERT INTO Comment (postId, userId, text, createdAt) VALUES (?, ?, 'Well done', ?)").run(
        post,
        teams.officersB[0],
        Date.now(),
      );
      return { admin, service, post };
    },
    { readonly: false },
  );
  adminId = ids.admin;
  serviceId = ids.service;
  commentedPost = ids.post;
  teamless = { id: officer8, cookie: await signIn(server.baseUrl, "officer8") };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const as = (role: Role, path: string) => getAs(server, teams.cookies[role], path);

/** The emails of the people of team B (officer5–7; officer8 has left it). */
function teamBEmails(): string[] {
  return server.query((db) =>
    (db.prepare("SELECT email FROM User WHERE teamId = ?").all(teams.teamB) as Array<{ email: string }>).map(
      (row) => row.email,
    ),
  );
}

/** Team B's posts with a place, as stored: their coordinates as the API writes them. */
function teamBPlaces(): Array<{ id: number; lat: string; lng: string; address: string | null }> {
  return server.query((db) =>
    (
      db
        .prepare(
          `SELECT p.id, p.lat, p.lng, p.address FROM Post p JOIN User u ON u.id = p.userId
           WHERE u.teamId = ? AND p.lat IS NOT NULL`,
        )
        .all(teams.teamB) as Array<{ id: number; lat: number; lng: number; address: string | null }>
    ).map((row) => ({ ...row, lat: String(row.lat), lng: String(row.lng) })),
  );
}

/** The fields of a post that are its team's only. */
const teamOnly = (post: Post) => ({
  lat: post.lat,
  lng: post.lng,
  address: post.address,
  email: post.user.email,
  saleQty: post.saleQty,
  salePrice: post.salePrice,
  saleTotal: post.saleTotal,
  recoveryAmount: post.recoveryAmount,
  authorDistanceTodayKm: post.authorDistanceTodayKm,
});
const REDACTED = {
  lat: null,
  lng: null,
  address: null,
  email: null,
  saleQty: null,
  salePrice: null,
  saleTotal: null,
  recoveryAmount: null,
  authorDistanceTodayKm: null,
};

/** Every post of the company, through the company scope's pages. */
async function companyPosts(role: Role): Promise<Post[]> {
  const posts: Post[] = [];
  let path: string | null = "/api/posts?scope=company&limit=100";
  while (path) {
    const response: Response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: teams.cookies[role] } });
    expect(response.status).toBe(200);
    posts.push(...((await response.json()) as Post[]));
    const link = response.headers.get("link");
    path = link ? (/^<([^>]+)>/.exec(link)?.[1] ?? null) : null;
  }
  return posts;
}

describe("GET /api/posts?scope=company", () => {
  test("another team's posts come without places, emails or sale terms; the viewer's team's keep them", async () => {
    for (const [role, own] of [
      ["managerA", teams.teamA],
      ["officerB", teams.teamB],
    ] as const) {
      const posts = await companyPosts(role);
      const others = posts.filter((post) => post.user.team?.id !== own);
      const ours = posts.filter((post) => post.user.team?.id === own);
      expect(others.length, role).toBeGreaterThan(20);
      for (const post of others) expect(teamOnly(post), `${role} post ${post.id}`).toEqual(REDACTED);
      // The viewer's own team's posts keep their places, emails and sale terms.
      expect(ours.some((post) => post.lat !== null && post.address !== null)).toBe(true);
      expect(ours.every((post) => post.user.email?.includes("@"))).toBe(true);
      expect(ours.some((post) => post.type === "SALE" && post.saleQty !== null && post.saleTotal !== null)).toBe(true);
    }
    // The same keys, whoever reads: the fields are null, not gone.
    const [other] = (await companyPosts("managerA")).filter((post) => post.user.team?.id === teams.teamB);
    const [own] = (await companyPosts("officerB")).filter((post) => post.user.team?.id === teams.teamB);
    expect(Object.keys(other!).sort()).toEqual(Object.keys(own!).sort());
  });

  test("the admin's company keeps everything", async () => {
    const posts = await companyPosts("admin");
    const b = posts.filter((post) => post.user.team?.id === teams.teamB);
    expect(b.some((post) => post.lat !== null)).toBe(true);
    expect(b.every((post) => post.user.email?.includes("@"))).toBe(true);
  });
});

describe("the company's pages", () => {
  test("the feed with the company's audience shows no other team's place, email or sale terms", async () => {
    const page = await as("managerA", "/?scope=company");
    expect(page.status).toBe(200);
    // The page holds team B's posts (their authors' names) …
    const names = server.query(
      (db) => db.prepare("SELECT username FROM User WHERE teamId = ?").all(teams.teamB) as Array<{ username: string }>,
    );
    expect(names.some(({ username }) => page.text.includes(username))).toBe(true);
    // … but none of their emails or places.
    for (const email of teamBEmails()) expect(page.text, email).not.toContain(email);
    for (const place of teamBPlaces()) {
      expect(page.text, `post ${place.id}`).not.toContain(`"${place.lat}"`);
      if (place.address) expect(page.text, `post ${place.id}`).not.toContain(place.address);
    }
  });

  test("another team's post page shows no place, email or sale terms", async () => {
    const sale = server.query(
      (db) =>
        db
          .prepare(
            `SELECT p.id, p.lat, p.address, u.email FROM Post p JOIN User u ON u.id = p.userId
             WHERE u.teamId = ? AND p.type = 'SALE' AND p.lat IS NOT NULL ORDER BY p.id LIMIT 1`,
          )
          .get(teams.teamB) as { id: number; lat: number; address: string | null; email: string },
    );
    const page = await as("managerA", `/posts/${sale.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(sale.email);
    expect(page.text).not.toContain(`"${String(sale.lat)}"`);
    if (sale.address) expect(page.text).not.toContain(sale.address);
    expect(page.text).not.toContain("Price per unit");
    // Its own team sees all of it.
    const own = await as("officerB", `/posts/${sale.id}`);
    expect(own.text).toContain(sale.email);
    expect(own.text).toContain("Price per unit");
  });

  test("the leaderboard page with the company's audience shows no other team's email", async () => {
    const page = await as("managerA", "/leaderboard?scope=company");
    expect(page.status).toBe(200);
    for (const email of teamBEmails()) expect(page.text, email).not.toContain(email);
  });
});

describe("comments and reactions", () => {
  test("a comment of another team's person comes without their email", async () => {
    const officer5 = teams.officersB[0]!;
    const { status, json } = await as("officerA", `/api/posts/${commentedPost}/comments`);
    expect(status).toBe(200);
    const theirs = (json as Comment[]).filter((comment) => comment.user.id === officer5);
    expect(theirs.length).toBe(1);
    expect(theirs[0]!.user.email).toBeNull();
    // Their own team sees it.
    const own = (await as("officerB", `/api/posts/${commentedPost}/comments`)).json as Comment[];
    expect(own.find((comment) => comment.user.id === officer5)?.user.email).toContain("@");
    // The post's page shows no email of team B either.
    const page = await as("officerA", `/posts/${commentedPost}`);
    for (const email of teamBEmails()) expect(page.text, email).not.toContain(email);
  });

  test("reactions carry ids only", async () => {
    const { status, text } = await as("officerA", `/api/posts/${commentedPost}/react`);
    expect(status).toBe(200);
    expect(text).not.toContain("@");
  });
});

describe("rankings and leaderboard keep the spec's columns", () => {
  const RANKING_COLUMNS = [
    "id",
    "name",
    "username",
    "firstName",
    "lastName",
    "selectedAvatar",
    "currentBadge",
    "distance",
    "hours",
    "sales",
    "recovery",
    "dealers",
  ];
  const LEADERBOARD_COLUMNS = [
    "id",
    "username",
    "firstName",
    "lastName",
    "selectedAvatar",
    "currentBadge",
    "currentPerformanceScore",
    "performanceRank",
    "lastPerformanceCalculation",
  ];

  test("GET /api/agents/rankings?scope=company: team B's rows with every column, no email or place", async () => {
    const { status, json, text } = await as("managerA", "/api/agents/rankings?scope=company&period=all");
    expect(status).toBe(200);
    const rows = json as Array<Record<string, unknown>>;
    const b = rows.filter((row) => teams.officersB.slice(0, 3).includes(row.id as number));
    expect(b.length).toBe(3);
    for (const row of b) for (const column of RANKING_COLUMNS) expect(row, column).toHaveProperty(column);
    expect(b.some((row) => Number(row.sales) > 0)).toBe(true);
    for (const email of teamBEmails()) expect(text).not.toContain(email);
    for (const row of rows) expect(Object.keys(row)).not.toEqual(expect.arrayContaining(["email", "lat", "lng"]));
  });

  test("GET /api/performance/leaderboard?scope=company: team B's entries with every column, no email", async () => {
    const { status, json, text } = await as("managerA", "/api/performance/leaderboard?scope=company");
    expect(status).toBe(200);
    const entries = json as Array<Record<string, unknown>>;
    const b = entries.filter((entry) => teams.officersB.slice(0, 3).includes(entry.id as number));
    expect(b.length).toBe(3);
    for (const entry of b) for (const column of LEADERBOARD_COLUMNS) expect(entry, column).toHaveProperty(column);
    for (const email of teamBEmails()) expect(text).not.toContain(email);
  });

  test("scope=company does not widen the map, location quality, reports' people or the users list", async () => {
    for (const path of [
      `/api/agents/checkins?date=${DAY}&scope=company`,
      `/api/agents/location-quality?date=${DAY}&scope=company`,
      "/api/admin/users?scope=company",
    ]) {
      const { status, text } = await as("managerA", path);
      if (status === 200) for (const email of teamBEmails()) expect(text, path).not.toContain(email);
      expect(text, path).not.toContain("Saddar, Karachi");
    }
  });
});

describe("the people in no team", () => {
  test("an officer in no team sees their own check-ins, never an admin's or a service account's", async () => {
    const response = await fetch(`${server.baseUrl}/api/agents/checkins?date=${DAY}`, {
      headers: { Cookie: teamless.cookie },
    });
    expect(response.status).toBe(200);
    const ids = new Set(((await response.json()) as Array<{ userId: number }>).map((item) => item.userId));
    expect(ids.has(teamless.id)).toBe(true);
    expect(ids.has(adminId), "the admin's check-in").toBe(false);
    expect(ids.has(serviceId), "the service account's check-in").toBe(false);
    const map = await fetch(`${server.baseUrl}/dealer-map?date=${DAY}`, { headers: { Cookie: teamless.cookie } });
    expect(map.status).toBe(200);
    const html = await map.text();
    expect(html).toContain("Saddar, Karachi");
    expect(html).not.toContain("Admin&#x27;s house");
    expect(html).not.toContain("Admin's house");
    expect(html).not.toContain("Tracker, Lahore");
  });

  test("an officer in no team sees no admin's place or email on posts", async () => {
    const response = await fetch(`${server.baseUrl}/api/posts?limit=100`, { headers: { Cookie: teamless.cookie } });
    expect(response.status).toBe(200);
    const posts = (await response.json()) as Post[];
    expect(posts.some((post) => post.user.id === adminId)).toBe(true);
    for (const post of posts.filter((post) => post.user.id !== teamless.id))
      expect(teamOnly(post), `post ${post.id}`).toEqual(REDACTED);
  });
});
