import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePage } from "../nojs/support/dom";
import { type AppServer, createAppServer, signIn } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Whose posts, rankings and leaderboard rows each role sees (decision 42), through /api and the
// pages, on a copy of the seeded database with team A (officer1–4, the manager) and team B
// (officer5–8): the viewer's own people by default, the company with ?scope=company, one team
// with ?team=<id> (a team of one's own; an admin, any). Ranks, scores and badges stay the
// company's; the leaderboard adds each officer's place in their team.

let server: AppServer;
let teams: TwoTeams;

beforeAll(async () => {
  server = await createAppServer("feed-scoping");
  teams = await setUpTwoTeams(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

type Post = { id: number; user: { id: number; team: { id: number; name: string } | null } };
type Ranking = { id: number; name: string };
type Entry = {
  id: number;
  username: string;
  performanceRank: number | null;
  currentPerformanceScore: string | null;
  currentBadge: string | null;
  teamRank: number | null;
  team: { id: number; name: string } | null;
};

const as = (role: Role, path: string) => getAs(server, teams.cookies[role], path);

/** Each user's team, from the database. */
function teamOf(): Map<number, number | null> {
  const rows = server.query(
    (db) => db.prepare("SELECT id, teamId FROM User").all() as Array<{ id: number; teamId: number | null }>,
  );
  return new Map(rows.map((row) => [row.id, row.teamId]));
}

/** The ids of the newest posts whose authors are in the team (any team when null), newest first. */
function newestPostIds(team: number | null, limit: number): number[] {
  return server.query((db) =>
    (
      db
        .prepare(
          `SELECT p.id FROM Post p JOIN User u ON u.id = p.userId
           WHERE (? IS NULL OR u.teamId = ?) ORDER BY p.createdAt DESC, p.id DESC LIMIT ?`,
        )
        .all(team, team, limit) as Array<{ id: number }>
    ).map((row) => row.id),
  );
}

/** The display names of team B's officers, as the pages show them. */
function namesOf(ids: number[]): string[] {
  return server.query((db) =>
    ids.map((id) => {
      const row = db.prepare("SELECT firstName, lastName FROM User WHERE id = ?").get(id) as {
        firstName: string;
        lastName: string;
      };
      return `${row.firstName} ${row.lastName}`;
    }),
  );
}

/** Whether a page shows any of team B's officers by name. */
const showsTeamB = (html: string) => namesOf(teams.officersB).some((name) => html.includes(name));

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe("GET /api/posts", () => {
  test("signed out: 401; waiting for approval: 403", async () => {
    expect((await as("signedOut", "/api/posts")).status).toBe(401);
    expect((await as("pending", "/api/posts")).status).toBe(403);
    expect((await as("pending", "/api/posts?scope=company")).status).toBe(403);
  });

  test("an officer sees their team's posts by default and everyone's with scope=company", async () => {
    for (const [role, team] of [
      ["officerA", teams.teamA],
      ["officerB", teams.teamB],
    ] as const) {
      const own = await as(role, "/api/posts?limit=100");
      expect(own.status).toBe(200);
      const posts = own.json as Post[];
      expect(posts.map((post) => post.id)).toEqual(newestPostIds(team, 100));
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every((post) => post.user.team?.id === team)).toBe(true);
      expect(posts[0]?.user.team?.name).toBe(team === teams.teamA ? "Team A" : "Team B");

      const company = await as(role, "/api/posts?limit=100&scope=company");
      expect(company.status).toBe(200);
      expect((company.json as Post[]).map((post) => post.id)).toEqual(newestPostIds(null, 100));
    }
  });

  test("another team's posts are refused (403); the manager of A sees A; the admin everyone, or one team", async () => {
    const refused = await as("officerA", `/api/posts?team=${teams.teamB}`);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: "You can only see the teams you belong to or lead.",
      requestId: expect.any(String),
    });
    expect((await as("officerB", `/api/posts?team=${teams.teamA}`)).status).toBe(403);
    expect((await as("managerA", `/api/posts?team=${teams.teamB}`)).status).toBe(403);

    const ownTeam = await as("officerA", `/api/posts?team=${teams.teamA}&limit=100`);
    expect((ownTeam.json as Post[]).map((post) => post.id)).toEqual(newestPostIds(teams.teamA, 100));
    const manager = await as("managerA", "/api/posts?limit=100");
    expect((manager.json as Post[]).map((post) => post.id)).toEqual(newestPostIds(teams.teamA, 100));
    const admin = await as("admin", "/api/posts?limit=100");
    expect((admin.json as Post[]).map((post) => post.id)).toEqual(newestPostIds(null, 100));
    const adminB = await as("admin", `/api/posts?team=${teams.teamB}&limit=100`);
    expect((adminB.json as Post[]).map((post) => post.id)).toEqual(newestPostIds(teams.teamB, 100));
  });

  test("the next page's Link keeps the scope, and the pages together are the team's posts", async () => {
    const seen: number[] = [];
    let next: string | null = `/api/posts?limit=7&team=${teams.teamB}`;
    for (let page = 0; page < 3 && next; page++) {
      const response: Response = await fetch(`${server.baseUrl}${next}`, {
        headers: { Cookie: teams.cookies.admin },
      });
      expect(response.status).toBe(200);
      seen.push(...((await response.json()) as Post[]).map((post) => post.id));
      const link = response.headers.get("link");
      expect(link).toContain(`team=${teams.teamB}`);
      next = link ? (/^<([^>]+)>/.exec(link)?.[1] ?? null) : null;
    }
    expect(seen).toEqual(newestPostIds(teams.teamB, 21));

    const company = await fetch(`${server.baseUrl}/api/posts?limit=2&scope=company`, {
      headers: { Cookie: teams.cookies.officerA },
    });
    expect(company.headers.get("link")).toMatch(/^<\/api\/posts\?cursor=[\d.]+&limit=2&scope=company>; rel="next"$/);
  });

  test("bad scope or team: 400 with the message", async () => {
    const scope = await as("officerA", "/api/posts?scope=everyone");
    expect(scope.status).toBe(400);
    expect(scope.json).toMatchObject({ error: "scope must be team or company" });
    const team = await as("officerA", "/api/posts?team=abc");
    expect(team.status).toBe(400);
    expect(team.json).toMatchObject({ error: "team must be a team's id" });
    for (const path of ["/api/agents/rankings?scope=all", "/api/performance/leaderboard?scope=all"]) {
      const answer = await as("officerA", path);
      expect(answer.status, path).toBe(400);
      expect(answer.json).toMatchObject({ error: "scope must be team or company" });
    }
    for (const path of ["/api/agents/rankings?team=0x10", "/api/performance/leaderboard?team=-1"]) {
      const answer = await as("officerA", path);
      expect(answer.status, path).toBe(400);
      expect(answer.json).toMatchObject({ error: "team must be a team's id" });
    }
  });
});

