import type { APIRequestContext } from "@playwright/test";
import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { newOfficer } from "./support";

// Progress where work happens (decision 84): "Your month" and "Your season" on the officer's home,
// each officer's month at a glance on the manager's day, and achievement beside the rankings.
// Server-rendered blocks: the same with JavaScript on and off.

/** The season of a Karachi day: April to September Kharif, October to March Rabi. */
function seasonOf(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  if (month >= 4 && month <= 9) return `KHARIF-${year}`;
  return `RABI-${month >= 10 ? year : year - 1}`;
}

async function setTargets(
  request: APIRequestContext,
  officerId: number,
  period: string,
  fields: Record<string, string>,
) {
  const answer = await request.post("/targets", {
    form: { intent: "set", officerId: String(officerId), period, ...fields },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(302);
}

test("an officer sees their month and season against their targets, their manager sees them at a glance", async ({
  page,
  request,
  playwright,
}) => {
  const officer = await newOfficer(request);
  const today = karachiDate();
  await signIn(page, "manager");
  await setTargets(page.request, officer.id, today.slice(0, 7), { farmerMeetings: "10", salesAmount: "1000" });
  await setTargets(page.request, officer.id, seasonOf(today), { farmerMeetings: "60" });

  const officerApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect(
    (await officerApi.post("/api/login", { data: { username: officer.username, password: "target-pass-1" } })).status(),
  ).toBe(200);
  for (let i = 0; i < 5; i++) {
    const posted = await officerApi.post("/api/posts", { data: { type: "FARMER_MEETING", text: "Village meeting" } });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  await officerApi.dispose();

  // The manager, still signed in, sees the officer at a glance on their day and beside the rankings.
  await page.goto("/");
  await expect(
    page.getByTestId("team-today").getByLabel(new RegExp(`^Month targets: .*, ${officer.name}$`)),
  ).toBeVisible();
  await page.goto("/leaderboard");
  const achievement = page.getByTestId("achievement");
  await expect(achievement.getByRole("heading", { name: /^Achievement: / })).toBeVisible();
  await expect(achievement.locator(`[data-officer-id="${officer.id}"]`)).toContainText("lowest 0 %");

  await page.context().clearCookies();
  await signIn(page, officer.username, "target-pass-1");
  await page.goto("/");
  const month = page.getByRole("list", { name: "Your month's targets" });
  await expect(page.getByRole("heading", { name: "Your month" })).toBeVisible();
  await expect(month.locator('[data-measure="farmerMeetings"]')).toContainText("50 %");
  await expect(month.locator('[data-measure="farmerMeetings"]')).toContainText("5 of 10");
  await expect(month.locator('[data-measure="salesAmount"]')).toContainText("$0.00 of $1,000.00");
  await expect(month.locator('[data-measure="salesAmount"]')).toContainText(/a day needed|Period ended/);
  const season = page.getByRole("list", { name: "Your season's targets" });
  await expect(season.locator('[data-measure="farmerMeetings"]')).toContainText("5 of 60");
});

test("an officer without targets sees no month and no season on their home", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await page.context().clearCookies();
  await signIn(page, officer.username, "target-pass-1");
  await page.goto("/");
  await expect(page.getByTestId("your-day")).toBeVisible();
  await expect(page.getByTestId("your-targets")).toHaveCount(0);
});
