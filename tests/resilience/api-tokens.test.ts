// API tokens and sign-in limits against the production server (decision 48): a token's scopes,
// revocation, expiry and its owner's deactivation; a bearer write without Origin (and with
// another site's); the per-token rate limit; service accounts; and sign-in from one carrier
// address: 30 accounts sign in within a minute while a guesser's 6th wrong password for one
// account is refused (decision 58).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

const TOKEN_CALLS_PER_MINUTE = 12;
const READ_ONLY = "This API token can only read (its scope is read).";
const NOT_ADMIN = "This API token cannot make admin calls (its scope is not admin).";
const TOO_MANY_FOR_ACCOUNT = "Too many failed sign-ins for this account. Please wait 1 minute and try again.";

let server: AppServer;
let cookies: Record<"officer" | "manager" | "admin", string>;

type Call = { method?: string; token?: string; cookie?: string; json?: unknown; headers?: Record<string, string> };

async function call(path: string, { method = "GET", token, cookie, json, headers = {} }: Call = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // a page or an empty answer
  }
  return { status: response.status, body: body as Record<string, unknown>, location: response.headers.get("location") };
}

/** A new token of the signed-in user (through the API, with their session). */
async function newToken(cookie: string, scope: "read" | "write" | "admin", extra: Record<string, unknown> = {}) {
  const made = await call("/api/tokens", { method: "POST", cookie, json: { name: `test ${scope}`, scope, ...extra } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: number; token: string };
}

const checkIn = { type: "CHECK_IN", lat: 31.52, lng: 74.35 };

beforeAll(async () => {
  server = await createAppServer("api-tokens", {
    API_TOKEN_RATE_LIMIT_PER_MINUTE: String(TOKEN_CALLS_PER_MINUTE),
    // The default: the budget of wrong sign-ins from one address.
    SIGN_IN_FAILURES_PER_MINUTE: "30",
    // Client addresses from X-Forwarded-For, as behind Fly's proxy.
    TRUST_PROXY: "1",
  });
  await server.start();
  cookies = {
    officer: await signIn(server.baseUrl, "officer1"),
    manager: await signIn(server.baseUrl, "manager"),
    admin: await signIn(server.baseUrl, "admin"),
  };
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

describe("API tokens", () => {
  it("read sends GET only, write every call but the admin ones, admin those too; never beyond the owner's role", async () => {
    const read = await newToken(cookies.admin, "read");
    const write = await newToken(cookies.admin, "write");
    const admin = await newToken(cookies.admin, "admin");

    expect((await call("/api/posts?limit=1", { token: read.token })).status).toBe(200);
    expect(await call("/api/checkins", { method: "POST", token: read.token, json: checkIn })).toMatchObject({
      status: 403,
      body: { error: READ_ONLY },
    });
    expect((await call("/api/checkins", { method: "POST", token: write.token, json: checkIn })).status).toBe(201);
    for (const token of [read.token, write.token]) {
      expect(await call("/api/admin/dashboard", { token })).toMatchObject({ status: 403, body: { error: NOT_ADMIN } });
    }
    expect((await call("/api/admin/dashboard", { token: admin.token })).status).toBe(200);

    // A manager's write token makes the manager's calls; an officer's token is refused what the officer is.
    const managerWrite = await newToken(cookies.manager, "write");
    expect((await call("/api/team/pending", { token: managerWrite.token })).status).toBe(200);
    expect(
      await call("/api/tokens", { method: "POST", cookie: cookies.manager, json: { name: "x", scope: "admin" } }),
    ).toMatchObject({ status: 400, body: { error: "Only an admin's token can have the admin scope." } });
    const officerWrite = await newToken(cookies.officer, "write");
    expect((await call("/api/team/pending", { token: officerWrite.token })).status).toBe(403);
    // A token makes no token, not even a narrower one: only a signed-in session does (decision 59).
    expect(
      (await call("/api/tokens", { method: "POST", token: write.token, json: { name: "child", scope: "read" } }))
        .status,
    ).toBe(403);
  });

  it("a bearer write needs no Origin and no CSRF rule applies to it; with a cookie, another site's Origin is refused", async () => {
    const { token } = await newToken(cookies.officer, "write");
    expect((await call("/api/checkins", { method: "POST", token, json: checkIn })).status).toBe(201);
    const crossSite = { Origin: "https://evil.example" };
    expect((await call("/api/checkins", { method: "POST", token, json: checkIn, headers: crossSite })).status).toBe(
      201,
    );
    expect(
      (await call("/api/checkins", { method: "POST", cookie: cookies.officer, json: checkIn, headers: crossSite }))
        .status,
    ).toBe(403);
  });

  it("is listed with its last use, revoked in one call, then answers 401; pages never take a bearer", async () => {
    const { id, token } = await newToken(cookies.officer, "read");
    expect((await call("/api/user", { token })).body).toMatchObject({ username: "officer1" });
    const profile = await call("/profile", { token });
    expect([profile.status, profile.location]).toEqual([302, "/login?redirectTo=%2Fprofile"]);

    const listed = await call("/api/tokens", { cookie: cookies.officer });
    const mine = (listed.body as unknown as Array<{ id: number; lastUsedAt: string | null; token?: string }>).find(
      (one) => one.id === id,
    );
    expect(mine?.lastUsedAt).not.toBeNull();
    expect(mine).not.toHaveProperty("token");
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await call(`/api/tokens/${id}`, { method: "DELETE", cookie: cookies.officer })).status).toBe(200);
    expect(await call("/api/user", { token })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect((await call(`/api/tokens/${id}`, { method: "DELETE", cookie: cookies.officer })).status).toBe(404);
  });

  it("stops at its expiry and for good when its owner is deactivated, not when the owner's password changes", async () => {
    const expiring = await newToken(cookies.officer, "read", { expiresInDays: 1 });
    expect((await call("/api/user", { token: expiring.token })).status).toBe(200);
    server.query(
      (db) => db.prepare("UPDATE ApiToken SET expiresAt = ? WHERE id = ?").run(Date.now() - 1000, expiring.id),
      {
        readonly: false,
      },
    );
    expect((await call("/api/user", { token: expiring.token })).status).toBe(401);

    const officerId = server.query(
      (db) => (db.prepare("SELECT id FROM User WHERE username = 'officer2'").get() as { id: number }).id,
    );
    const { token } = await newToken(await signIn(server.baseUrl, "officer2"), "write");
    server.query((db) => db.prepare("UPDATE User SET passwordHash = 'changed' WHERE id = ?").run(officerId), {
      readonly: false,
    });
    expect((await call("/api/user", { token })).status).toBe(200);
    const deactivate = (isActive: boolean) =>
      call(`/api/admin/users/${officerId}`, { method: "PATCH", cookie: cookies.admin, json: { isActive } });
    expect((await deactivate(false)).status).toBe(200);
    expect((await call("/api/user", { token })).status).toBe(401);
    expect((await deactivate(true)).status).toBe(200);
    expect((await call("/api/user", { token })).status).toBe(401);
  });

  it("has a rate limit of its own, counted by the token whatever the address", async () => {
    const first = await newToken(cookies.officer, "read");
    for (let n = 0; n < TOKEN_CALLS_PER_MINUTE; n++) {
      const answer = await call("/api/notifications/unread-count", {
        token: first.token,
        headers: { "X-Forwarded-For": `203.0.113.${n + 1}` },
      });
      expect(answer.status, `call ${n + 1}`).toBe(200);
    }
    const refused = await call("/api/notifications/unread-count", { token: first.token });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: "Too many requests with this API token. Please wait a minute and try again." },
    });
    const second = await newToken(cookies.officer, "read");
    expect((await call("/api/notifications/unread-count", { token: second.token })).status).toBe(200);
  });

  it("of a service account: an admin makes the account (no password) and its tokens, which act in its role and team", async () => {
    const teamId = server.query(
      (db) => (db.prepare("SELECT id FROM Team ORDER BY id LIMIT 1").get() as { id: number }).id,
    );
    const made = await call("/api/admin/service-accounts", {
      method: "POST",
      cookie: cookies.admin,
      json: { username: "erp-sync", role: "MANAGER", teamId },
    });
    expect(made).toMatchObject({ status: 201, body: { username: "erp-sync", role: "MANAGER", team: { id: teamId } } });
    const accountId = made.body.id as number;
    const badInput = await call(`/api/admin/service-accounts/${accountId}/tokens`, {
      method: "POST",
      cookie: cookies.admin,
      json: { name: "", scope: "everything" },
    });
    expect(badInput).toMatchObject({ status: 400, body: { fieldErrors: { name: ["Name is required"] } } });
    const minted = await call(`/api/admin/service-accounts/${accountId}/tokens`, {
      method: "POST",
      cookie: cookies.admin,
      json: { name: "nightly", scope: "write" },
    });
    expect(minted.status).toBe(201);
    const token = minted.body.token as string;
    expect((await call("/api/user", { token })).body).toMatchObject({ username: "erp-sync", role: "MANAGER" });
    expect((await call("/api/team/pending", { token })).status).toBe(200);
    expect(
      (await call("/api/login", { method: "POST", json: { username: "erp-sync", password: "!service-account" } }))
        .status,
    ).toBe(401);
    expect(
      (await call("/api/admin/service-accounts", { token: (await newToken(cookies.manager, "read")).token })).status,
    ).toBe(403);
    const revoked = await call(`/api/admin/service-accounts/${accountId}/tokens/${minted.body.id as number}`, {
      method: "DELETE",
      cookie: cookies.admin,
    });
    expect(revoked.status).toBe(200);
    expect((await call("/api/user", { token })).status).toBe(401);
  });
});

