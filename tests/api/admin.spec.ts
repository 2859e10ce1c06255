import type { APIRequestContext } from "@playwright/test";
import { countRows, expect, readOutbox, test, uniqueName } from "../e2e/support/fixtures";

// The admin JSON API (issue 7): /api/admin/dashboard, /users, /users/{id}, /users/{id}/reset-password
// and /outbox. Every change here is made to users the test registers; the seeded admin only acts.

const FORBIDDEN = { error: "You don't have permission to access this page.", requestId: expect.any(String) };
const json = { "Content-Type": "application/json" };

type Account = { id: number; username: string; email: string };

async function signUp(request: APIRequestContext): Promise<Account> {
  const username = uniqueName("apiadm").replaceAll("-", "_");
  const email = `${username}@example.pk`;
  const response = await request.post("/api/register", { data: { username, email, password: "api-pass-1" } });
  expect(response.status()).toBe(201);
  return { ...(await response.json()), email };
}

async function signIn(request: APIRequestContext, username: string, password = "fieldline") {
  const response = await request.post("/api/login", { data: { username, password } });
  expect(response.status()).toBe(200);
}

/** A freshly registered officer, and the request signed in as the seeded admin. */
async function adminWithOfficer(request: APIRequestContext): Promise<Account> {
  const officer = await signUp(request);
  await signIn(request, "admin");
  return officer;
}

async function expectError(
  response: Awaited<ReturnType<APIRequestContext["get"]>>,
  status: number,
  message?: string | RegExp,
) {
  expect(response.status()).toBe(status);
  const body = (await response.json()) as { error: string };
  expect(body.error).toEqual(message ? expect.stringMatching(message) : expect.any(String));
  expect(body.error.length).toBeGreaterThan(0);
}

const calls = (id: number | string) =>
  [
    ["get", "/api/admin/dashboard"],
    ["get", "/api/admin/users"],
    ["patch", `/api/admin/users/${id}`],
    ["post", `/api/admin/users/${id}/reset-password`],
    ["get", "/api/admin/outbox"],
    ["get", "/api/admin/pending"],
    ["post", `/api/admin/users/${id}/approve`],
    ["post", `/api/admin/users/${id}/refuse`],
    ["post", "/api/admin/invites"],
  ] as const;

test("signed out, every admin call answers 401 JSON", async ({ request }) => {
  for (const [method, path] of calls(1)) {
    const response = await request[method](path, method === "patch" ? { data: { role: "MANAGER" } } : undefined);
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required", requestId: expect.any(String) });
  }
});

