import type { PlaywrightWorkerArgs } from "@playwright/test";
import { expect, readOutbox, test, uniqueClientAddress, uniqueName } from "../e2e/support/fixtures";

// The JSON API of the accounts area: exact paths, bodies and statuses; errors are
// { error, fieldErrors? } and no input gives a 500.

const json = { "Content-Type": "application/json" };

function newAccount() {
  const username = uniqueName("api").replaceAll("-", "_");
  return {
    username,
    email: `${username}@example.pk`,
    password: "api-pass-1",
    firstName: "Zainab",
    lastName: "Ali",
    phone: "+92 300 1234567",
  };
}

test("signed out: /api/user answers 401 JSON and GET /api/login redirects to the sign-in page", async ({ request }) => {
  const user = await request.get("/api/user");
  expect(user.status()).toBe(401);
  expect(await user.json()).toEqual({ error: "Authentication required", requestId: expect.any(String) });

  const login = await request.get("/api/login?redirectTo=%2Fprofile", { maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toBe("/login?redirectTo=%2Fprofile");
  const offsite = await request.get("/api/login?redirectTo=https%3A%2F%2Fevil.example", { maxRedirects: 0 });
  expect(offsite.headers().location).toBe("/login?redirectTo=%2F");

  for (const path of ["/api/notifications", "/api/notifications/unread-count", "/api/me"]) {
    expect((await request.get(path)).status(), path).toBe(401);
  }
  expect((await request.patch("/api/notifications/mark-all-read")).status()).toBe(401);
  expect((await request.patch("/api/notifications/1/read")).status()).toBe(401);
  expect((await request.put("/api/me", { data: { homeAddress: "x" } })).status()).toBe(401);
});

test("register, read the user, update locations, sign out, sign in", async ({ request }) => {
  const account = newAccount();
  const registered = await request.post("/api/register", { data: account });
  expect(registered.status()).toBe(201);
  const user = await registered.json();
  expect(user).toMatchObject({
    username: account.username,
    email: account.email,
    role: "OFFICER",
    selectedAvatar: "DEFAULT_1",
  });
  expect(user).not.toHaveProperty("passwordHash");

  expect(await (await request.get("/api/user")).json()).toMatchObject({ id: user.id });

  const updated = await request.put("/api/me", {
    data: {
      homeLat: "31.5204",
      homeLng: "74.3587",
      homeAddress: "House 5, Model Town, Lahore",
      warehouseLat: "31.45",
      warehouseLng: "73.135",
    },
  });
  expect(updated.status()).toBe(200);
  expect(await updated.json()).toMatchObject({
    homeLat: "31.5204",
    homeLng: "74.3587",
    homeAddress: "House 5, Model Town, Lahore",
    warehouseLat: "31.45",
    warehouseAddress: expect.stringContaining("Fake Street 12"),
  });

  expect((await request.post("/api/logout")).status()).toBe(200);
  expect((await request.get("/api/user")).status()).toBe(401);

  const login = await request.post("/api/login", {
    data: { username: account.username.toUpperCase(), password: account.password },
  });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ id: user.id, homeAddress: "House 5, Model Town, Lahore" });
  expect((await request.get("/api/user")).status()).toBe(200);
});

test("save-registration creates the account with both places and signs in", async ({ request }) => {
  const account = newAccount();
  const saved = await request.post("/api/save-registration", {
    data: {
      ...account,
      homeLat: "24.8607",
      homeLng: "67.0011",
      homeAddress: "Clifton, Karachi",
      warehouseLat: "25.396",
      warehouseLng: "68.3578",
      warehouseAddress: "SITE, Hyderabad",
    },
  });
  expect(saved.status()).toBe(201);
  expect(await saved.json()).toMatchObject({
    username: account.username,
    homeAddress: "Clifton, Karachi",
    warehouseLng: "68.3578",
  });
  expect((await request.get("/api/user")).status()).toBe(200);
});

