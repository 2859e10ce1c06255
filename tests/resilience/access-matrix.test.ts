import { afterAll, beforeAll, expect, test } from "vitest";
import { type Door, PAGE_ACCESS } from "~/http/route-access";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";
import { TARGET_IMPORT_HEADER } from "~/lib/target-import";
import { type ApiDocument, operationsOf } from "../api/support/api-document";
import { gridWorkbook } from "../support/spreadsheets";
import { routePatterns } from "../support/route-patterns";
import { type AppServer, createAppServer } from "./support/app-server";
import { setUpTwoTeams, type TwoTeams } from "./support/teams";
import { englishLeft, namesIn, RAW_KEY, readableText } from "./support/urdu-pages";

// The access matrix (decision 75) and, on the same server and things, the Urdu walk (decision 101):
// every page each kind of caller may open, read in Urdu. The access matrix: every page route of app/routes.ts and every operation of
// openapi.json, tied to the policy's action by app/http/route-access.ts (pages) or its declaration
// (/api, `x-action` in openapi.json), is called by each kind of caller against things of two
// teams. What each caller should get comes from this file's own table per action, written from
// the spec, never from the policy: a rule that lets too much or too little through fails here.
// Requests carry no valid body, so a call that passes its door answers its validation error or a
// harmless success instead of changing data; deletions name ids that do not exist. The calls
// that pass do change a little (an approval, a token, a sign-out): the server and its database
// are this file's own.

type Team = "A" | "B";
type Person = "officerA" | "officerB" | "managerA" | "admin";
type TokenCaller = "readToken" | "writeToken" | "adminToken";
type Caller = "signedOut" | "waiting" | Person | TokenCaller;
type Outcome = "allowed" | "sign-in" | "refused";

/** May `person` do the action to a thing of `team`? */
type Rule = (person: Person, team: Team) => boolean;

const anyone: Rule = () => true;
const managers: Rule = (person) => person === "managerA" || person === "admin";
const admins: Rule = (person) => person === "admin";
/** Their own (an officer's thing of their team is their own), the manager's of the team they lead, the admin's all. */
const ownOrLed: Rule = (person, team) =>
  person === "admin" || person === `officer${team}` || person === `manager${team}`;
/** The manager of the team (any team when none is named), the admin. */
const managerOfTeam: Rule = (person, team) => person === "admin" || person === `manager${team}`;

// The spec's permission table, one row per action of the policy.
const EXPECTED: Record<string, { rule: Rule; adminCall?: true; sessionOnly?: true }> = {
  "app.use": { rule: anyone },
  "team.view": { rule: ownOrLed },
  "dealer.change": { rule: ownOrLed },
  "dealerAccount.read": { rule: ownOrLed },
  "dealerAccount.manage": { rule: managerOfTeam },
  /** A farmer's team works with them; erasure is its managers' and the admins' (decision 94). */
  "farmer.read": { rule: ownOrLed },
  "farmer.manage": { rule: ownOrLed },
  "farmer.erase": { rule: managerOfTeam },
  /** Farmers come from a spreadsheet for a team its manager leads, or any team an admin names (decision 99). */
  "farmers.import": { rule: managerOfTeam },
  /** A demo plot is read by its officer's team and its managers; its visits are its officer's alone (decision 96). */
  "plot.read": { rule: ownOrLed },
  "plot.visit": { rule: (person, team) => person === `officer${team}` },
  "dealerAccount.open": { rule: admins, adminCall: true },
  "dealerAccounts.report": { rule: managers },
  "plan.read": { rule: ownOrLed },
  "plan.edit": { rule: ownOrLed },
  "tokens.manage": { rule: anyone, sessionOnly: true },
  "team.administer": { rule: managers },
  "account.approve": { rule: managerOfTeam },
  "account.refuse": { rule: managers },
  "invite.create": { rule: managerOfTeam },
  "leaderboard.recalculate": { rule: managers },
  "locationQuality.read": { rule: managers },
  "reports.others": { rule: managers },
  "teamDay.read": { rule: managers },
  /** A manager sets the targets of the officers of the teams they lead (decision 84). */
  "targets.set": { rule: managerOfTeam },
  "admin.dashboard": { rule: admins, adminCall: true },
  "registration.manage": { rule: admins, adminCall: true },
  "creditSettings.manage": { rule: admins, adminCall: true },
  "user.create": { rule: admins, adminCall: true },
  "user.changeRole": { rule: admins, adminCall: true },
  "user.deactivate": { rule: admins, adminCall: true },
  "user.reactivate": { rule: admins, adminCall: true },
  "user.resetPassword": { rule: admins, adminCall: true },
  "teams.manage": { rule: admins, adminCall: true },
  "dealers.importSample": { rule: admins, adminCall: true },
  "webhooks.manage": { rule: admins, adminCall: true },
  "outbox.read": { rule: admins, adminCall: true },
  "changes.read": { rule: admins, adminCall: true },
  "serviceAccounts.manage": { rule: admins, adminCall: true },
  "serviceAccountTokens.manage": { rule: admins, adminCall: true, sessionOnly: true },
};

