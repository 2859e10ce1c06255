import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { reviewScreenshot } from "../support/screenshots";
import { newOfficer } from "./support";

// The review's screenshots of targets at 360 px (written only with SCREENSHOTS_DIR), in Chromium
// with JavaScript off (js-off, @browser) and on (js-on-enhanced, @js): "Your month" on the home,
// the manager's team progress, setting targets (and importing them), the achievement beside the
// rankings and the report.

test(
  "targets at 360 px: the officer's month, the manager's team, setting targets, achievement",
  { tag: ["@browser", "@js"] },
  async ({ page, request, playwright }) => {
    const officer = await newOfficer(request);
    const month = karachiDate().slice(0, 7);
    const js = test.info().project.name.startsWith("js-on") ? "js-on" : "js-off";
    await signIn(page, "manager");
    const set = await page.request.post("/targets", {
      form: {
        intent: "set",
        officerId: String(officer.id),
        period: month,
        sspBags: "40",
        salesAmount: "5000",
        farmerMeetings: "8",
        demoPlots: "2",
      },
      maxRedirects: 0,
    });
    expect(set.status()).toBe(302);
    const own = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect(
      (await own.post("/api/login", { data: { username: officer.username, password: "target-pass-1" } })).status(),
    ).toBe(200);
    for (const type of ["FARMER_MEETING", "FARMER_MEETING", "DEMO_PLOT"])
      expect((await own.post("/api/posts", { data: { type, text: "Field work" } })).status()).toBe(201);
    await own.dispose();

    await page.goto("/");
    await expect(page.getByTestId("team-today")).toBeVisible();
    await reviewScreenshot(page, `targets-managers-day-${js}`, { fullPage: true });
    await page.goto(`/targets?period=${month}`);
    await expect(page.getByRole("heading", { name: "Targets" })).toBeVisible();
    await reviewScreenshot(page, `targets-setting-${js}`, { fullPage: true });
    await page.goto(`/targets/import?period=${month}`);
    await expect(page.getByRole("heading", { name: "Import Targets" })).toBeVisible();
    await reviewScreenshot(page, `targets-import-${js}`, { fullPage: true });
    await page.goto("/leaderboard");
    await expect(page.getByTestId("achievement")).toBeVisible();
    await reviewScreenshot(page, `targets-achievement-${js}`, { fullPage: true });
    await page.goto("/reports?view=targets&measure=farmerMeetings");
    await expect(page.getByRole("heading", { name: "Farmer meetings: % of target" })).toBeVisible();
    await reviewScreenshot(page, `targets-report-${js}`, { fullPage: true });

    await page.context().clearCookies();
    await signIn(page, officer.username, "target-pass-1");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your month" })).toBeVisible();
    await page.getByTestId("your-targets").first().scrollIntoViewIfNeeded();
    await reviewScreenshot(page, `targets-your-month-${js}`);
  },
);