test("officers and managers get 403 JSON from every admin call and change nothing", async ({ request }) => {
  const officer = await signUp(request);
  for (const username of [officer.username, "manager"]) {
    if (username === "manager") await signIn(request, "manager");
    // Every /api/admin/* is the admin's: a manager's team administration is /api/team/* (tests/api/team-admin.spec.ts).
    for (const [method, path] of calls(officer.id)) {
      const response = await request[method](path, method === "patch" ? { data: { role: "ADMIN" } } : undefined);
      expect(response.status(), `${username}: ${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
  }
  await signIn(request, "admin");
  const found = await (await request.get(`/api/admin/users?query=${officer.username}`)).json();
  expect(found.users).toEqual([expect.objectContaining({ id: officer.id, role: "OFFICER" })]);
});

test("the dashboard answers the figures and the latest activity", async ({ request }) => {
  await signIn(request, "admin");
  const response = await request.get("/api/admin/dashboard");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.stats).toEqual({
    officers: expect.any(Number),
    activeToday: expect.any(Number),
    postsThisWeek: expect.any(Number),
    dealers: expect.any(Number),
    salesThisMonth: expect.stringMatching(/^\d+\.\d{2}$/),
    recoveryThisMonth: expect.stringMatching(/^\d+\.\d{2}$/),
  });
  // The seed has eight officers.
  expect(body.stats.officers).toBeGreaterThanOrEqual(8);
  expect(Array.isArray(body.recentPosts)).toBe(true);
  expect(Array.isArray(body.recentImports)).toBe(true);
  expect(body.recentRegistrations.length).toBeGreaterThan(0);
  expect(body.recentRegistrations.length).toBeLessThanOrEqual(5);
  expect((await request.post("/api/admin/dashboard")).status()).toBe(405);
});

test("the users list searches, pages and refuses a bad page", async ({ request }) => {
  const officer = await adminWithOfficer(request);
  const response = await request.get(`/api/admin/users?query=${encodeURIComponent(officer.email.toUpperCase())}`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    users: [
      {
        id: officer.id,
        username: officer.username,
        email: officer.email,
        firstName: null,
        lastName: null,
        role: "OFFICER",
        isActive: true,
        approval: "APPROVED",
        // The company's only team, which a new account joins (decision 42).
        team: { id: expect.any(Number), name: expect.any(String) },
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  });
  const all = await (await request.get("/api/admin/users?page=1")).json();
  expect(all.users.length).toBeLessThanOrEqual(20);
  expect(all.total).toBeGreaterThanOrEqual(11);
  const beyond = await (await request.get("/api/admin/users?page=9999")).json();
  expect(beyond).toMatchObject({ users: [], page: 9999 });

  for (const page of ["0", "-1", "two", "1.5"]) {
    await expectError(await request.get(`/api/admin/users?page=${page}`), 400, /page must be a whole number/);
  }
  await expectError(await request.get(`/api/admin/users?query=${"x".repeat(101)}`), 400, /100 characters/);
  expect((await request.delete("/api/admin/users")).status()).toBe(405);
});

test("PATCH changes a role and deactivates; bad input answers 400 with a message", async ({
  request,
  playwright,
  clientAddress,
}) => {
  const officer = await signUp(request);
  // The officer's own browser session, to see it end.
  const officerSession = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  await signIn(officerSession, officer.username, "api-pass-1");
  expect((await officerSession.get("/api/me")).status()).toBe(200);
  await signIn(request, "admin");

  const path = `/api/admin/users/${officer.id}`;
  for (const id of ["abc", "0", "-3", "1.5", "0x10", "007", "99999999999"]) {
    await expectError(
      await request.patch(`/api/admin/users/${id}`, { data: { role: "MANAGER" } }),
      404,
      /User not found/,
    );
  }
  await expectError(
    await request.patch("/api/admin/users/999999999", { data: { role: "MANAGER" } }),
    404,
    /User not found/,
  );
  await expectError(
    await request.patch(path, { data: { role: "MANAGER", passwordHash: "x" } }),
    400,
    /Unknown field "passwordHash"/,
  );
  await expectError(
    await request.patch(path, { data: { role: "OWNER" } }),
    400,
    /Role must be OFFICER, MANAGER or ADMIN/,
  );
  await expectError(await request.patch(path, { data: { isActive: "maybe" } }), 400, /isActive must be true or false/);
  await expectError(await request.patch(path, { data: { isActive: 0 } }), 400, /isActive must be true or false/);
  await expectError(await request.patch(path, { data: {} }), 400, /Send a role or isActive/);
  await expectError(await request.patch(path), 400, /Send a role or isActive/);
  await expectError(
    await request.patch(path, { headers: json, data: Buffer.from("{bad json") }),
    400,
    /Malformed JSON/,
  );
  await expectError(await request.patch(path, { headers: json, data: Buffer.from("[1]") }), 400, /JSON object/);

  const promoted = await request.patch(path, { data: { role: "MANAGER" } });
  expect(promoted.status()).toBe(200);
  expect(await promoted.json()).toMatchObject({ id: officer.id, role: "MANAGER", isActive: true });

  const deactivated = await request.patch(path, { data: { isActive: false } });
  expect(await deactivated.json()).toMatchObject({ id: officer.id, role: "MANAGER", isActive: false });
  expect((await officerSession.get("/api/me")).status()).toBe(401);
  const login = await officerSession.post("/api/login", {
    data: { username: officer.username, password: "api-pass-1" },
  });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  expect((await login.json()).error).toBe("This account has been deactivated. Please contact your administrator.");
  await officerSession.dispose();

  expect((await request.put(path, { data: { role: "OFFICER" } })).status()).toBe(405);
  expect((await request.get(path)).status()).toBe(405);
});

test("an admin may not demote or deactivate themselves", async ({ request }) => {
  await signIn(request, "admin");
  const me = (await (await request.get("/api/admin/users?query=admin@")).json()).users.find(
    (u: Account) => u.username === "admin",
  );
  expect(me).toBeDefined();
  await expectError(
    await request.patch(`/api/admin/users/${me.id}`, { data: { role: "OFFICER" } }),
    400,
    /cannot change your own role/,
  );
  await expectError(
    await request.patch(`/api/admin/users/${me.id}`, { data: { isActive: false } }),
    400,
    /cannot deactivate your own account/,
  );
  const still = await request.patch(`/api/admin/users/${me.id}`, { data: { role: "ADMIN" } });
  expect(await still.json()).toMatchObject({ role: "ADMIN", isActive: true });
});

test("reset-password emails the user the link; the outbox lists the email with its link hidden; bad ids and deactivated accounts are refused", async ({
  request,
}) => {
  const officer = await adminWithOfficer(request);
  const path = `/api/admin/users/${officer.id}/reset-password`;
  await expectError(await request.post("/api/admin/users/abc/reset-password"), 404, /User not found/);
  await expectError(await request.post("/api/admin/users/999999999/reset-password"), 404, /User not found/);

  const response = await request.post(path);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ message: "Password reset email sent successfully!" });
  const email = await readOutbox(officer.email);
  expect(email?.text).toMatch(/\/reset-password\?token=[\w-]{43}/);

  // No admin, and no copy of the database, reads a live reset link: the outbox keeps the email
  // with its link hidden; only the recipient's copy has it.
  const outbox = await request.get("/api/admin/outbox");
  expect(outbox.status()).toBe(200);
  const page = await outbox.json();
  expect(page).toMatchObject({ page: 1, pageSize: 20, total: expect.any(Number) });
  const listed = page.emails.find((e: { to: string }) => e.to === officer.email);
  expect(listed).toEqual({
    id: expect.any(Number),
    to: officer.email,
    subject: "Reset your Fieldline password",
    text: expect.stringContaining("[link hidden: only the recipient's copy has it]"),
    createdAt: expect.stringMatching(/^\d{4}-/),
    sentAt: expect.anything(),
  });
  expect(listed.text).not.toMatch(/token=/);
  expect(
    countRows('SELECT COUNT(*) AS n FROM OutboxEmail WHERE "to" = ? AND text LIKE ?', officer.email, "%token=%"),
  ).toBe(0);
  for (const bad of ["0", "x"])
    await expectError(await request.get(`/api/admin/outbox?page=${bad}`), 400, /page must be a whole number/);

  await request.patch(`/api/admin/users/${officer.id}`, { data: { isActive: false } });
  await expectError(await request.post(path), 400, /deactivated/);
  expect((await request.get(path)).status()).toBe(405);
});

test("reset-password sent again with the same Idempotency-Key sends no second email; a malformed key is refused", async ({
  request,
}) => {
  const officer = await adminWithOfficer(request);
  const path = `/api/admin/users/${officer.id}/reset-password`;
  const emails = () => countRows('SELECT COUNT(*) AS n FROM OutboxEmail WHERE "to" = ?', officer.email);
  const headers = { "Idempotency-Key": crypto.randomUUID() };
  const answers = await Promise.all([request.post(path, { headers }), request.post(path, { headers })]);
  expect(answers.map((answer) => answer.status())).toEqual([200, 200]);
  expect(answers.map((answer) => answer.headers()["idempotent-replayed"] ?? "no").sort()).toEqual(["no", "true"]);
  for (const answer of answers)
    expect(await answer.json()).toEqual({ message: "Password reset email sent successfully!" });
  expect(emails()).toBe(1);
  expect(countRows("SELECT COUNT(*) AS n FROM PasswordResetToken WHERE userId = ?", officer.id)).toBe(1);

  // A new key is a new request: a second link goes out.
  expect((await request.post(path, { headers: { "Idempotency-Key": crypto.randomUUID() } })).status()).toBe(200);
  expect(emails()).toBe(2);
  await expectError(
    await request.post(path, { headers: { "Idempotency-Key": "short" } }),
    400,
    /Idempotency-Key must be 16 to 100 letters/,
  );
  expect(emails()).toBe(2);
});

test("POST /api/admin/users adds an account, in at once; bad input is 400, a taken name 409, others 403", async ({
  request,
}) => {
  const officer = await signUp(request);
  const username = uniqueName("added").replaceAll("-", "_");
  const account = { username, email: `${username}@example.pk`, password: "first-pass-1", role: "MANAGER" };
  // An officer, then a manager: refused, and nothing is made.
  for (const who of [officer.username, "manager"]) {
    if (who === "manager") await signIn(request, "manager");
    else await signIn(request, who, "api-pass-1");
    await expectError(await request.post("/api/admin/users", { data: account }), 403, FORBIDDEN.error);
  }
  expect(countRows("SELECT COUNT(*) AS n FROM User WHERE username = ?", username)).toBe(0);

  await signIn(request, "admin");
  const bad = async (data: unknown, status: number, message: string | RegExp) =>
    expectError(await request.post("/api/admin/users", { headers: json, data: JSON.stringify(data) }), status, message);
  await bad({ ...account, password: "short" }, 400, "Password must be at least 6 characters long");
  await bad({ ...account, email: "not-an-email" }, 400, "Invalid email");
  await bad({ ...account, role: "OWNER" }, 400, "Role must be OFFICER, MANAGER or ADMIN");
  await bad({ ...account, teamId: 0 }, 400, "team must be a team's id");
  await bad({ ...account, teamId: 999999 }, 400, "Team not found.");
  await bad({ ...account, isActive: false }, 400, /isActive/);
  await bad({ ...account, username: "officer1" }, 409, "This username is already taken");
  expect(countRows("SELECT COUNT(*) AS n FROM User WHERE username = ?", username)).toBe(0);

  const added = await request.post("/api/admin/users", { data: account });
  expect(added.status()).toBe(201);
  expect(await added.json()).toEqual(
    expect.objectContaining({ username, role: "MANAGER", isActive: true, approval: "APPROVED", team: null }),
  );
  await bad({ ...account, username: `${username}_2` }, 409, "An account with this email already exists");
  // They sign in at once with the password the admin chose.
  await request.post("/api/logout");
  await signIn(request, username, "first-pass-1");
});

test("POST /api/admin/webhooks refuses the loopback however it is spelled, with the usual message", async ({
  request,
}) => {
  await signIn(request, "admin");
  for (const url of [
    "http://[::7f00:1]/hook",
    "http://[::127.0.0.1]/hook",
    "http://[::ffff:0:127.0.0.1]/hook",
    "http://localhost./hook",
    "http://[::ffff:169.254.169.254]/latest",
  ]) {
    const response = await request.post("/api/admin/webhooks", { data: { url, events: ["post.created"] } });
    expect(response.status(), url).toBe(400);
    expect(await response.json(), url).toMatchObject({
      error: "Webhook URL must be a public internet address, not a local or private one",
    });
  }
});