const READS = new Set(["GET", "HEAD"]);
const SCOPE_OF: Record<TokenCaller, "read" | "write" | "admin"> = {
  readToken: "read",
  writeToken: "write",
  adminToken: "admin",
};
const isToken = (caller: Caller): caller is TokenCaller => caller in SCOPE_OF;

/** What `caller` should get at a door asking `door`, for a thing of `team`. Tokens are the admin's. */
function expected(door: Door, caller: Caller, team: Team, method: string): Outcome {
  if (door === "public") return "allowed";
  if (door === "sign-out") return caller === "readToken" ? "refused" : "allowed";
  if (door === "signed-url") return "refused";
  if (caller === "signedOut") return door === "landing" ? "allowed" : "sign-in";
  if (door === "landing") return expected("app.use", caller, team, method);
  if (door === "account") return caller === "readToken" && !READS.has(method) ? "refused" : "allowed";
  if (caller === "waiting") return "refused";
  const row = EXPECTED[door];
  if (!row) throw new Error(`The access matrix has no row for the action ${door}: add what the spec says.`);
  if (isToken(caller)) {
    if (caller === "readToken" && !READS.has(method)) return "refused";
    if (row.sessionOnly) return "refused";
    if (row.adminCall && SCOPE_OF[caller] !== "admin") return "refused";
    return row.rule("admin", team) ? "allowed" : "refused";
  }
  return row.rule(caller, team) ? "allowed" : "refused";
}

/** A 401, or the sign-in page that comes back to `url`, asks to sign in; a 403 or the waiting page refuses. */
function outcomeOf(url: string, status: number, location: string | null): Outcome {
  if (status === 401 || (status === 302 && location === `/login?${new URLSearchParams({ redirectTo: url })}`))
    return "sign-in";
  if (status === 403 || (status === 302 && location === "/waiting")) return "refused";
  return "allowed";
}

type World = {
  teams: Record<Team, number>;
  officers: Record<Team, number>;
  officerEmails: Record<Team, string>;
  dealers: Record<Team, number>;
  /** A farmer each team works with (erased by the callers the matrix lets through). */
  farmers: Record<Team, number>;
  /** A demo plot each team's officer follows, on the team's farmer. */
  plots: Record<Team, number>;
  /** A ledger entry of each team's dealer (for its reversal's door). */
  entries: Record<Team, number>;
  /** An account waiting, for approving into each team (not the waiting caller, who must stay waiting). */
  toApprove: Record<Team, number>;
};

/** A page pattern's URL for a thing of `team`. */
function pageUrl(pattern: string, world: World, team: Team): string {
  if (pattern === "*") return "/no-such-page";
  if (pattern === "/api/*") return "/api/no-such-call";
  if (pattern === "/plan/:day?") return `/plan?user=${world.officers[team]}`;
  if (pattern === "/reports") return `/reports?team=${world.teams[team]}`;
  if (pattern.startsWith("/targets") || pattern.startsWith("/farmers/import"))
    return `${pattern}?team=${world.teams[team]}`;
  if (pattern === "/reset-password") return "/reset-password?token=abc";
  if (pattern === "/statement/:token") return "/statement/not-a-link";
  return pattern
    .replace("/dealer-details/:id", `/dealer-details/${world.dealers[team]}`)
    .replace("/admin/users/:id", `/admin/users/${world.officers[team]}`)
    .replace("/admin/teams/:id", `/admin/teams/${world.teams[team]}`)
    .replace("/farmers/:id", `/farmers/${world.farmers[team]}`)
    .replace("/plots/:id", `/plots/${world.plots[team]}`)
    .replace(":id", "1")
    .replace(":index", "9")
    .replace("?", "");
}

/**
 * An operation's URL for a thing of `team`; a deletion removes nothing that exists (a dealer's
 * gallery photo 9 of the team's dealer, whose team its rule reads; any other thing by a missing id).
 */
