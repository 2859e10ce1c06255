import type { Page } from "@playwright/test";
import { expect, readInUrdu, signIn, test } from "../support/fixtures";

// The shell, the sign-in flows and the profile in Urdu (issue 51), with JavaScript off: each page
// is right to left, its heading in Urdu, with no message key left raw and none of its English words.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

/** A page's HTML without its scripts: the words and attributes it shows, not the data it hydrates with. */
async function shownHtml(page: Page, url: string): Promise<string> {
  const html = (await (await page.goto(url))?.text()) ?? "";
  return html.replace(/<script[\s\S]*?<\/script>/g, "");
}

/** Opens `url` and checks it is an Urdu page whose first heading is `heading`, without `english`. */
async function expectUrduPage(page: Page, url: string, heading: string, english: string[]): Promise<void> {
  const html = await shownHtml(page, url);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  expect(html, url).not.toMatch(RAW_KEY);
  for (const words of english) expect(html, `${url}: ${words}`).not.toContain(words);
}

test("signed out: sign-up, password and setup pages, offline, Lite mode and a missing page in Urdu", async ({
  page,
}) => {
  await readInUrdu(page);
  await expectUrduPage(page, "/register", "اکاؤنٹ بنائیں", ["Create Account", "Join your team", "Username"]);
  await expectUrduPage(page, "/forgot-password", "پاس ورڈ بھول گئے", ["Forgot Password", "Send Reset Link"]);
  await expectUrduPage(page, "/forgot-password?sent=1", "اپنا ای میل دیکھیں", ["Check Your Email", "Back to Login"]);
  await expectUrduPage(page, "/reset-password", "ری سیٹ لنک درست نہیں", ["Invalid Reset Link", "Request New"]);
  await expectUrduPage(page, "/reset-password?token=abc", "پاس ورڈ ری سیٹ کریں", ["New password", "Confirm password"]);
  await expectUrduPage(page, "/reset-password?status=done", "پاس ورڈ بدل گیا", ["Continue to Login"]);
  await expectUrduPage(page, "/location-setup", "مقامات درج کریں", ["Location Setup", "Start over"]);
  await expectUrduPage(page, "/offline", "آپ آف لائن ہیں", ["You are offline", "Try again", "Open the feed"]);
  await expectUrduPage(page, "/lite-mode", "لائٹ موڈ", ["Lite mode: off", "Turn on"]);
  await expectUrduPage(page, "/login", "سائن اِن", ["Slow phone?", "Use Lite mode"]);
  await expectUrduPage(page, "/no-such-page", "404 صفحہ نہیں ملا", ["Page Not Found", "Go to the feed"]);
});

test("signed in: the shell, the profile and its forms, notifications and location setup in Urdu", async ({ page }) => {
  await signIn(page, "officer5");
  await readInUrdu(page);
  const shell = ["Edit Profile", "Sign Out", "Account menu", ">Rankings<", ">Dealers<"];
  await page.goto("/profile");
  await expect(page.getByRole("navigation", { name: "مرکزی" }).getByRole("link", { name: "ڈیلرز" })).toBeVisible();
  const profileWords = ["Performance", "Settings", "Choose Avatar", "Not set", "Stats period"];
  for (const url of ["/profile", "/profile?stats=week"]) {
    const html = await shownHtml(page, url);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 2, name: "ترتیبات" })).toBeVisible();
    expect(html).not.toMatch(RAW_KEY);
    for (const words of [...shell, ...profileWords]) expect(html, `${url}: ${words}`).not.toContain(words);
  }
  for (const [url, heading] of [
    ["/profile?editProfile=true", "پروفائل میں ترمیم کریں"],
    ["/profile?updateLocations=true", "مقامات اپ ڈیٹ کریں"],
    ["/profile?chooseAvatar=true", "اوتار چنیں"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    expect(await page.locator("body").textContent()).not.toMatch(/Save|Cancel|Home address|First name/);
  }
  await expectUrduPage(page, "/notifications", "اطلاعات", [...shell, "Mark all read", "No notifications yet"]);
  await expectUrduPage(page, "/location-setup", "مقامات درج کریں", [...shell, "Home Location", "Skip for now"]);
  await expectUrduPage(page, "/profile/tokens", "API ٹوکن", [...shell, "New token", "Token name", "Create token"]);
});