describe("GET /api/agents/rankings", () => {
  test("signed out: 401; waiting for approval: 403", async () => {
    expect((await as("signedOut", "/api/agents/rankings")).status).toBe(401);
    expect((await as("pending", "/api/agents/rankings")).status).toBe(403);
  });

  test("each role's rows: their team's officers in the company's order, or the company's", async () => {
    const company = (await as("admin", "/api/agents/rankings?period=all&scope=company")).json as Ranking[];
    const inTeam = (team: number) => {
      const teamIds = teamOf();
      return company.filter((row) => teamIds.get(row.id) === team).map((row) => row.id);
    };
    expect(sorted(inTeam(teams.teamA))).toEqual(sorted(teams.officersA));
    expect(sorted(inTeam(teams.teamB))).toEqual(sorted(teams.officersB));

    const ids = async (role: Role, query: string) => {
      const answer = await as(role, `/api/agents/rankings?period=all${query}`);
      expect(answer.status, `${role} ${query}`).toBe(200);
      return (answer.json as Ranking[]).map((row) => row.id);
    };
    expect(await ids("officerA", "")).toEqual(inTeam(teams.teamA));
    expect(await ids("officerB", "")).toEqual(inTeam(teams.teamB));
    expect(await ids("officerA", "&scope=company")).toEqual(company.map((row) => row.id));
    expect(await ids("officerB", "&scope=company")).toEqual(company.map((row) => row.id));
    expect(await ids("managerA", "")).toEqual(inTeam(teams.teamA));
    expect(await ids("admin", "")).toEqual(company.map((row) => row.id));
    expect(await ids("admin", `&team=${teams.teamB}`)).toEqual(inTeam(teams.teamB));

    const refused = await as("officerA", `/api/agents/rankings?team=${teams.teamB}`);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: "You can only see the teams you belong to or lead.",
      requestId: expect.any(String),
    });
  });
});