function apiUrl(method: string, path: string, world: World, team: Team): string {
  const missing = "999999";
  const id = (() => {
    if (method === "DELETE" && path !== "/api/dealers/{id}/gallery/{index}") return missing;
    if (path === "/api/team/users/{id}/approve") return String(world.toApprove[team]);
    if (path.startsWith("/api/dealers/")) return String(world.dealers[team]);
    if (path.startsWith("/api/ledger/")) return String(world.entries[team]);
    if (path.startsWith("/api/farmers/")) return String(world.farmers[team]);
    if (path.startsWith("/api/plots/")) return String(world.plots[team]);
    if (path.startsWith("/api/teams/")) return String(world.teams[team]);
    if (path.startsWith("/api/admin/users/")) return String(world.officers[team]);
    if (path.startsWith("/api/posts/")) return "1";
    if (path.startsWith("/api/officers/")) return String(world.officers[team]);
    return missing;
  })();
  const url = path
    .replace("{id}", id)
    .replace("{commentId}", missing)
    .replace("{tokenId}", missing)
    .replace("{index}", "9")
    .replace("{day}", "2026-01-01")
    .replace("{period}", "2026-11")
    .replace("{uploadId}", "0123456789abcdef");
  if (path === "/api/posts") return `${url}?limit=1`;
  if (path === "/api/reports") return `${url}?period=this-week&team=${world.teams[team]}`;
  if (path === "/api/targets") return `${url}?team=${world.teams[team]}`;
  // The targets report reads a team's officers: team.view, decided by the team asked for.
  if (path === "/api/targets/report") return `${url}?team=${world.teams[team]}`;
  // So does the farmers report.
  if (path === "/api/farmers/report") return `${url}?team=${world.teams[team]}`;
  // So does the farmers import.
  if (path === "/api/farmers/import") return `${url}?team=${world.teams[team]}`;
  if (path === "/api/dealers") return `${url}?query=zzzz-none`;
  return url;
}

let names = 0;
/** The few bodies a door's rule needs to be reached: the team a thing goes to, a whole new token. */
function bodyOf(key: string, world: World, team: Team): Record<string, string | number> {
  if (key === "POST /api/team/users/{id}/approve" || key === "POST /api/team/invites")
    return { teamId: world.teams[team] };
  if (key === "POST /api/tokens" || key === "POST /api/admin/service-accounts/{id}/tokens")
    return { name: `matrix-${++names}`, scope: "read" };
  if (key === "POST /plan/:day?") return { intent: "reorder" };
  if (key === "POST /api/targets/copy") return { period: "2026-11", percent: 0, team: world.teams[team] };
  // No measure: the officer's targets emptied, which the rule must reach first.
  if (key === "POST /targets") return { intent: "set", officerId: world.officers[team], period: "2026-11" };
  return {};
}

/**
 * The imports take a file. The targets': one row for the team's officer, its target refused (-1);
 * the farmers': one farmer of no land. Whoever passes the door and the model's team check writes
 * nothing.
 */
const IMPORT_FILES: Record<string, (world: World, team: Team) => Buffer> = {
  "POST /targets/import": targetFile,
  "POST /api/targets/import": targetFile,
  "POST /farmers/import": farmerFile,
  "POST /api/farmers/import": farmerFile,
};
function targetFile(world: World, team: Team): Buffer {
  return gridWorkbook([[...TARGET_IMPORT_HEADER], [world.officerEmails[team], "2026-11", -1]]);
}
function farmerFile(): Buffer {
  return gridWorkbook([[...FARMER_IMPORT_HEADER], ["Matrix farmer", null, null, "Sahiwal", "Sahiwal", 0]]);
}
function importForm(file: Buffer): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), "import.xlsx");
  return form;
}

// Signing out ends the session the other rows use: those doors come last.
const signsOut = (key: string) => key.endsWith("/logout");

let server: AppServer;
let teams: TwoTeams;
let world: World;

