import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueClientAddress } from "../e2e/support/fixtures";
import { routePatterns } from "../support/route-patterns";
import { loadApiDocument, operationsOf } from "./support/api-document";

// The permission matrix (docs/decisions/0011-api-contract-and-permissions.md), walked over every
// route of app/routes.ts and every
// call of /api/openapi.json as signed-out, OFFICER, MANAGER and ADMIN. Each row names the
// status each of them gets; requests carry no valid body, so a call a role may make answers
// its validation error (400) or a harmless success instead of changing data.

type Role = "signedOut" | "officer" | "manager" | "admin";
const ROLES: Role[] = ["signedOut", "officer", "manager", "admin"];
/** [signed out, OFFICER, MANAGER, ADMIN] */
type Statuses = [number, number, number, number];

type Row = { route: string; method: string; url: string; statuses: Statuses; body?: "form" | "json" | "multipart" };

const SIGN_IN = 302; // pages send signed-out users to /login?redirectTo=…
const everyone = (status: number): Statuses => [status, status, status, status];
const signedIn = (status: number): Statuses => [SIGN_IN, status, status, status];
const api = (status: number): Statuses => [401, status, status, status];

// Pages: GET renders (200), redirects (302) or refuses (403); role-limited actions are posted too.
const pageRows: Row[] = [
  { route: "/", method: "GET", url: "/", statuses: everyone(200) }, // signed out: the landing page
  { route: "/new-post", method: "GET", url: "/new-post", statuses: signedIn(200) },
  { route: "/posts/:id", method: "GET", url: "/posts/1", statuses: signedIn(200) },
  { route: "/profile", method: "GET", url: "/profile", statuses: signedIn(200) },
  { route: "/profile/tokens", method: "GET", url: "/profile/tokens", statuses: signedIn(200) },
  {
    route: "/profile/tokens",
    method: "POST",
    url: "/profile/tokens",
    statuses: [SIGN_IN, 400, 400, 400],
    body: "form",
  },
  { route: "/leaderboard", method: "GET", url: "/leaderboard", statuses: signedIn(200) },
  { route: "/leaderboard", method: "POST", url: "/leaderboard", statuses: [SIGN_IN, 403, 302, 302], body: "form" },
  { route: "/notifications", method: "GET", url: "/notifications", statuses: signedIn(200) },
  { route: "/dealers", method: "GET", url: "/dealers", statuses: signedIn(200) },
  { route: "/dealers/import", method: "GET", url: "/dealers/import", statuses: signedIn(200) },
  {
    route: "/dealers/import/template.xlsx",
    method: "GET",
    url: "/dealers/import/template.xlsx",
    statuses: signedIn(200),
  },
  { route: "/add-dealer", method: "GET", url: "/add-dealer", statuses: signedIn(200) },
  { route: "/dealer-details/:id?", method: "GET", url: "/dealer-details/1", statuses: signedIn(200) },
  {
    route: "/dealer-details/:id/remove-photo/:index",
    method: "GET",
    url: "/dealer-details/1/remove-photo/9",
    statuses: signedIn(404),
  },
  // /admin is the admin's; a manager's team administration is /team (the accounts waiting, invite links, their people).
  { route: "/admin", method: "GET", url: "/admin", statuses: [SIGN_IN, 403, 403, 200] },
  { route: "/admin", method: "POST", url: "/admin", statuses: [SIGN_IN, 403, 403, 400], body: "form" },
  { route: "/team", method: "GET", url: "/team", statuses: [SIGN_IN, 403, 200, 200] },
  { route: "/team", method: "POST", url: "/team", statuses: [SIGN_IN, 403, 400, 400], body: "form" },
  { route: "/admin/outbox", method: "GET", url: "/admin/outbox", statuses: [SIGN_IN, 403, 403, 200] },
  {
    route: "/admin/users/:id/deactivate",
    method: "GET",
    url: "/admin/users/999999/deactivate",
    statuses: [SIGN_IN, 403, 403, 404],
  },
  { route: "/admin/import", method: "GET", url: "/admin/import", statuses: [SIGN_IN, 403, 403, 200] },
  { route: "/admin/teams", method: "GET", url: "/admin/teams", statuses: [SIGN_IN, 403, 403, 200] },
  { route: "/admin/teams", method: "POST", url: "/admin/teams", statuses: [SIGN_IN, 403, 403, 400], body: "form" },
  { route: "/admin/teams/:id", method: "GET", url: "/admin/teams/999999", statuses: [SIGN_IN, 403, 403, 404] },
  { route: "/admin/webhooks", method: "GET", url: "/admin/webhooks", statuses: [SIGN_IN, 403, 403, 200] },
  {
    route: "/admin/webhooks",
    method: "POST",
    url: "/admin/webhooks",
    statuses: [SIGN_IN, 403, 403, 400],
    body: "form",
  },
  {
    route: "/admin/service-accounts",
    method: "GET",
    url: "/admin/service-accounts",
    statuses: [SIGN_IN, 403, 403, 200],
  },
  {
    route: "/admin/service-accounts",
    method: "POST",
    url: "/admin/service-accounts",
    statuses: [SIGN_IN, 403, 403, 400],
    body: "form",
  },
  { route: "/admin/import", method: "POST", url: "/admin/import", statuses: [SIGN_IN, 403, 403, 302], body: "form" },
  { route: "/dealer-map", method: "GET", url: "/dealer-map", statuses: signedIn(200) },
  { route: "/location-quality", method: "GET", url: "/location-quality", statuses: [SIGN_IN, 403, 200, 200] },
  { route: "/reports", method: "GET", url: "/reports", statuses: signedIn(200) },
  // One's own plan; another's only for a manager of their team or an admin (tests/resilience/plans-scoping.test.ts).
  { route: "/plan/:day?", method: "GET", url: "/plan", statuses: signedIn(200) },
  { route: "/plan/:day?", method: "POST", url: "/plan", statuses: [SIGN_IN, 400, 400, 400], body: "form" },
  { route: "/offline", method: "GET", url: "/offline", statuses: everyone(200) }, // the service worker's offline page
  // Lite mode is the device's, signed in or not (decision 51): an empty choice is refused for anybody.
  { route: "/lite-mode", method: "GET", url: "/lite-mode", statuses: everyone(200) },
  { route: "/lite-mode", method: "POST", url: "/lite-mode", statuses: everyone(400), body: "form" },
  { route: "/login", method: "GET", url: "/login", statuses: [200, 302, 302, 302] },
  { route: "/register", method: "GET", url: "/register", statuses: [200, 302, 302, 302] },
  { route: "/forgot-password", method: "GET", url: "/forgot-password", statuses: everyone(200) },
  { route: "/reset-password", method: "GET", url: "/reset-password?token=abc", statuses: everyone(200) },
  { route: "/location-setup", method: "GET", url: "/location-setup", statuses: everyone(200) },
  // Only an account waiting for approval stays here; the others go on (tests/resilience/door.test.ts).
  { route: "/waiting", method: "GET", url: "/waiting", statuses: [SIGN_IN, 302, 302, 302] },
  { route: "/logout", method: "GET", url: "/logout", statuses: everyone(302) },
  { route: "*", method: "GET", url: "/no-such-page", statuses: everyone(404) },
  { route: "/api/*", method: "GET", url: "/api/no-such-call", statuses: everyone(404) },
];

