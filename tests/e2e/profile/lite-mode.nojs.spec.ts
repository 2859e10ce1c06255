import type { BrowserContext, Page, Response } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { registerOfficer } from "../support/flows";
import { LITE_CHOICE_INVALID } from "~/models/lite-mode.schema";
import { english } from "../../support/english";

// Lite mode (decision 51), with JavaScript off: the profile's switch both ways, the sign-in page's,
// the device's `fl_lite` cookie remembered across pages, `Save-Data: on` and the one-tap way back.
// A Lite page carries no script at all; the browser's own test is lite-mode.js.spec.ts.

const LINE = "Lite mode: no maps, offline queue or instant likes.";
const YEAR_S = 365 * 24 * 60 * 60;

async function liteCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "fl_lite");
}

/** The page as it came over the wire, and whether it carries any script. */
async function expectLite(response: Response | null, lite: boolean): Promise<void> {
  const html = await response!.text();
  if (lite) {
    expect(html).not.toContain("<script");
    expect(html).not.toContain("modulepreload");
    expect(html).toContain("data-lite");
  } else {
    expect(html).toContain("<script");
    expect(html).not.toContain("data-lite");
  }
  expect(response!.headers()["vary"]).toMatch(/Save-Data/);
}

/** `page` again, as the browser would open it now (to read its HTML). */
const reopen = (page: Page) => page.goto(page.url());

test("the profile turns Lite mode on for this phone, remembered on every page, and off again", async ({
  page,
  context,
}) => {
  await registerOfficer(page.request);
  await page.goto("/profile");
  await expect(page.getByText("Lite mode: off")).toBeVisible();
  await expect(page.getByTestId("lite-mode-line")).toHaveCount(0);

  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Lite mode on")).toBeVisible();
  await expect(page.getByText("Lite mode: on")).toBeVisible();
  await expect(page.getByTestId("lite-mode-line")).toHaveText(LINE);
  const cookie = await liteCookie(context);
  expect(cookie).toMatchObject({ value: "on", path: "/", httpOnly: true, sameSite: "Lax" });
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(YEAR_S - 60);
  await expectLite(await reopen(page), true);

  // Remembered on the next pages, whatever they are.
  for (const path of ["/", "/dealers", "/new-post", "/leaderboard"]) {
    const response = await page.goto(path);
    await expect(page.getByTestId("lite-mode-line"), path).toBeVisible();
    await expectLite(response, true);
  }

  await page.goto("/profile");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Full app on")).toBeVisible();
  await expect(page.getByText("Lite mode: off")).toBeVisible();
  await expect(page.getByTestId("lite-mode-line")).toHaveCount(0);
  expect((await liteCookie(context))?.value).toBe("off");
  await expectLite(await page.goto("/"), false);
});

test("the sign-in page turns Lite mode on before signing in, and the app stays Lite after", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fdealers");
  await page.getByRole("button", { name: "Use Lite mode" }).click();
  // Back on the same sign-in page, now Lite: the line says so, the offer is gone.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdealers$/);
  await expect(page.getByTestId("lite-mode-line")).toHaveText(LINE);
  await expect(page.getByRole("button", { name: "Use Lite mode" })).toHaveCount(0);
  await expectLite(await reopen(page), true);

  await page.locator('input[name="username"]').fill("officer3");
  await page.locator('input[name="password"]').fill("fieldline");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dealers$/);
  await expect(page.getByTestId("lite-mode-line")).toBeVisible();
  await expectLite(await reopen(page), true);
});

test("Save-Data: on gives Lite mode without a choice, and the way back beats it on this phone", async ({
  browser,
  clientAddress,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress, "Save-Data": "on" },
  });
  const page = await context.newPage();
  await registerOfficer(page.request);
  const response = await page.goto("/dealers?query=lahore");
  await expect(page.getByTestId("lite-mode-line")).toHaveText(LINE);
  await expectLite(response, true);
  expect(await liteCookie(context)).toBeUndefined();

  // One tap: the full app, on the same page, although the browser still asks to save data.
  await page.getByRole("button", { name: "Full app" }).click();
  await expect(page).toHaveURL(/\/dealers\?query=lahore$/);
  await expect(page.getByText("Full app on")).toBeVisible();
  await expect(page.getByTestId("lite-mode-line")).toHaveCount(0);
  expect((await liteCookie(context))?.value).toBe("off");
  await expectLite(await reopen(page), false);
  await expectLite(await page.goto("/profile"), false);
  await expect(page.getByText("Lite mode: off")).toBeVisible();
});

test("the sign-in page shows the Lite line with Save-Data, and Full app is the way back there too", async ({
  browser,
  clientAddress,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress, "Save-Data": "on" },
  });
  const page = await context.newPage();
  await expectLite(await page.goto("/login"), true);
  await expect(page.getByRole("button", { name: "Use Lite mode" })).toHaveCount(0);
  await page.getByRole("button", { name: "Full app" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Use Lite mode" })).toBeVisible();
  await expectLite(await reopen(page), false);
});

test("a choice other than on or off is refused with its message (400), and nothing is remembered", async ({
  page,
  context,
}) => {
  for (const form of [{ lite: "maybe" }, { lite: "" }, { choice: "on" }] as Array<Record<string, string>>) {
    const refused = await page.request.post("/lite-mode?redirectTo=%2F", { form, maxRedirects: 0 });
    expect(refused.status(), JSON.stringify(form)).toBe(400);
    expect(await refused.text()).toContain(english(LITE_CHOICE_INVALID));
    expect(refused.headers()["set-cookie"] ?? "").not.toContain("fl_lite");
  }
  expect(await liteCookie(context)).toBeUndefined();

  // The page of its own answers the same way, and its switch works from there.
  await page.goto("/lite-mode");
  await expect(page.getByRole("heading", { name: "Lite mode" })).toBeVisible();
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(/\/lite-mode$/);
  await expect(page.getByText("Lite mode: on")).toBeVisible();
  // Somewhere else than this site is not a way back: the switch's own page is.
  const elsewhere = await page.request.post(`/lite-mode?redirectTo=${encodeURIComponent("//evil.example")}`, {
    form: { lite: "off" },
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(302);
  expect(elsewhere.headers()["location"]).toBe("/lite-mode");
});