test("bad input answers 4xx with the agreed messages, never 500", async ({ request }) => {
  const cases: Array<{
    name: string;
    path: string;
    body: string;
    contentType?: string;
    status: number;
    error: string;
  }> = [
    { name: "empty login", path: "/api/login", body: "{}", status: 400, error: "Username is required" },
    {
      name: "wrong password",
      path: "/api/login",
      body: '{"username":"officer1","password":"nope"}',
      status: 401,
      error: "Invalid username or password",
    },
    {
      name: "wrong types",
      path: "/api/login",
      body: '{"username":12,"password":true}',
      status: 400,
      error: "Username is required",
    },
    {
      name: "unknown field",
      path: "/api/login",
      body: '{"username":"a","password":"b","role":"ADMIN"}',
      status: 400,
      error: 'Unknown field "role": leave it out, this call does not take it',
    },
    { name: "malformed JSON", path: "/api/login", body: '{"username":', status: 400, error: "Malformed JSON body" },
    {
      name: "form encoding",
      path: "/api/login",
      body: "username=a&password=b",
      contentType: "application/x-www-form-urlencoded",
      status: 415,
      error: "Content-Type must be application/json",
    },
    {
      name: "too long password",
      path: "/api/register",
      body: JSON.stringify({ username: "abc", email: "a@b.pk", password: "x".repeat(129) }),
      status: 400,
      error: "Password must be 128 characters or less",
    },
    {
      name: "short password",
      path: "/api/register",
      body: JSON.stringify({ username: "abcdef", email: "a@b.pk", password: "12345" }),
      status: 400,
      error: "Password must be at least 6 characters long",
    },
    {
      name: "bad email",
      path: "/api/register",
      body: JSON.stringify({ username: "abcdef", email: "nope", password: "123456" }),
      status: 400,
      error: "Invalid email",
    },
    {
      name: "taken username",
      path: "/api/register",
      body: JSON.stringify({ username: "Officer1", email: "fresh@example.pk", password: "123456" }),
      status: 409,
      error: "This username is already taken",
    },
    { name: "array body", path: "/api/register", body: "[]", status: 400, error: "Request body must be a JSON object" },
    { name: "forgot without email", path: "/api/forgot-password", body: "{}", status: 400, error: "Email is required" },
    {
      name: "reset without token",
      path: "/api/reset-password",
      body: '{"newPassword":"123456"}',
      status: 400,
      error: "Invalid reset link. Please request a new password reset.",
    },
    {
      name: "reset with unknown token",
      path: "/api/reset-password",
      body: '{"token":"abc","newPassword":"123456"}',
      status: 400,
      error: "Invalid reset link. Please request a new password reset.",
    },
    {
      name: "save-registration without places",
      path: "/api/save-registration",
      body: JSON.stringify({ username: "abcdefg", email: "q@b.pk", password: "123456" }),
      status: 400,
      error: "Please select a location on the map.",
    },
  ];
  for (const c of cases) {
    const response = await request.post(c.path, {
      data: Buffer.from(c.body),
      headers: { "Content-Type": c.contentType ?? "application/json" },
    });
    expect(response.status(), c.name).toBe(c.status);
    expect((await response.json()).error, c.name).toBe(c.error);
  }
});

test("signed-in bad input: PUT /api/me and notifications", async ({ request }) => {
  await request.post("/api/register", { data: newAccount() });
  const half = await request.put("/api/me", { data: { homeLat: "31.5" } });
  expect(half.status()).toBe(400);
  expect(await half.json()).toMatchObject({
    error: "Please select a location on the map.",
    fieldErrors: { homeLng: ["Please select a location on the map."] },
  });

  const range = await request.put("/api/me", { data: { homeLat: 91, homeLng: 74 } });
  expect((await range.json()).error).toBe("Latitude must be between -90 and 90");
  const long = await request.put("/api/me", { data: { firstName: "x".repeat(51) } });
  expect((await long.json()).error).toBe("First name must be 50 characters or less");
  const text = await request.put("/api/me", { data: "not json", headers: json });
  expect(text.status()).toBe(400);

  expect((await request.patch("/api/notifications/999999/read")).status()).toBe(404);
  expect((await request.patch("/api/notifications/abc/read")).status()).toBe(404);
  expect((await request.post("/api/me", { data: {} })).status()).toBe(405);
  expect((await request.get("/api/register")).status()).toBe(405);
  const missing = await request.get("/api/no-such-call");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: "Not found", requestId: expect.any(String) });
});