describe("GET /api/performance/leaderboard", () => {
  test("signed out: 401; waiting for approval: 403", async () => {
    expect((await as("signedOut", "/api/performance/leaderboard")).status).toBe(401);
    expect((await as("pending", "/api/performance/leaderboard")).status).toBe(403);
  });

  test("the company's ranks, scores and badges, each row's team and place in it, filtered by role", async () => {
    const company = (await as("admin", "/api/performance/leaderboard?scope=company")).json as Entry[];
    expect(company.some((entry) => entry.performanceRank !== null)).toBe(true);
    // teamRank: the place among the team's ranked officers, by the company's rank.
    const places = new Map<number, number>();
    for (const entry of company) {
      if (entry.team === null || entry.performanceRank === null) {
        expect(entry.teamRank, entry.username).toBeNull();
        continue;
      }
      const place = (places.get(entry.team.id) ?? 0) + 1;
      places.set(entry.team.id, place);
      expect(entry.teamRank, entry.username).toBe(place);
    }
    expect(places.get(teams.teamA)).toBeGreaterThan(0);
    expect(places.get(teams.teamB)).toBeGreaterThan(0);
    const teamIds = teamOf();
    for (const entry of company) expect(entry.team?.id ?? null).toBe(teamIds.get(entry.id));

    const rows = async (role: Role, query = "") => {
      const answer = await as(role, `/api/performance/leaderboard${query}`);
      expect(answer.status, `${role} ${query}`).toBe(200);
      return answer.json as Entry[];
    };
    const ofTeam = (team: number) => company.filter((entry) => entry.team?.id === team);
    // The same entries as the company's, rank, score, badge and team rank alike.
    expect(await rows("officerA")).toEqual(ofTeam(teams.teamA));
    expect(await rows("officerB")).toEqual(ofTeam(teams.teamB));
    expect(await rows("officerA", "?scope=company")).toEqual(company);
    expect(await rows("managerA")).toEqual(ofTeam(teams.teamA));
    expect(await rows("admin")).toEqual(company);
    expect(await rows("admin", `?team=${teams.teamB}`)).toEqual(ofTeam(teams.teamB));
    expect(sorted((await rows("officerA")).map((entry) => entry.id))).toEqual(sorted(teams.officersA));

    const refused = await as("officerA", `/api/performance/leaderboard?team=${teams.teamB}`);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: "You can only see the teams you belong to or lead.",
      requestId: expect.any(String),
    });
  });
});

describe("the pages", () => {
  test("signed out: / is the landing page and /leaderboard asks to sign in; waiting: both go to /waiting", async () => {
    const landing = await as("signedOut", "/");
    expect(landing.status).toBe(200);
    expect(landing.text).toContain("Welcome to Fieldline");
    expect(showsTeamB(landing.text)).toBe(false);
    const board = await as("signedOut", "/leaderboard");
    expect(board.status).toBe(302);
    expect(board.location).toMatch(/^\/login\?redirectTo=/);
    for (const path of ["/", "/?scope=company", "/leaderboard"]) {
      const waiting = await as("pending", path);
      expect(waiting.status, path).toBe(302);
      expect(waiting.location).toBe("/waiting");
    }
  });

  test("the feed: an officer of A sees no one of B until they switch to Company; the admin sees everyone, or team B", async () => {
    expect(showsTeamB((await as("officerA", "/")).text)).toBe(false);
    expect(showsTeamB((await as("managerA", "/")).text)).toBe(false);
    expect(showsTeamB((await as("officerA", "/?scope=company")).text)).toBe(true);
    expect(showsTeamB((await as("officerB", "/")).text)).toBe(true);
    expect(showsTeamB((await as("admin", "/")).text)).toBe(true);
    expect((await as("officerA", `/?team=${teams.teamB}`)).status).toBe(403);
    const adminB = (await as("admin", `/?team=${teams.teamB}`)).text;
    expect(showsTeamB(adminB)).toBe(true);
    expect(namesOf(teams.officersA).some((name) => adminB.includes(name))).toBe(false);
  });

  test("the leaderboard's rows: the viewer's team by default, the company's with the switch", async () => {
    const rowsOf = async (role: Role, path: string) => {
      const answer = await as(role, path);
      expect(answer.status, `${role} ${path}`).toBe(200);
      const page = parsePage(answer.text, `${server.baseUrl}${path}`);
      return [...page.querySelectorAll("[data-testid=leaderboard-row]")].map((row) =>
        row.getAttribute("data-username"),
      );
    };
    const officerA = await rowsOf("officerA", "/leaderboard");
    expect(officerA.sort()).toEqual(["officer1", "officer2", "officer3", "officer4"]);
    expect(await rowsOf("managerA", "/leaderboard")).toEqual(await rowsOf("officerA", "/leaderboard"));
    expect((await rowsOf("officerB", "/leaderboard")).sort()).toEqual(["officer5", "officer6", "officer7", "officer8"]);
    const company = await rowsOf("officerA", "/leaderboard?scope=company");
    expect(company).toContain("officer5");
    expect(await rowsOf("admin", "/leaderboard")).toEqual(company);
    expect((await rowsOf("admin", `/leaderboard?team=${teams.teamB}`)).sort()).toEqual([
      "officer5",
      "officer6",
      "officer7",
      "officer8",
    ]);
    expect((await as("officerA", `/leaderboard?team=${teams.teamB}`)).status).toBe(403);
    // Each row names its team and place in it; the calculation card stays.
    const html = (await as("officerA", "/leaderboard")).text;
    const page = parsePage(html, `${server.baseUrl}/leaderboard`);
    const places = [...page.querySelectorAll("[data-testid=team-rank]")].map((place) => place.textContent);
    expect(places).toContain(" · Team A · #1 in team");
    expect(page.querySelector("#calculation-title")?.textContent).toBe("Performance Calculation");
  });
});