beforeAll(async () => {
  server = await createAppServer("access-matrix");
  teams = await setUpTwoTeams(server);
  world = makeWorld();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

/** A farmer, a plot, a ledger entry and an account to approve of each team, beside its dealer. */
function makeWorld(): World {
  return server.query(
    (db) => {
      // A dealer of the team (its territory's): who changes it is the policy's dealer.change.
      const dealerOf = (teamId: number) =>
        (db.prepare("SELECT id FROM Dealer WHERE teamId = ? ORDER BY id LIMIT 1").get(teamId) as { id: number }).id;
      const emailOf = (id: number) =>
        (db.prepare("SELECT email FROM User WHERE id = ?").get(id) as { email: string }).email;
      const waiting = db.prepare(
        "INSERT INTO User (username, email, passwordHash, role, approval, updatedAt) VALUES (?, ?, 'x', 'OFFICER', 'PENDING', CURRENT_TIMESTAMP)",
      );
      const toApprove = (name: string) => Number(waiting.run(name, `${name}@example.pk`).lastInsertRowid);
      const adjustment = db.prepare(
        "INSERT INTO LedgerEntry (dealerId, kind, amountCents, at, reason, createdAt) VALUES (?, 'ADJUSTMENT', 100, ?, 'matrix', ?)",
      );
      const farmer = db.prepare(
        "INSERT INTO Farmer (name, tehsil, district, landHundredths, teamId, updatedAt) VALUES ('Matrix farmer', 'Sahiwal', 'Sahiwal', 100, ?, CURRENT_TIMESTAMP)",
      );
      const farmerOf = (teamId: number) => Number(farmer.run(teamId).lastInsertRowid);
      const plotPost = db.prepare("INSERT INTO Post (userId, type, text) VALUES (?, 'DEMO_PLOT', 'Matrix plot')");
      const plot = db.prepare(
        "INSERT INTO DemoPlot (postId, farmerId, officerId, crop, product, areaHundredths, controlAreaHundredths, lat, lng, sownOn, midVisitDueOn, harvestDueOn, updatedAt) VALUES (?, ?, ?, 'wheat', 'SSP', 100, 100, 30.6, 73.1, '2026-11-01', '2027-01-15', '2027-04-01', CURRENT_TIMESTAMP)",
      );
      const plotOf = (officerId: number, farmerId: number) =>
        Number(plot.run(Number(plotPost.run(officerId).lastInsertRowid), farmerId, officerId).lastInsertRowid);
      const entryOf = (teamId: number) => {
        const now = Date.now();
        return Number(adjustment.run(dealerOf(teamId), now, now).lastInsertRowid);
      };
      const farmers = { A: farmerOf(teams.teamA), B: farmerOf(teams.teamB) };
      return {
        teams: { A: teams.teamA, B: teams.teamB },
        officers: { A: teams.officersA[0]!, B: teams.officersB[0]! },
        officerEmails: { A: emailOf(teams.officersA[0]!), B: emailOf(teams.officersB[0]!) },
        dealers: { A: dealerOf(teams.teamA), B: dealerOf(teams.teamB) },
        farmers,
        plots: {
          A: plotOf(teams.officersA[0]!, farmers.A),
          B: plotOf(teams.officersB[0]!, farmers.B),
        },
        entries: { A: entryOf(teams.teamA), B: entryOf(teams.teamB) },
        toApprove: { A: toApprove("matrix.approve.a"), B: toApprove("matrix.approve.b") },
      };
    },
    { readonly: false },
  );
}

/** One call with a session's Cookie header or a token, never following a redirect. */
function call(
  method: string,
  url: string,
  {
    cookie,
    token,
    body,
  }: { cookie?: string; token?: string; body?: { json: object } | { form: object } | { multipart: FormData } } = {},
) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body && "json" in body) headers["Content-Type"] = "application/json";
  if (body && "form" in body) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers,
    body: !body
      ? undefined
      : "multipart" in body
        ? body.multipart
        : "json" in body
          ? JSON.stringify(body.json)
          : new URLSearchParams(Object.entries(body.form).map(([name, value]) => [name, String(value)])).toString(),
    redirect: "manual",
  });
}

test("every page each caller may open reads in Urdu, right to left, with no key and no English left but names", async () => {
  const names = namesIn(server);
  const callers = ["signedOut", "pending", "officerA", "managerA", "admin"] as const;
  const problems: string[] = [];
  let pagesRead = 0;
  for (const [pattern, doors] of Object.entries(PAGE_ACCESS)) {
    if (!doors.GET || pattern === "/api/*" || pattern === "/logout") continue;
    const url = pageUrl(pattern, world, "A");
    for (const caller of callers) {
      const cookie = [teams.cookies[caller], "fl_lang=ur"].filter(Boolean).join("; ");
      const response = await call("GET", url, { cookie });
      if (
        !(response.headers.get("content-type") ?? "").startsWith("text/html") ||
        (response.status >= 300 && response.status < 400)
      ) {
        await response.body?.cancel();
        continue;
      }
      const html = await response.text();
      pagesRead++;
      const where = `${pattern} (${url}) as ${caller} (${response.status})`;
      if (!/<html[^>]*\blang="ur"[^>]*\bdir="rtl"/.test(html)) problems.push(`${where}: not lang="ur" dir="rtl"`);
      const text = readableText(html);
      const key = RAW_KEY.exec(text)?.[0];
      if (key) problems.push(`${where}: shows the key ${key}`);
      const english = englishLeft(text, names);
      if (english.length > 0) problems.push(`${where}: English left: ${english.join(" ")}`);
    }
  }
  // URDU_WALK_OUT=<file> writes every problem there: the failure's diff shows only the first ones.
  if (process.env.URDU_WALK_OUT)
    (await import("node:fs")).writeFileSync(process.env.URDU_WALK_OUT, problems.join("\n"));
  expect(pagesRead).toBeGreaterThan(100);
  expect(problems).toEqual([]);
}, 120_000);