// /api: every call of openapi.json. Signed out 401; OFFICER 403 on recalculation, /api/team/*
// and /api/admin/*; MANAGER 403 on every /api/admin/*.
const apiRows: Record<string, { url: string; statuses: Statuses; body?: "json" | "multipart" }> = {
  "GET /api/login": { url: "/api/login", statuses: everyone(302) },
  "POST /api/login": { url: "/api/login", statuses: everyone(400), body: "json" },
  "POST /api/register": { url: "/api/register", statuses: everyone(400), body: "json" },
  "POST /api/save-registration": { url: "/api/save-registration", statuses: everyone(400), body: "json" },
  "POST /api/forgot-password": { url: "/api/forgot-password", statuses: everyone(400), body: "json" },
  "POST /api/reset-password": { url: "/api/reset-password", statuses: everyone(400), body: "json" },
  "GET /api/user": { url: "/api/user", statuses: api(200) },
  "GET /api/me": { url: "/api/me", statuses: api(200) },
  "PUT /api/me": { url: "/api/me", statuses: api(200), body: "json" },
  "PATCH /api/me": { url: "/api/me", statuses: api(200), body: "json" },
  "GET /api/me/stats": { url: "/api/me/stats", statuses: api(200) },
  "PATCH /api/user/avatar": { url: "/api/user/avatar", statuses: api(400), body: "json" },
  "GET /api/notifications": { url: "/api/notifications", statuses: api(200) },
  "GET /api/notifications/unread-count": { url: "/api/notifications/unread-count", statuses: api(200) },
  "PATCH /api/notifications/mark-all-read": { url: "/api/notifications/mark-all-read", statuses: api(200) },
  "PATCH /api/notifications/{id}/read": { url: "/api/notifications/999999/read", statuses: api(404) },
  "GET /api/posts": { url: "/api/posts?limit=1", statuses: api(200) },
  "POST /api/posts": { url: "/api/posts", statuses: api(400), body: "json" },
  "GET /api/posts/{id}/react": { url: "/api/posts/1/react", statuses: api(200) },
  "POST /api/posts/{id}/react": { url: "/api/posts/999999/react", statuses: api(404), body: "json" },
  "DELETE /api/posts/{id}/react": { url: "/api/posts/999999/react", statuses: api(404) },
  "GET /api/posts/{id}/comments": { url: "/api/posts/1/comments", statuses: api(200) },
  "POST /api/posts/{id}/comments": { url: "/api/posts/1/comments", statuses: api(400), body: "json" },
  "DELETE /api/posts/{id}/comments/{commentId}": { url: "/api/posts/1/comments/999999", statuses: api(404) },
  "POST /api/objects/upload": { url: "/api/objects/upload", statuses: api(200) },
  "PUT /api/objects/uploads/{uploadId}": { url: "/api/objects/uploads/0123456789abcdef", statuses: everyone(403) },
  "GET /api/products": { url: "/api/products", statuses: api(200) },
  "POST /api/checkins": { url: "/api/checkins", statuses: api(400), body: "json" },
  "GET /api/agents/rankings": { url: "/api/agents/rankings", statuses: api(200) },
  "GET /api/agents/checkins": { url: "/api/agents/checkins", statuses: api(400) },
  "GET /api/agents/location-quality": { url: "/api/agents/location-quality", statuses: [401, 403, 400, 400] },
  "GET /api/reports": { url: "/api/reports?period=this-week", statuses: api(200) },
  "GET /api/team-day": { url: "/api/team-day", statuses: [401, 403, 200, 200] },
  "GET /api/plans/{day}": { url: "/api/plans/2026-01-01", statuses: api(200) },
  "PUT /api/plans/{day}": { url: "/api/plans/2026-01-01", statuses: api(400), body: "json" },
  "DELETE /api/plans/{day}": { url: "/api/plans/2026-01-01", statuses: api(400) },
  "GET /api/performance/leaderboard": { url: "/api/performance/leaderboard", statuses: api(200) },
  "POST /api/performance/calculate": { url: "/api/performance/calculate", statuses: [401, 403, 200, 200] },
  "GET /api/dealers": { url: "/api/dealers?query=zzzz-none", statuses: api(200) },
  "POST /api/dealers": { url: "/api/dealers", statuses: api(400), body: "json" },
  "GET /api/dealers/{id}": { url: "/api/dealers/1", statuses: api(200) },
  "PUT /api/dealers/{id}": { url: "/api/dealers/1", statuses: api(400), body: "json" },
  "PATCH /api/dealers/{id}": { url: "/api/dealers/999999", statuses: api(404), body: "json" },
  "GET /api/dealers/{id}/visits": { url: "/api/dealers/1/visits", statuses: api(200) },
  "PUT /api/dealers/{id}/about": { url: "/api/dealers/999999/about", statuses: api(404), body: "json" },
  "POST /api/dealers/{id}/profile-picture": {
    url: "/api/dealers/1/profile-picture",
    statuses: api(400),
    body: "multipart",
  },
  "POST /api/dealers/{id}/gallery": { url: "/api/dealers/1/gallery", statuses: api(400), body: "multipart" },
  "DELETE /api/dealers/{id}/gallery/{index}": { url: "/api/dealers/1/gallery/9", statuses: api(404) },
  "POST /api/upload": { url: "/api/upload", statuses: api(400), body: "multipart" },
  "POST /api/dealers/import": { url: "/api/dealers/import", statuses: api(400), body: "json" },
  "GET /api/geocode/reverse": { url: "/api/geocode/reverse", statuses: api(400) },
  "GET /api/admin/dashboard": { url: "/api/admin/dashboard", statuses: [401, 403, 403, 200] },
  "GET /api/admin/users": { url: "/api/admin/users?query=officer", statuses: [401, 403, 403, 200] },
  "POST /api/admin/users": { url: "/api/admin/users", statuses: [401, 403, 403, 400], body: "json" },
  "GET /api/admin/pending": { url: "/api/admin/pending", statuses: [401, 403, 403, 200] },
  "POST /api/admin/users/{id}/approve": {
    url: "/api/admin/users/999999/approve",
    statuses: [401, 403, 403, 400],
    body: "json",
  },
  "POST /api/admin/users/{id}/refuse": { url: "/api/admin/users/999999/refuse", statuses: [401, 403, 403, 404] },
  "POST /api/admin/invites": { url: "/api/admin/invites", statuses: [401, 403, 403, 400], body: "json" },
  // A manager's team administration: the teams they lead (an admin's: every team).
  "GET /api/team/users": { url: "/api/team/users?query=officer", statuses: [401, 403, 200, 200] },
  "GET /api/team/pending": { url: "/api/team/pending", statuses: [401, 403, 200, 200] },
  "POST /api/team/users/{id}/approve": {
    url: "/api/team/users/999999/approve",
    statuses: [401, 403, 400, 400],
    body: "json",
  },
  "POST /api/team/users/{id}/refuse": { url: "/api/team/users/999999/refuse", statuses: [401, 403, 404, 404] },
  "POST /api/team/invites": { url: "/api/team/invites", statuses: [401, 403, 400, 400], body: "json" },
  "GET /api/admin/registration": { url: "/api/admin/registration", statuses: [401, 403, 403, 200] },
  "PUT /api/admin/registration": { url: "/api/admin/registration", statuses: [401, 403, 403, 400], body: "json" },
  "PATCH /api/admin/users/{id}": { url: "/api/admin/users/10", statuses: [401, 403, 403, 400], body: "json" },
  "POST /api/admin/users/{id}/reset-password": {
    url: "/api/admin/users/999999/reset-password",
    statuses: [401, 403, 403, 404],
  },
  "GET /api/admin/outbox": { url: "/api/admin/outbox", statuses: [401, 403, 403, 200] },
  "GET /api/changes": { url: "/api/changes?limit=1", statuses: [401, 403, 403, 200] },
  "GET /api/admin/webhooks": { url: "/api/admin/webhooks", statuses: [401, 403, 403, 200] },
  "POST /api/admin/webhooks": { url: "/api/admin/webhooks", statuses: [401, 403, 403, 400], body: "json" },
  "DELETE /api/admin/webhooks/{id}": { url: "/api/admin/webhooks/999999", statuses: [401, 403, 403, 404] },
  "GET /api/teams": { url: "/api/teams", statuses: api(200) },
  "POST /api/teams": { url: "/api/teams", statuses: [401, 403, 403, 400], body: "json" },
  "GET /api/teams/{id}": { url: "/api/teams/999999", statuses: api(404) },
  "PUT /api/teams/{id}": { url: "/api/teams/999999", statuses: [401, 403, 403, 404], body: "json" },
  "DELETE /api/teams/{id}": { url: "/api/teams/999999", statuses: [401, 403, 403, 404] },
  "PUT /api/teams/{id}/members": { url: "/api/teams/999999/members", statuses: [401, 403, 403, 404], body: "json" },
  "PUT /api/teams/{id}/managers": { url: "/api/teams/999999/managers", statuses: [401, 403, 403, 404], body: "json" },
  "GET /api/tokens": { url: "/api/tokens", statuses: api(200) },
  "POST /api/tokens": { url: "/api/tokens", statuses: api(400), body: "json" },
  "DELETE /api/tokens/{id}": { url: "/api/tokens/999999", statuses: api(404) },
  "GET /api/admin/service-accounts": { url: "/api/admin/service-accounts", statuses: [401, 403, 403, 200] },
  "POST /api/admin/service-accounts": {
    url: "/api/admin/service-accounts",
    statuses: [401, 403, 403, 400],
    body: "json",
  },
  "POST /api/admin/service-accounts/{id}/tokens": {
    url: "/api/admin/service-accounts/999999/tokens",
    statuses: [401, 403, 403, 400],
    body: "json",
  },
  "DELETE /api/admin/service-accounts/{id}/tokens/{tokenId}": {
    url: "/api/admin/service-accounts/999999/tokens/999999",
    statuses: [401, 403, 403, 404],
  },
  "GET /api/openapi.json": { url: "/api/openapi.json", statuses: everyone(200) },
  // Signing out last: it ends the session the other rows use.
  "POST /api/logout": { url: "/api/logout", statuses: everyone(200) },
};

