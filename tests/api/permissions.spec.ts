import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueClientAddress } from "../e2e/support/fixtures";
import { routePatterns } from "../support/route-patterns";
import { type DocumentedOperation, exampleUrl, loadApiDocument, operationsOf, readJson } from "./support/api-document";

// The permission matrix (docs/decisions/0011-api-contract-and-permissions.md), walked over every
// route of app/routes.ts and every call of /api/openapi.json as signed-out, OFFICER, MANAGER and
// ADMIN. Each page row names the status each of them gets; requests carry no valid body, so a call a role may make answers
// its validation error (400) or a harmless success instead of changing data.

type Role = "signedOut" | "officer" | "manager" | "admin";
const ROLES: Role[] = ["signedOut", "officer", "manager", "admin"];
/** [signed out, OFFICER, MANAGER, ADMIN] */
type Statuses = [number, number, number, number];

type Row = { route: string; method: string; url: string; statuses: Statuses; body?: "form" | "json" | "multipart" };

const SIGN_IN = 302; // pages send signed-out users to /login?redirectTo=…
const everyone = (status: number): Statuses => [status, status, status, status];
const signedIn = (status: number): Statuses => [SIGN_IN, status, status, status];

// About 700 requests one after another: 8 s on a quiet machine, over a minute on a loaded 2-core
// one beside the level's other files (a fresh clone's busy run timed it out at 60 s). The timeout
// guards against a hung request, not the walk's speed.
test.describe.configure({ timeout: 240_000 });

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
  // A dealer's statement: who may read the account is the dealer's team's (tests/resilience/access-matrix.test.ts).
  {
    route: "/dealer-details/:id/statement",
    method: "GET",
    url: "/dealer-details/999999/statement",
    statuses: signedIn(404),
  },
  {
    route: "/dealer-details/:id/statement",
    method: "POST",
    url: "/dealer-details/999999/statement",
    statuses: signedIn(404),
    body: "form",
  },
  {
    route: "/dealer-details/:id/statement.xlsx",
    method: "GET",
    url: "/dealer-details/999999/statement.xlsx",
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
  // Opening balances are the admin's (dealerAccount.open); a post without a file is refused.
  {
    route: "/admin/opening-balances",
    method: "GET",
    url: "/admin/opening-balances",
    statuses: [SIGN_IN, 403, 403, 200],
  },
  {
    route: "/admin/opening-balances",
    method: "POST",
    url: "/admin/opening-balances",
    statuses: [SIGN_IN, 403, 403, 415],
    body: "form",
  },
  {
    route: "/admin/opening-balances/template.xlsx",
    method: "GET",
    url: "/admin/opening-balances/template.xlsx",
    statuses: [SIGN_IN, 403, 403, 200],
  },
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
  // Setting targets: a manager for the teams they lead, an admin (tests/resilience/access-matrix.test.ts).
  { route: "/targets", method: "GET", url: "/targets", statuses: [SIGN_IN, 403, 200, 200] },
  { route: "/targets", method: "POST", url: "/targets", statuses: [SIGN_IN, 403, 400, 400], body: "form" },
  // Their import: a post without a file is refused (415); the template is the officers' the caller sets targets for.
  { route: "/targets/import", method: "GET", url: "/targets/import", statuses: [SIGN_IN, 403, 200, 200] },
  {
    route: "/targets/import",
    method: "POST",
    url: "/targets/import",
    statuses: [SIGN_IN, 403, 415, 415],
    body: "form",
  },
  {
    route: "/targets/import/template.xlsx",
    method: "GET",
    url: "/targets/import/template.xlsx",
    statuses: [SIGN_IN, 403, 200, 200],
  },
  // The farmer register: whose farmer is the model's, by the farmer's team (tests/resilience/access-matrix.test.ts).
  { route: "/farmers", method: "GET", url: "/farmers", statuses: signedIn(200) },
  { route: "/farmers/new", method: "GET", url: "/farmers/new", statuses: signedIn(200) },
  { route: "/farmers/new", method: "POST", url: "/farmers/new", statuses: signedIn(400), body: "form" },
  // Their import (decision 99): a manager's for a team they lead, an admin's; a post without a file is refused (415).
  { route: "/farmers/import", method: "GET", url: "/farmers/import", statuses: [SIGN_IN, 403, 200, 200] },
  {
    route: "/farmers/import",
    method: "POST",
    url: "/farmers/import",
    statuses: [SIGN_IN, 403, 415, 415],
    body: "form",
  },
  {
    route: "/farmers/import/template.xlsx",
    method: "GET",
    url: "/farmers/import/template.xlsx",
    statuses: [SIGN_IN, 403, 200, 200],
  },
  { route: "/farmers/:id", method: "GET", url: "/farmers/999999", statuses: signedIn(404) },
  { route: "/farmers/:id/edit", method: "GET", url: "/farmers/999999/edit", statuses: signedIn(404) },
  {
    route: "/farmers/:id/edit",
    method: "POST",
    url: "/farmers/999999/edit",
    statuses: signedIn(404),
    body: "form",
  },
  { route: "/farmers/:id/erase", method: "GET", url: "/farmers/999999/erase", statuses: signedIn(404) },
  // Demo plots: whose plot is the model's, by its officer's team (tests/resilience/access-matrix.test.ts).
  { route: "/plots", method: "GET", url: "/plots", statuses: signedIn(200) },
  { route: "/plots/:id", method: "GET", url: "/plots/999999", statuses: signedIn(404) },
  {
    route: "/farmers/:id/erase",
    method: "POST",
    url: "/farmers/999999/erase",
    statuses: signedIn(404),
    body: "form",
  },
  { route: "/offline", method: "GET", url: "/offline", statuses: everyone(200) }, // the service worker's offline page
  // Lite mode is the device's, signed in or not (decision 51): an empty choice is refused for anybody.
  { route: "/lite-mode", method: "GET", url: "/lite-mode", statuses: everyone(200) },
  { route: "/lite-mode", method: "POST", url: "/lite-mode", statuses: everyone(400), body: "form" },
  { route: "/language", method: "GET", url: "/language", statuses: everyone(200) },
  { route: "/language", method: "POST", url: "/language", statuses: everyone(400), body: "form" },
  // A namespace's words in a language (decision 101): public, as the pages that load them may be.
  {
    route: "/messages/:version/:language/:namespace",
    method: "GET",
    url: "/messages/any/ur/common",
    statuses: everyone(200),
  },
  { route: "/login", method: "GET", url: "/login", statuses: [200, 302, 302, 302] },
  { route: "/register", method: "GET", url: "/register", statuses: [200, 302, 302, 302] },
  { route: "/forgot-password", method: "GET", url: "/forgot-password", statuses: everyone(200) },
  { route: "/reset-password", method: "GET", url: "/reset-password?token=abc", statuses: everyone(200) },
  { route: "/location-setup", method: "GET", url: "/location-setup", statuses: everyone(200) },
  // Only an account waiting for approval stays here; the others go on (tests/resilience/door.test.ts).
  { route: "/waiting", method: "GET", url: "/waiting", statuses: [SIGN_IN, 302, 302, 302] },
  { route: "/logout", method: "GET", url: "/logout", statuses: everyone(302) },
  // A share link opens its statement for anybody; one never made names nothing.
  { route: "/statement/:token", method: "GET", url: "/statement/not-a-link", statuses: everyone(404) },
  { route: "*", method: "GET", url: "/no-such-page", statuses: everyone(404) },
  { route: "/api/*", method: "GET", url: "/api/no-such-call", statuses: everyone(404) },
];