test("every route and /api call lets each caller through exactly as the spec's table of actions says", async () => {
  const document = (await (await call("GET", "/api/openapi.json")).json()) as ApiDocument;
  const operations = operationsOf(document);

  // Every page route has its door in route-access.ts; every /api call names its own (a call
  // without one has no row in EXPECTED and fails below).
  const pages = routePatterns().filter((pattern) => !pattern.startsWith("/api/") || pattern === "/api/*");
  expect(
    pages.filter((pattern) => !PAGE_ACCESS[pattern]),
    "page routes without a door in app/http/route-access.ts",
  ).toEqual([]);
  const apiDoors = Object.fromEntries(
    operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation.door as Door]),
  );

  const sessions: Record<Person | "waiting", string> = {
    officerA: teams.cookies.officerA,
    officerB: teams.cookies.officerB,
    managerA: teams.cookies.managerA,
    admin: teams.cookies.admin,
    waiting: teams.cookies.pending,
  };
  const tokenOf = async (scope: "read" | "write" | "admin") => {
    const made = await call("POST", "/api/tokens", {
      cookie: sessions.admin,
      body: { json: { name: `matrix-${scope}`, scope } },
    });
    expect(made.status).toBe(201);
    return ((await made.json()) as { token: string }).token;
  };
  const tokens: Record<TokenCaller, string> = {
    readToken: await tokenOf("read"),
    writeToken: await tokenOf("write"),
    adminToken: await tokenOf("admin"),
  };

  type Probe = { key: string; method: string; url: string; door: Door; team: Team; api: boolean };
  const probes: Probe[] = [];
  for (const team of ["A", "B"] as const) {
    for (const [pattern, doors] of Object.entries(PAGE_ACCESS)) {
      for (const [method, door] of Object.entries(doors)) {
        probes.push({
          key: `${method} ${pattern}`,
          method,
          url: pageUrl(pattern, world, team),
          door,
          team,
          api: false,
        });
      }
    }
    for (const [key, door] of Object.entries(apiDoors)) {
      const [method, path] = key.split(" ") as [string, string];
      probes.push({ key, method, url: apiUrl(method, path, world, team), door, team, api: true });
    }
  }
  probes.sort((a, b) => Number(signsOut(a.key)) - Number(signsOut(b.key)));

  const callers: Caller[] = [
    "signedOut",
    "waiting",
    "officerA",
    "officerB",
    "managerA",
    "admin",
    "readToken",
    "writeToken",
    "adminToken",
  ];
  const mismatches: string[] = [];
  for (const probe of probes) {
    for (const caller of callers) {
      // A token is the integrators' credential: it calls /api, not the pages.
      if (!probe.api && isToken(caller)) continue;
      const sent = bodyOf(probe.key, world, probe.team);
      const response = await call(probe.method, probe.url, {
        cookie: caller === "signedOut" || isToken(caller) ? undefined : sessions[caller],
        token: isToken(caller) ? tokens[caller] : undefined,
        body:
          probe.method === "GET" || probe.method === "DELETE"
            ? undefined
            : IMPORT_FILES[probe.key]
              ? { multipart: importForm(IMPORT_FILES[probe.key]!(world, probe.team)) }
              : probe.api
                ? { json: sent }
                : { form: sent },
      });
      await response.body?.cancel();
      const got = outcomeOf(probe.url, response.status, response.headers.get("location"));
      const want = expected(probe.door, caller, probe.team, probe.method);
      if (got !== want)
        mismatches.push(
          `${probe.key} (${probe.url}, ${probe.door}, team ${probe.team}) as ${caller}: ${got} (${response.status}), expected ${want}`,
        );
    }
  }
  expect(mismatches).toEqual([]);
}, 240_000);