describe("sign-in from one carrier address", () => {
  it("30 accounts sign in within a minute while the 6th wrong password for one account is refused; tokens never count", async () => {
    const names = Array.from({ length: 30 }, (_, n) => `carrier.${n}`);
    server.query(
      (db) => {
        const hash = (
          db.prepare("SELECT passwordHash FROM User WHERE username = 'officer1'").get() as { passwordHash: string }
        ).passwordHash;
        const add = db.prepare(
          "INSERT INTO User (username, email, passwordHash, role, updatedAt) VALUES (?, ?, ?, 'OFFICER', CURRENT_TIMESTAMP)",
        );
        for (const name of [...names, "carrier.target"]) add.run(name, `${name}@example.pk`, hash);
      },
      { readonly: false },
    );
    // Every request from one address, which no other test uses.
    const carrier = { "X-Forwarded-For": "198.51.100.77" };
    const signInOf = (username: string, password: string) =>
      call("/api/login", { method: "POST", json: { username, password }, headers: carrier });
    const wrongOnes = (async () => {
      const statuses: Array<{ status: number; error: unknown }> = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const answer = await signInOf("carrier.target", `wrong-${attempt}`);
        statuses.push({ status: answer.status, error: answer.body?.error });
      }
      return statuses;
    })();
    const rightOnes = await Promise.all(names.map((name) => signInOf(name, "fieldline")));
    expect(rightOnes.map((answer) => answer.status)).toEqual(names.map(() => 200));
    const wrong = await wrongOnes;
    expect(wrong.slice(0, 5)).toEqual(
      Array.from({ length: 5 }, () => ({ status: 401, error: "Invalid username or password" })),
    );
    expect(wrong[5]).toEqual({ status: 429, error: TOO_MANY_FOR_ACCOUNT });

    // The address's budget of wrong sign-ins (30 a minute) runs out; a token's calls go on.
    const { token } = await newToken(cookies.officer, "read");
    let refusedAt = 0;
    for (let attempt = 6; attempt <= 40 && refusedAt === 0; attempt++) {
      const answer = await signInOf(`nobody.${attempt}`, "wrong");
      if (answer.status === 429) refusedAt = attempt;
    }
    expect(refusedAt).toBe(31);
    expect((await signInOf("carrier.0", "fieldline")).body).toEqual({
      error: "Too many attempts. Please wait a minute and try again.",
      requestId: expect.any(String),
    });
    expect((await call("/api/user", { token, headers: carrier })).status).toBe(200);
  });
});
