// The door on a fresh production deploy with default settings (decision 42): a stranger who
// registers waits for approval and sees no officer's figures, routes, posts or dealers, through
// pages and /api alike, until a manager or admin lets them in; a refused account cannot sign in;
// the other registration modes (invite links, company domains) and their bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

const WAITING = "Your account is waiting for approval. A manager or administrator will let you in soon.";

let server: AppServer;
let teamA: number;
let teamB: number;
let strangers = 0;

function cookieOf(response: Response): string {
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

function send(path: string, init: { cookie?: string; method?: string; form?: Record<string, string>; json?: unknown }) {
  const headers: Record<string, string> = init.cookie ? { Cookie: init.cookie } : {};
  let body: string | undefined;
  if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  return fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    redirect: "manual",
  });
}

function newStranger(domain = "gmail.com") {
  strangers += 1;
  return { username: `stranger${strangers}`, email: `stranger${strangers}@${domain}`, password: "letmein-please" };
}

/** Registers through the page with JavaScript off, and completes location setup. */
async function registerThroughPages(): Promise<{ cookie: string; username: string }> {
  const stranger = newStranger();
  const registered = await send("/register", { form: stranger });
  expect(registered.status).toBe(302);
  expect(registered.headers.get("location")).toBe("/location-setup");
  const cookie = cookieOf(registered);
  const located = await send("/location-setup", {
    cookie,
    form: {
      homeLat: "31.52",
      homeLng: "74.35",
      homeAddress: "Gulberg, Lahore",
      warehouseLat: "31.45",
      warehouseLng: "74.28",
      warehouseAddress: "Kot Lakhpat, Lahore",
    },
  });
  expect(located.status).toBe(302);
  return { cookie, username: stranger.username };
}

function userId(username: string): number {
  return server.query(
    (db) => (db.prepare("SELECT id FROM User WHERE username = ?").get(username) as { id: number }).id,
  );
}