test("notifications over the API", async ({ request }) => {
  await request.post("/api/register", { data: newAccount() });
  expect(await (await request.get("/api/notifications")).json()).toEqual([]);
  expect(await (await request.get("/api/notifications/unread-count")).json()).toEqual({ count: 0 });
  const all = await request.patch("/api/notifications/mark-all-read");
  expect(await all.json()).toEqual({ success: true, updated: 0 });
});

test("forgot and reset password over the API", async ({ request }) => {
  const account = newAccount();
  await request.post("/api/register", { data: account });
  const forgot = await request.post("/api/forgot-password", { data: { email: account.email } });
  expect(await forgot.json()).toEqual({
    message: "If an account exists for that email, we have sent a password reset link.",
  });
  const unknown = await request.post("/api/forgot-password", { data: { email: "nobody-here@example.pk" } });
  expect(await unknown.json()).toEqual({
    message: "If an account exists for that email, we have sent a password reset link.",
  });
});

test("a second reset link spends the first: only the newest email resets the password", async ({ request }) => {
  const account = newAccount();
  await request.post("/api/register", { data: account });
  const tokenOf = (text = "") =>
    new URL(text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? "http://x/").searchParams.get("token");
  await request.post("/api/forgot-password", { data: { email: account.email } });
  const first = await readOutbox(account.email, { timeout: 5000 });
  await request.post("/api/forgot-password", { data: { email: account.email } });
  const second = await readOutbox(account.email, { timeout: 5000, afterId: first?.id });

  const withFirst = await request.post("/api/reset-password", {
    data: { token: tokenOf(first?.text), newPassword: "first-link-pass" },
  });
  expect(withFirst.status()).toBe(400);
  expect(await withFirst.json()).toEqual({
    error: "This reset link has expired or was already used. Please request a new password reset.",
    requestId: expect.any(String),
  });
  expect(
    (
      await request.post("/api/reset-password", {
        data: { token: tokenOf(second?.text), newPassword: "second-link-pass" },
      })
    ).status(),
  ).toBe(200);
});

test("a limited path in another case or spelling shares its budget: registration and password reset", async ({
  request,
}) => {
  // React Router finds a route whatever the path's case, its percent-encoding or a trailing slash.
  const spellings: Record<string, string[]> = {
    "/api/register": ["/API/register", "/Api/Register/", "/api/%72egister", "/api/register.data"],
    "/api/forgot-password": ["/API/FORGOT-PASSWORD", "/api/forgot%2Dpassword", "/api//forgot-password"],
    "/register": ["/Register", "/REGISTER//"],
  };
  for (const [path, others] of Object.entries(spellings)) {
    const from = { "X-Forwarded-For": uniqueClientAddress() };
    // The default budget: ten a minute per address.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await request.post(path, { headers: from, data: { email: "nobody@example.pk" }, maxRedirects: 0 });
      expect(answer.status(), `${path}, attempt ${attempt}`).not.toBe(429);
    }
    expect((await request.post(path, { headers: from, data: {}, maxRedirects: 0 })).status(), path).toBe(429);
    for (const other of others) {
      const answer = await request.post(other, { headers: from, data: {}, maxRedirects: 0 });
      expect(answer.status(), `${other} after ${path}'s budget`).toBe(429);
    }
  }
});

/** A client of its own address, or `address` for every call (a carrier's NAT). */
async function client(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, address?: string) {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": address ?? uniqueClientAddress() },
  });
}

async function registered(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined) {
  const username = uniqueName("target").replaceAll("-", "_");
  const account = await client(playwright, baseURL);
  const created = await account.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "right-pass-1" },
  });
  expect(created.status()).toBe(201);
  await account.dispose();
  return username;
}