// /api: a row for every operation of openapi.json, made from its declared access (app/http/api/):
// a caller the access refuses gets 401 (signed out) or 403 (a role below it), with the guard's
// message; a caller it lets through gets neither refusal, and the same status as the others it
// lets through. Path parameters name nothing (999999), so no probe changes a record.
const ACCESS: Record<DocumentedOperation["access"], Statuses> = {
  public: [0, 0, 0, 0],
  "signed-in": [401, 0, 0, 0],
  manager: [401, 403, 0, 0],
  admin: [401, 403, 403, 0],
};
const REFUSALS: Record<number, string> = {
  401: "Authentication required",
  403: "You don't have permission to access this page.",
};
const NOTHING = "999999";

type ApiRow = { key: string; method: string; url: string; refusals: Statuses; body?: "json" | "multipart" };

function apiRowOf(operation: DocumentedOperation): ApiRow {
  const path = operation.parameters
    .filter((parameter) => parameter.in === "path")
    .reduce((url, parameter) => url.replace(`{${parameter.name}}`, NOTHING), operation.path);
  const example = exampleUrl(operation);
  const query = example.includes("?") ? example.slice(example.indexOf("?")) : "";
  const content = operation.requestBody?.content ?? {};
  const body = content["application/json"] ? "json" : content["multipart/form-data"] ? "multipart" : undefined;
  const key = `${operation.method.toUpperCase()} ${operation.path}`;
  return { key, method: operation.method.toUpperCase(), url: path + query, refusals: ACCESS[operation.access], body };
}