beforeAll(async () => {
  // Default settings: nothing says who may join.
  expect(process.env.REGISTRATION_MODE).toBeUndefined();
  server = await createAppServer("door");
  ({ teamA, teamB } = server.query(
    (db) => {
      const add = db.prepare("INSERT INTO Team (name, provinces, districts) VALUES (?, '[]', '[]')");
      const a = Number(add.run("Door Team A").lastInsertRowid);
      const b = Number(add.run("Door Team B").lastInsertRowid);
      const manager = (db.prepare("SELECT id FROM User WHERE username = 'manager'").get() as { id: number }).id;
      db.prepare("INSERT INTO TeamManager (teamId, userId) VALUES (?, ?)").run(a, manager);
      return { teamA: a, teamB: b };
    },
    { readonly: false },
  ));
  await server.start();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

describe("a stranger on a fresh deploy", () => {
  it("registers, sets up places, then sees only the waiting page and 403 from every signed-in /api call", async () => {
    const { cookie, username } = await registerThroughPages();
    const home = await send("/", { cookie });
    expect(home.headers.get("location")).toBe("/waiting");
    const waiting = await send("/waiting", { cookie });
    expect(waiting.status).toBe(200);
    expect(await waiting.text()).toContain(WAITING);

    for (const path of [
      "/",
      "/leaderboard",
      "/profile",
      "/dealers",
      "/dealer-map",
      "/reports",
      "/posts/1",
      "/dealer-details/1",
      "/notifications",
      "/new-post",
      "/admin",
    ]) {
      const page = await send(path, { cookie });
      expect([page.status, page.headers.get("location")], path).toEqual([302, "/waiting"]);
    }

    // Every signed-in call of openapi.json, its path ids filled in.
    const document = (await (await send("/api/openapi.json", {})).json()) as {
      paths: Record<string, Record<string, { "x-access": string }>>;
    };
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation["x-access"] === "public") continue;
        // The one call a waiting account is answered: who it is, and that it waits (below).
        if (method === "get" && path === "/api/user") continue;
        const url = path.replace(/\{[^}]+\}/g, "1");
        const answer = await send(url, { cookie, method: method.toUpperCase() });
        expect([answer.status, await answer.json()], `${method} ${url}`).toEqual([
          403,
          { error: WAITING, requestId: expect.any(String) },
        ]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);

    // Nothing of the team's: not the figures, not the routes, not a post, not a dealer.
    const leaderboard = await send("/api/performance/leaderboard", { cookie });
    expect(await leaderboard.text()).not.toContain("officer1");
    expect(userId(username)).toBeGreaterThan(0);
  });

  it("who skips the warehouse lands on the waiting page and stays there, with a way back to the places", async () => {
    const stranger = newStranger();
    const registered = await send("/register", { form: stranger });
    const cookie = cookieOf(registered);
    const homeOnly = await send("/location-setup", {
      cookie,
      form: { homeLat: "31.52", homeLng: "74.35", homeAddress: "Gulberg, Lahore" },
    });
    expect(homeOnly.headers.get("location")).toBe("/location-setup?tab=warehouse");
    const setup = await (await send("/location-setup?tab=warehouse", { cookie })).text();
    const skip = /<a[^>]*href="([^"]+)"[^>]*>Skip for now<\/a>/.exec(setup)?.[1];
    expect(skip).toBeDefined();
    // Follow the redirects from "Skip for now": they end on one page, never back at Location Setup.
    const visited: string[] = [];
    let path = skip ?? "/";
    for (let hop = 0; hop < 5; hop += 1) {
      visited.push(path);
      const answer = await send(path, { cookie });
      if (answer.status !== 302) break;
      path = answer.headers.get("location") ?? "";
    }
    expect(visited).toEqual([skip, "/waiting"]);
    expect(await (await send("/waiting", { cookie })).text()).toContain(WAITING);
    const waiting = await (await send("/waiting", { cookie })).text();
    expect(waiting).toMatch(/href="\/location-setup\?tab=warehouse"/);
  });

  it("through /api/register is PENDING too, and told so on every call", async () => {
    const stranger = newStranger();
    const registered = await send("/api/register", { json: stranger });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toMatchObject({ username: stranger.username, approval: "PENDING", team: null });
    const cookie = cookieOf(registered);
    for (const path of ["/api/posts", "/api/agents/rankings", "/api/agents/checkins", "/api/dealers"]) {
      const answer = await send(path, { cookie });
      expect([answer.status, await answer.json()], path).toEqual([
        403,
        { error: WAITING, requestId: expect.any(String) },
      ]);
    }
    // GET /api/user answers the signed-in user (the spec: the user, or 401), with where it stands.
    const me = await send("/api/user", { cookie });
    expect([me.status, await me.json()]).toEqual([
      200,
      expect.objectContaining({ username: stranger.username, approval: "PENDING", team: null }),
    ]);
    const posted = await send("/api/posts", { cookie, json: { type: "FIELD_VISIT", text: "Hello" } });
    expect(posted.status).toBe(403);
    // Signing out still works.
    expect((await send("/api/logout", { cookie, method: "POST" })).status).toBe(200);
  });

  it("is announced to managers and admins, and let in by a manager into a team they lead (JavaScript off)", async () => {
    const { cookie, username } = await registerThroughPages();
    const manager = await signIn(server.baseUrl, "manager");
    const notifications = await (await send("/api/notifications", { cookie: manager })).text();
    expect(notifications).toContain(`(${username}@gmail.com) registered and is waiting for approval`);

    const pending = (await (await send("/api/team/pending", { cookie: manager })).json()) as Array<{
      username: string;
    }>;
    expect(pending.map((account) => account.username)).toContain(username);
    const page = await (await send("/team", { cookie: manager })).text();
    expect(page).toContain(`Approve ${username}`);

    const id = String(userId(username));
    // Not into a team the manager does not lead; not without a team.
    const elsewhere = await send("/team", {
      cookie: manager,
      form: { intent: "approve", userId: id, teamId: String(teamB) },
    });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain("You can only add people to a team you lead.");
    const noTeam = await send("/team", { cookie: manager, form: { intent: "approve", userId: id } });
    expect(noTeam.status).toBe(400);
    expect(await noTeam.text()).toContain("Choose the team this officer joins");
    expect((await send("/", { cookie })).headers.get("location")).toBe("/waiting");

    const approved = await send("/team", {
      cookie: manager,
      form: { intent: "approve", userId: id, teamId: String(teamA) },
    });
    expect(approved.status).toBe(302);
    const home = await send("/", { cookie });
    expect(home.status).toBe(200);
    const me = (await (await send("/api/user", { cookie })).json()) as { approval: string; team: { name: string } };
    expect(me).toMatchObject({ approval: "APPROVED", team: { id: teamA, name: "Door Team A" } });
    expect((await send("/waiting", { cookie })).headers.get("location")).toBe("/");
  });

  it("refused, cannot sign in, and its session ends", async () => {
    const { cookie, username } = await registerThroughPages();
    const admin = await signIn(server.baseUrl, "admin");
    const refused = await send(`/api/admin/users/${userId(username)}/refuse`, { cookie: admin, method: "POST" });
    expect([refused.status, await refused.json()]).toEqual([200, { message: "Account refused" }]);
    expect((await send("/api/user", { cookie })).status).toBe(401);
    const login = await send("/api/login", { json: { username, password: "letmein-please" } });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({
      error: "This account's registration was refused. Please contact your administrator.",
      requestId: expect.any(String),
    });
    // Refusing it again names no waiting account.
    const again = await send(`/api/admin/users/${userId(username)}/refuse`, { cookie: admin, method: "POST" });
    expect([again.status, await again.json()]).toEqual([
      404,
      { error: "No account is waiting with that id.", requestId: expect.any(String) },
    ]);
  });
});