describe("the switch, with JavaScript off", () => {
  test("the feed's My Team / Company links carry the scope, and so do Load More and the periods", async () => {
    const link = (page: Document, name: string) =>
      [...page.querySelectorAll("a")].find((a) => a.textContent?.trim() === name);

    const own = parsePage((await as("officerA", "/")).text, `${server.baseUrl}/`);
    expect(link(own, "My Team")?.getAttribute("href")).toBe("/");
    expect(link(own, "My Team")?.getAttribute("aria-current")).toBe("page");
    expect(link(own, "Company")?.getAttribute("href")).toBe("/?scope=company");
    expect(link(own, "Company")?.getAttribute("aria-current")).toBeNull();
    expect(own.querySelector("select[name=team]")).toBeNull();

    const company = parsePage((await as("officerA", "/?scope=company")).text, `${server.baseUrl}/?scope=company`);
    expect(link(company, "Company")?.getAttribute("aria-current")).toBe("page");
    expect(link(company, "My Team")?.getAttribute("aria-current")).toBeNull();
    expect(link(company, "This week")?.getAttribute("href")).toBe("/?period=week&scope=company");
    const more = link(company, "Load More Posts")?.getAttribute("href");
    expect(more).toMatch(/^\/\?scope=company&cursor=[\d.]+$/);
    // Following it without JavaScript: the company's next posts.
    const next = await as("officerA", more!);
    expect(next.status).toBe(200);
    expect(next.text).toContain("Back to the newest posts");
    const week = parsePage((await as("officerA", "/?period=week")).text, `${server.baseUrl}/?period=week`);
    expect(link(week, "Company")?.getAttribute("href")).toBe("/?period=week&scope=company");
  });

  test("the admin's team filter is a GET form: All teams and each team", async () => {
    const page = parsePage((await as("admin", "/")).text, `${server.baseUrl}/`);
    const form = page.querySelector("form:has(select[name=team])");
    expect(form?.getAttribute("method")?.toLowerCase()).toBe("get");
    const options = [...page.querySelectorAll("select[name=team] option")].map((option) => [
      option.getAttribute("value"),
      option.textContent,
    ]);
    expect(options).toEqual([
      ["", "All teams"],
      [String(teams.teamA), "Team A"],
      [String(teams.teamB), "Team B"],
    ]);
    // What the form sends: ?team=<id>, or an empty team for All teams (the admin's everyone).
    expect(showsTeamB((await as("admin", "/?team=")).text)).toBe(true);
    const chosen = parsePage((await as("admin", `/?team=${teams.teamA}`)).text, `${server.baseUrl}/`);
    expect(chosen.querySelector(`select[name=team] option[value="${teams.teamA}"]`)?.hasAttribute("selected")).toBe(
      true,
    );
    // The manager of one team has the links, not the filter.
    const manager = parsePage((await as("managerA", "/")).text, `${server.baseUrl}/`);
    expect(manager.querySelector("select[name=team]")).toBeNull();
    expect(linkText(manager)).toEqual(expect.arrayContaining(["My Team", "Company"]));
  });

  test("post cards and the profile show the team", async () => {
    const feed = await as("officerA", "/");
    expect(feed.text).toContain('data-testid="post-team"');
    const profile = await as("officerA", "/profile");
    expect(profile.text).toMatch(/Team: (<!-- -->)?Team A/);
  });
});

