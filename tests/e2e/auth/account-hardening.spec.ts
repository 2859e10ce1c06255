import Database from "better-sqlite3";
import { e2eDatabasePath, expect, readOutbox, signIn, test, uniqueName } from "../support/fixtures";

// Issue 9, accounts: the session cookie, the security headers and the honeypot of the public forms.

const PUBLIC_FORMS = ["/login", "/register", "/forgot-password", "/reset-password?token=any-token"];

test("the session cookie is __Host- prefixed, Secure, HttpOnly and SameSite=Lax", async ({ page, context }) => {
  await signIn(page, "officer2");
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain("fl_session");
  expect(cookies.find((cookie) => cookie.name === "__Host-fl_session")).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
  });
});

test("pages are served with a CSP that forbids plugins and <base>, and no HSTS over plain HTTP", async ({ page }) => {
  const response = await page.goto("/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(response?.headers()["strict-transport-security"]).toBeUndefined();
});

test("the public forms carry a honeypot that people and screen readers never meet", async ({ page }) => {
  for (const path of PUBLIC_FORMS) {
    await page.goto(path);
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot, path).toHaveCount(1);
    await expect(honeypot, path).toBeHidden();
    await expect(honeypot, path).toHaveAttribute("tabindex", "-1");
    await expect(page.getByRole("textbox", { name: "Website" }), path).toHaveCount(0);
  }
});

test("a filled honeypot is refused quietly: no session, no account, no email", async ({ page, baseURL }) => {
  const headers = { Origin: baseURL ?? "" };
  const website = "https://spam.example";

  const signInAttempt = await page.request.post("/login", {
    form: { username: "officer3", password: "fieldline", website },
    headers,
    maxRedirects: 0,
  });
  expect(signInAttempt.status()).toBe(400);
  expect(signInAttempt.headers()["set-cookie"] ?? "").not.toContain("fl_session");
  expect(await signInAttempt.text()).toContain("Invalid username or password");

  const username = uniqueName("bot").replaceAll("-", "_");
  const registration = await page.request.post("/register", {
    form: { username, email: `${username}@example.pk`, password: "bot-pass-1", website },
    headers,
    maxRedirects: 0,
  });
  expect(registration.status()).toBe(400);
  const db = new Database(e2eDatabasePath(), { readonly: true });
  try {
    expect(db.prepare("SELECT COUNT(*) AS n FROM User WHERE username = ?").get(username)).toEqual({ n: 0 });
  } finally {
    db.close();
  }

  // A real account asks for a reset through a filled honeypot: the usual answer, and nothing is sent.
  const owner = uniqueName("owner").replaceAll("-", "_");
  const email = `${owner}@example.pk`;
  expect(
    (await page.request.post("/api/register", { data: { username: owner, email, password: "owner-pass-1" } })).status(),
  ).toBe(201);
  const reset = await page.request.post("/forgot-password", { form: { email, website }, headers, maxRedirects: 0 });
  expect(reset.status()).toBe(302);
  expect(reset.headers().location).toBe("/forgot-password?sent=1");
  expect(await readOutbox(email, { timeout: 500 })).toBeUndefined();

  const newPassword = await page.request.post("/reset-password?token=any-token", {
    form: { token: "any-token", newPassword: "bot-pass-2", confirmPassword: "bot-pass-2", website },
    headers,
    maxRedirects: 0,
  });
  expect(newPassword.status()).toBe(400);
  expect(await newPassword.text()).toContain("The form could not be sent. Please try again.");
});

test("the same forms with the honeypot left empty still work", async ({ page }) => {
  const owner = uniqueName("human").replaceAll("-", "_");
  const email = `${owner}@example.pk`;
  await page.goto("/register");
  await page.locator('input[name="username"]').fill(owner);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("human-pass-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/location-setup");
  await page.context().clearCookies();

  await page.goto("/forgot-password");
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole("button", { name: /send/i }).click();
  await page.waitForURL("**/forgot-password?sent=1");
  expect(await readOutbox(email, { timeout: 5000 })).toBeDefined();
});