describe("who may join, as the admin sets it", () => {
  it("refuses bad settings and bad approvals with the message", async () => {
    const admin = await signIn(server.baseUrl, "admin");
    const bad = await send("/api/admin/registration", { cookie: admin, method: "PUT", json: { mode: "everyone" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("mode must be one of open, approval, domains, invite");
    const noDomains = await send("/api/admin/registration", {
      cookie: admin,
      method: "PUT",
      json: { mode: "domains" },
    });
    expect([noDomains.status, (await noDomains.json()).error]).toEqual([400, "Name at least one email domain"]);
    const badDomain = await send("/api/admin/registration", {
      cookie: admin,
      method: "PUT",
      json: { mode: "domains", domains: ["not a domain"] },
    });
    expect([badDomain.status, (await badDomain.json()).error]).toEqual([400, "Write each domain as example.com"]);
    const noTeam = await send("/api/admin/invites", { cookie: admin, json: {} });
    expect([noTeam.status, (await noTeam.json()).error]).toEqual([400, "Choose the team this officer joins"]);
    const approveNobody = await send("/api/admin/users/abc/approve", { cookie: admin, json: { teamId: teamA } });
    expect(approveNobody.status).toBe(404);
    const officer = await signIn(server.baseUrl, "officer1");
    expect((await send("/api/admin/registration", { cookie: officer })).status).toBe(403);
    const manager = await signIn(server.baseUrl, "manager");
    expect((await send("/api/admin/registration", { cookie: manager })).status).toBe(403);
  });

  it("invite links: only through one under invite mode; each works once; a manager's are for a team they lead", async () => {
    const admin = await signIn(server.baseUrl, "admin");
    const saved = await send("/admin", {
      cookie: admin,
      form: { intent: "save-registration", mode: "invite", domains: "" },
    });
    expect(saved.status).toBe(302);
    expect(await (await send("/api/admin/registration", { cookie: admin })).json()).toEqual({
      mode: "invite",
      domains: [],
    });

    const uninvited = await send("/api/register", { json: newStranger() });
    expect([uninvited.status, (await uninvited.json()).error]).toEqual([
      403,
      "Registration is by invitation only. Ask your manager for an invite link.",
    ]);

    const manager = await signIn(server.baseUrl, "manager");
    const notLed = await send("/api/team/invites", { cookie: manager, json: { teamId: teamB } });
    expect(notLed.status).toBe(403);
    const made = await send("/api/team/invites", { cookie: manager, json: { teamId: teamA } });
    expect(made.status).toBe(201);
    const invite = (await made.json()) as { url: string; team: { name: string } };
    expect(invite.team.name).toBe("Door Team A");
    const token = new URL(invite.url).searchParams.get("invite")!;

    const registerPage = await (await send(`/register?invite=${token}`, {})).text();
    expect(registerPage).toContain(`name="invite" value="${token}"`);
    const invited = newStranger();
    const joined = await send("/register", { form: { ...invited, invite: token } });
    expect(joined.status).toBe(302);
    const me = (await (await send("/api/user", { cookie: cookieOf(joined) })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ approval: "APPROVED", team: { id: teamA, name: "Door Team A" } });

    const twice = await send("/api/register", { json: { ...newStranger(), invite: token } });
    expect([twice.status, (await twice.json()).error]).toEqual([
      403,
      "This invite link is not valid or has expired. Ask your manager for a new one.",
    ]);
  });

  it("company domains: the company's emails are in at once, others are refused", async () => {
    const admin = await signIn(server.baseUrl, "admin");
    const saved = await send("/api/admin/registration", {
      cookie: admin,
      method: "PUT",
      json: { mode: "domains", domains: ["Fieldline-Co.PK"] },
    });
    expect(await saved.json()).toEqual({ mode: "domains", domains: ["fieldline-co.pk"] });
    const outsider = await send("/api/register", { json: newStranger("gmail.com") });
    expect([outsider.status, (await outsider.json()).error]).toEqual([
      403,
      "Registration is limited to the company's email addresses.",
    ]);
    const insider = await send("/api/register", { json: newStranger("fieldline-co.pk") });
    expect(insider.status).toBe(201);
    expect(await insider.json()).toMatchObject({ approval: "APPROVED" });
  });
});