/** Calls that set the session cookie go last: signing out ends the session the other rows use. */
const setsCookie = (operation: DocumentedOperation) =>
  Object.values(operation.responses).some(
    (response) => "headers" in response && "Set-Cookie" in (response.headers as object),
  );

test("every route and /api call gives signed-out, OFFICER, MANAGER and ADMIN the status the permission table says", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const newContext = () => playwright.request.newContext({ baseURL, maxRedirects: 0 });
  const document = await loadApiDocument(await newContext());
  const operations = operationsOf(document);

  // The page table covers app/routes.ts exactly (every /api call is the /api/* route's).
  const routes = routePatterns().filter((pattern) => !pattern.startsWith("/api/") || pattern === "/api/*");
  expect(routes.sort()).toEqual([...new Set(pageRows.map((row) => row.route))].sort());
  expect(operations.length).toBeGreaterThan(80);
  const apiRows = [...operations.filter((operation) => !setsCookie(operation)), ...operations.filter(setsCookie)].map(
    apiRowOf,
  );

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

  const mismatches: string[] = [];
  const call = (role: Role, row: { method: string; url: string; body?: Row["body"] }) =>
    callers[role].fetch(row.url, {
      method: row.method,
      headers: { "X-Forwarded-For": uniqueClientAddress() },
      ...(row.body === "form" ? { form: { intent: "permission-check" } } : {}),
      ...(row.body === "json" ? { data: {} } : {}),
      ...(row.body === "multipart" ? { multipart: { note: "no file" } } : {}),
    });

  for (const row of pageRows) {
    for (const [index, role] of ROLES.entries()) {
      const response = await call(role, row);
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

  for (const row of apiRows) {
    const letThrough: number[] = [];
    for (const [index, role] of ROLES.entries()) {
      const response = await call(role, row);
      const status = response.status();
      const { error } = (await readJson(response)) as { error?: string };
      const refusal = row.refusals[index]!;
      const where = `${row.key} (${row.url}) as ${role}`;
      if (refusal && (status !== refusal || error !== REFUSALS[refusal]))
        mismatches.push(`${where}: ${status} ${error}, expected ${refusal} ${REFUSALS[refusal]}`);
      if (!refusal && REFUSALS[status] !== undefined && error === REFUSALS[status])
        mismatches.push(`${where}: refused (${status} ${error}), expected to be let through`);
      if (!refusal) letThrough.push(status);
    }
    if (new Set(letThrough).size > 1) mismatches.push(`${row.key}: the callers let through got ${letThrough}`);
  }
  expect(mismatches).toEqual([]);
});