describe("an officer in no team yet, in a company with teams", () => {
  const NOT_IN_A_TEAM = "You are not in a team yet. You will see your team here once a manager adds you.";

  /** A new, approved officer nobody has put in a team (the seeded password). */
  async function loner(): Promise<string> {
    server.query(
      (db) => {
        const hash = (
          db.prepare("SELECT passwordHash FROM User WHERE username = 'officer1'").get() as {
            passwordHash: string;
          }
        ).passwordHash;
        db.prepare(
          `INSERT INTO User (username, email, passwordHash, role, approval, homeLat, homeLng, homeAddress,
             warehouseLat, warehouseLng, warehouseAddress, updatedAt)
           VALUES ('new.loner', 'new.loner@example.com', ?, 'OFFICER', 'APPROVED', 31.5, 74.3, 'Lahore',
             31.6, 74.4, 'Lahore', CURRENT_TIMESTAMP)`,
        ).run(hash);
      },
      { readonly: false },
    );
    return signIn(server.baseUrl, "new.loner");
  }

  test("has no 'My Team': the feed, rankings and leaderboard are the company's, and the page says why", async () => {
    const cookie = await loner();
    const get = (path: string) => getAs(server, cookie, path);
    for (const path of ["/", "/leaderboard"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const page = parsePage(answer.text, `${server.baseUrl}${path}`);
      expect(linkText(page), path).not.toContain("My Team");
      expect(page.body.textContent, path).toContain(NOT_IN_A_TEAM);
      expect(showsTeamB(answer.text), path).toBe(true);
    }
    const posts = (await get("/api/posts?limit=100")).json as Post[];
    expect(posts.map((post) => post.id)).toEqual(newestPostIds(null, 100));
    const company = (await as("admin", "/api/agents/rankings?period=all&scope=company")).json as Ranking[];
    const rankings = (await get("/api/agents/rankings?period=all")).json as Ranking[];
    expect(rankings.map((row) => row.id)).toEqual(company.map((row) => row.id));
    const leaderboard = (await get("/api/performance/leaderboard")).json as Entry[];
    expect(leaderboard.map((row) => row.username)).toEqual(expect.arrayContaining(["officer1", "officer5"]));
  });
});

function linkText(page: Document): string[] {
  return [...page.querySelectorAll("a")].map((a) => a.textContent?.trim() ?? "");
}

test("an officer's own day counts their position among the feed's people, as the table under it does", async () => {
  // A sale today, so officer1 has a position.
  const dealerId = server.query(
    (db) => (db.prepare("SELECT id FROM Dealer ORDER BY id LIMIT 1").get() as { id: number }).id,
  );
  const sale = await fetch(`${server.baseUrl}/api/posts`, {
    method: "POST",
    headers: { Cookie: teams.cookies.officerA, "Content-Type": "application/json", Origin: server.baseUrl },
    body: JSON.stringify({ type: "SALE", dealerId, saleProduct: "SSP", saleQty: 3, salePrice: "1000.00" }),
  });
  expect(sale.status).toBe(201);
  const dayOf = async (path: string) =>
    parsePage((await as("officerA", path)).text, `${server.baseUrl}${path}`).querySelector(
      '[data-testid="your-position"]',
    )?.textContent;
  const positionIn = (rows: Ranking[]) =>
    `#${rows.findIndex((row) => row.id === teams.officersA[0]) + 1} of ${rows.length} today`;

  const team = (await as("officerA", "/api/agents/rankings?period=today")).json as Ranking[];
  expect(await dayOf("/")).toBe(positionIn(team));
  // The company's table counts the company, and so does the day above it.
  const company = (await as("officerA", "/api/agents/rankings?period=today&scope=company")).json as Ranking[];
  expect(company.length).toBeGreaterThan(team.length);
  expect(await dayOf("/?scope=company")).toBe(positionIn(company));
});