test("no number of wrong passwords, from anywhere, makes the owner's right password fail; the guessing pair is slowed", async ({
  playwright,
  baseURL,
}) => {
  const username = await registered(playwright, baseURL);
  // The owner's phone has signed in before: it carries the device cookie.
  const phone = await client(playwright, baseURL);
  expect((await phone.post("/api/login", { data: { username, password: "right-pass-1" } })).status()).toBe(200);
  expect((await phone.post("/api/logout")).status()).toBe(200);

  // Twenty wrong passwords from twenty addresses, then twenty from one (behind which the owner sits).
  for (let attempt = 1; attempt <= 20; attempt++) {
    const guesser = await client(playwright, baseURL);
    expect((await guesser.post("/api/login", { data: { username, password: `guess-${attempt}` } })).status()).toBe(401);
    await guesser.dispose();
  }
  const carrier = uniqueClientAddress();
  const attacker = await client(playwright, baseURL, carrier);
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 20; attempt++) {
    statuses.push((await attacker.post("/api/login", { data: { username, password: `near-${attempt}` } })).status());
  }
  // Five wrong passwords from one address for one account, then that pair waits, longer each time.
  expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  const slowed = await attacker.post("/api/login", { data: { username, password: "right-pass-1" } });
  expect(slowed.status()).toBe(429);
  // A minute from the fifth wrong password, less what the attempts since have taken.
  const retryAfter = Number(slowed.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await slowed.json()).toEqual({
    error: expect.stringContaining("Too many failed sign-ins for this account"),
    requestId: expect.any(String),
  });

  // The owner signs in from a new address, and from the attacker's own with the phone that knows them.
  const elsewhere = await client(playwright, baseURL);
  expect((await elsewhere.post("/api/login", { data: { username, password: "right-pass-1" } })).status()).toBe(200);
  const behindTheSameAddress = await phone.post("/api/login", {
    headers: { "X-Forwarded-For": carrier },
    data: { username, password: "right-pass-1" },
  });
  expect(behindTheSameAddress.status()).toBe(200);
  // The page form decides the same, whatever the path's case.
  const page = await phone.post("/Login", {
    headers: { "X-Forwarded-For": carrier },
    form: { username, password: "right-pass-1" },
    maxRedirects: 0,
  });
  expect(page.status()).toBe(302);
  for (const context of [attacker, elsewhere, phone]) await context.dispose();
});

test("spraying: the 31st wrong sign-in within a minute from one address is refused in any spelling; a known phone behind it still signs in", async ({
  playwright,
  baseURL,
}) => {
  const carrier = uniqueClientAddress();
  const officer = await client(playwright, baseURL);
  expect((await officer.post("/api/login", { data: { username: "officer1", password: "fieldline" } })).status()).toBe(
    200,
  );
  const sprayer = await client(playwright, baseURL, carrier);
  for (let attempt = 1; attempt <= 30; attempt++) {
    const answer = await sprayer.post("/api/login", { data: { username: uniqueName("guess"), password: "wrong" } });
    expect(answer.status(), `attempt ${attempt}`).toBe(401);
  }
  for (const path of ["/api/login", "/API/login", "/api/Login/", "/api/%6Cogin"]) {
    const refused = await sprayer.post(path, { data: { username: uniqueName("guess"), password: "wrong" } });
    expect(refused.status(), path).toBe(429);
    expect(await refused.json()).toEqual({
      error: "Too many attempts. Please wait a minute and try again.",
      requestId: expect.any(String),
    });
  }
  const form = await sprayer.post("/LOGIN", { form: { username: "officer2", password: "fieldline" }, maxRedirects: 0 });
  expect(form.status()).toBe(429);
  // An officer whose phone has signed in before is not refused for the address they share.
  const known = await officer.post("/api/login", {
    headers: { "X-Forwarded-For": carrier },
    data: { username: "officer1", password: "fieldline" },
  });
  expect(known.status()).toBe(200);
  for (const context of [officer, sprayer]) await context.dispose();
});

test("a signed-in page is private and never stored; the signed-out landing page is not marked so", async ({
  request,
}) => {
  const landing = await request.get("/");
  expect(landing.headers()["cache-control"] ?? "").not.toContain("no-store");
  const account = newAccount();
  expect((await request.post("/api/register", { data: account })).status()).toBe(201);
  for (const path of ["/", "/profile", "/notifications", "/dealers"]) {
    const page = await request.get(path);
    expect(page.status(), path).toBe(200);
    expect(page.headers()["cache-control"], path).toBe("private, no-store");
  }
});