const ACCESS: Record<string, Statuses> = {
  public: [0, 0, 0, 0],
  "signed-in": [401, 0, 0, 0],
  manager: [401, 403, 0, 0],
  admin: [401, 403, 403, 0],
};

test("every route and /api call gives signed-out, OFFICER, MANAGER and ADMIN the status the permission table says", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const newContext = () => playwright.request.newContext({ baseURL, maxRedirects: 0 });
  const document = await loadApiDocument(await newContext());
  const operations = operationsOf(document);

  // The tables cover app/routes.ts and openapi.json exactly.
  const covered = new Set([
    ...pageRows.map((row) => row.route),
    ...Object.keys(apiRows).map((key) => key.split(" ")[1]!.replace(/\{(\w+)\}/g, ":$1")),
  ]);
  expect(routePatterns().sort()).toEqual([...covered].sort());
  expect(Object.keys(apiRows).sort()).toEqual(
    operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).sort(),
  );

  // openapi.json states the same access as the table.
  for (const operation of operations) {
    const row = apiRows[`${operation.method.toUpperCase()} ${operation.path}`]!;
    const [signedOut, officer, manager] = ACCESS[operation.access]!;
    if (signedOut) expect(row.statuses[0], `${operation.method} ${operation.path} signed out`).toBe(signedOut);
    if (officer) expect(row.statuses[1], `${operation.method} ${operation.path} as OFFICER`).toBe(officer);
    if (manager) expect(row.statuses[2], `${operation.method} ${operation.path} as MANAGER`).toBe(manager);
  }

  const signIn = async (username: string) => {
    const context = await newContext();
    const response = await context.post("/api/login", {
      data: { username, password: "fieldline" },
      headers: { "X-Forwarded-For": uniqueClientAddress() },
    });
    expect(response.status(), `sign in ${username}`).toBe(200);
    return context;
  };
  const callers: Record<Role, APIRequestContext> = {
    signedOut: await newContext(),
    officer: await signIn("officer8"),
    manager: await signIn("manager"),
    admin: await signIn("admin"),
  };

  const rows: Row[] = [
    ...pageRows,
    ...Object.entries(apiRows).map(([key, row]) => ({ route: key, method: key.split(" ")[0]!, ...row })),
  ];
  const mismatches: string[] = [];
  for (const row of rows) {
    for (const [index, role] of ROLES.entries()) {
      const response = await callers[role].fetch(row.url, {
        method: row.method,
        headers: { "X-Forwarded-For": uniqueClientAddress() },
        ...(row.body === "form" ? { form: { intent: "permission-check" } } : {}),
        ...(row.body === "json" ? { data: {} } : {}),
        ...(row.body === "multipart" ? { multipart: { note: "no file" } } : {}),
      });
      const expected = row.statuses[index]!;
      if (response.status() !== expected)
        mismatches.push(`${row.method} ${row.url} as ${role}: ${response.status()}, expected ${expected}`);
      const signInPage = `/login?${new URLSearchParams({ redirectTo: row.url })}`;
      if (
        response.status() === SIGN_IN &&
        role === "signedOut" &&
        !row.url.startsWith("/api/") &&
        row.url !== "/logout" &&
        response.headers().location !== signInPage
      ) {
        mismatches.push(
          `${row.method} ${row.url} as ${role}: went to ${response.headers().location}, expected ${signInPage}`,
        );
      }
    }
  }
  expect(mismatches).toEqual([]);
});
