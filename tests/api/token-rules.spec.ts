import { expect, test, uniqueClientAddress, uniqueName } from "../e2e/support/fixtures";

// What a token may not do (decision 59): it neither makes nor revokes tokens (only a signed-in
// session does, so no token outlives the one that leaked), a read token does not sign anybody
// out, and a deactivated user's tokens end for good.

const TOKENS_NEED_SESSION = "API tokens are made and revoked only when signed in, not with an API token.";
const SCOPE_READ_ONLY = "This API token can only read (its scope is read).";

type Call = { method?: string; token?: string; cookie?: string; json?: unknown };

/** One client address a test: the sign-in and registration limits count each test apart. */
function client(baseURL: string) {
  const address = uniqueClientAddress();
  async function call(path: string, { method = "GET", token, cookie, json }: Call = {}) {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      redirect: "manual",
      headers: {
        "X-Forwarded-For": address,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : null) as Record<string, unknown>,
      cookie: response.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; "),
    };
  }
  async function signIn(username: string, password = "fieldline"): Promise<string> {
    const answer = await call("/api/login", { method: "POST", json: { username, password } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.cookie;
  }
  async function newToken(cookie: string, scope: "read" | "write" | "admin", extra: Record<string, unknown> = {}) {
    const made = await call("/api/tokens", {
      method: "POST",
      cookie,
      json: { name: uniqueName(scope), scope, ...extra },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: number; token: string };
  }
  /** A new officer of this test's own, signed in. */
  async function register(): Promise<{ id: number; cookie: string }> {
    const username = uniqueName("tok").replaceAll("-", "_");
    const registered = await call("/api/register", {
      method: "POST",
      json: { username, email: `${username}@example.pk`, password: "token-pass-1" },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    return { id: registered.body.id as number, cookie: registered.cookie };
  }
  return { call, signIn, newToken, register };
}

test("a token neither makes nor revokes tokens: a one-day token cannot leave a token behind that never expires", async ({
  baseURL,
}) => {
  const { call, newToken, register } = client(baseURL!);
  const person = await register();
  const parent = await newToken(person.cookie, "write", { expiresInDays: 1 });
  const sibling = await newToken(person.cookie, "read");

  const child = await call("/api/tokens", {
    method: "POST",
    token: parent.token,
    json: { name: "child", scope: "write" },
  });
  expect(child).toMatchObject({ status: 403, body: { error: TOKENS_NEED_SESSION } });
  const revoke = await call(`/api/tokens/${sibling.id}`, { method: "DELETE", token: parent.token });
  expect(revoke).toMatchObject({ status: 403, body: { error: TOKENS_NEED_SESSION } });
  expect((await call("/api/user", { token: sibling.token })).status).toBe(200);
  // Listing them is a read: a token may, and never sees a token itself.
  const listed = await call("/api/tokens", { token: parent.token });
  expect(listed.status).toBe(200);
  expect((listed.body as unknown as { id: number }[]).map((row) => row.id).sort()).toEqual(
    [parent.id, sibling.id].sort(),
  );
  // The signed-in person still manages them.
  expect((await call(`/api/tokens/${sibling.id}`, { method: "DELETE", cookie: person.cookie })).status).toBe(200);
});

test("a service account's token makes no token, and an admin's token makes none for a service account", async ({
  baseURL,
}) => {
  const { call, signIn, newToken } = client(baseURL!);
  const admin = await signIn("admin");
  const account = await call("/api/admin/service-accounts", {
    method: "POST",
    cookie: admin,
    json: { username: uniqueName("svc").replaceAll("-", "_"), role: "MANAGER" },
  });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  const accountId = account.body.id as number;
  const minted = await call(`/api/admin/service-accounts/${accountId}/tokens`, {
    method: "POST",
    cookie: admin,
    json: { name: "nightly", scope: "write", expiresInDays: 1 },
  });
  expect(minted.status).toBe(201);
  const serviceToken = minted.body.token as string;

  expect(
    await call("/api/tokens", { method: "POST", token: serviceToken, json: { name: "forever", scope: "write" } }),
  ).toMatchObject({ status: 403, body: { error: TOKENS_NEED_SESSION } });

  const adminToken = await newToken(admin, "admin", { expiresInDays: 1 });
  expect(
    await call(`/api/admin/service-accounts/${accountId}/tokens`, {
      method: "POST",
      token: adminToken.token,
      json: { name: "forever", scope: "write" },
    }),
  ).toMatchObject({ status: 403, body: { error: TOKENS_NEED_SESSION } });
  expect(
    await call(`/api/admin/service-accounts/${accountId}/tokens/${minted.body.id as number}`, {
      method: "DELETE",
      token: adminToken.token,
    }),
  ).toMatchObject({ status: 403, body: { error: TOKENS_NEED_SESSION } });
  expect((await call("/api/user", { token: serviceToken })).status).toBe(200);
  expect((await call(`/api/tokens/${adminToken.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
});

test("deactivating a user ends their tokens for good: reactivated, the old token still answers 401", async ({
  baseURL,
}) => {
  const { call, signIn, newToken, register } = client(baseURL!);
  const person = await register();
  const { token } = await newToken(person.cookie, "write");
  expect((await call("/api/user", { token })).status).toBe(200);

  const admin = await signIn("admin");
  const setActive = (isActive: boolean) =>
    call(`/api/admin/users/${person.id}`, { method: "PATCH", cookie: admin, json: { isActive } });
  expect((await setActive(false)).status).toBe(200);
  expect((await call("/api/user", { token })).status).toBe(401);
  expect((await setActive(true)).status).toBe(200);
  expect((await call("/api/user", { token })).status).toBe(401);
});

test("a read token does not sign out: POST /api/logout with it is refused and the session stays", async ({
  baseURL,
}) => {
  const { call, newToken, register } = client(baseURL!);
  const person = await register();
  const read = await newToken(person.cookie, "read");

  const logout = await call("/api/logout", { method: "POST", token: read.token, cookie: person.cookie });
  expect(logout).toMatchObject({ status: 403, body: { error: SCOPE_READ_ONLY } });
  expect((await call("/api/user", { cookie: person.cookie })).status).toBe(200);
});

test("the page's answer that shows a new token is never stored: Cache-Control no-store, as HTML and as data", async ({
  baseURL,
}) => {
  const { register } = client(baseURL!);
  const person = await register();
  for (const path of ["/profile/tokens", "/profile/tokens.data"]) {
    const answer = await fetch(`${baseURL}${path}`, {
      method: "POST",
      headers: { Cookie: person.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-token", name: uniqueName("page"), scope: "read" }).toString(),
    });
    const body = await answer.text();
    expect(answer.status, path).toBe(200);
    expect(body, path).toMatch(/fl_[\w-]{43}/);
    expect(answer.headers.get("Cache-Control") ?? "(none)", path).toMatch(/\bno-store\b/);
  }
});