test("a manager's team page and an officer refused it, in Urdu", async ({ page, browser }) => {
  await signIn(page, "manager");
  await readInUrdu(page);
  await expectUrduPage(page, "/team", "ٹیم ایڈمن", ["Team Admin", "Your people", "Targets<"]);

  const officer = await (await browser.newContext()).newPage();
  await signIn(officer, "officer2");
  await readInUrdu(officer);
  await expectUrduPage(officer, "/team", "رسائی نہیں", ["Access Denied", "permission", "Go to the feed"]);
});

test("the rules' refusals in Urdu: a wrong sign-in, a sign-up's fields and pages refused; /api keeps its English", async ({
  page,
  browser,
}) => {
  await readInUrdu(page);
  const username = `urdu-nobody-${Date.now()}`;
  const login = await page.request.post("/login", { form: { username, password: "not-the-password" } });
  expect(login.status()).toBe(400);
  const loginHtml = await login.text();
  expect(loginHtml).toContain("یوزر نیم یا پاس ورڈ درست نہیں");
  expect(loginHtml).not.toContain("Invalid username or password");

  const register = await page.request.post("/register", { form: { username: "a b", email: "", password: "123" } });
  expect(register.status()).toBe(400);
  const registerHtml = await register.text();
  for (const urdu of ["یوزر نیم 3 سے 32", "ای میل درج کریں", "پاس ورڈ کم از کم 6 حروف کا ہو"])
    expect(registerHtml).toContain(urdu);
  expect(registerHtml).not.toMatch(RAW_KEY);
  expect(registerHtml).not.toMatch(/Username must be|Email is required|Password must be/);

  // /api answers its callers in English, whatever the phone reads.
  const api = await page.request.post("/api/login", { data: { username, password: "not-the-password" } });
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({ error: "Invalid username or password", requestId: expect.any(String) });

  const officer = await (await browser.newContext()).newPage();
  await signIn(officer, "officer5");
  await readInUrdu(officer);
  for (const [url, refusal] of [
    ["/admin", "آپ کو ایڈمن ڈیش بورڈ دیکھنے کی اجازت نہیں۔"],
    ["/admin/service-accounts", "آپ کو سروس اکاؤنٹس دیکھنے کی اجازت نہیں۔"],
    ["/farmers/import", "آپ کو اس صفحے کی اجازت نہیں۔"],
  ] as const) {
    const response = await officer.goto(url);
    expect(response?.status(), url).toBe(403);
    const html = (await response?.text()) ?? "";
    expect(html, url).toContain(refusal);
    expect(html, url).not.toContain("permission");
  }
  // Location setup's checks: a place to find without an address, a latitude out of range.
  const unplaced = await officer.request.post("/location-setup", { form: { locate: "address" } });
  expect(unplaced.status()).toBe(400);
  expect(await unplaced.text()).toContain("مقام کے لیے پتہ لکھیں، یا عرض بلد اور طول بلد لکھیں۔");
  const outOfRange = await officer.request.post("/location-setup", { form: { homeLat: "123", homeLng: "74.3" } });
  expect(outOfRange.status()).toBe(400);
  expect(await outOfRange.text()).toContain("عرض بلد -90 اور 90 کے درمیان ہو");

  const refusedApi = await officer.request.get("/api/admin/dashboard");
  expect(refusedApi.status()).toBe(403);
  expect(await refusedApi.json()).toEqual({
    error: "You don't have permission to access this page.",
    requestId: expect.any(String),
  });
});
