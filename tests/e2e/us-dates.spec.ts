import { expect, signIn, test } from "./support/fixtures";

// Dates show in US English ("Nov 2, 2026"), never as ISO text, with JavaScript on and off.

const US_DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

test("the map's route heading names another day in US English", async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/dealer-map?f=1&routes=on&date=2026-11-02");
  await expect(page.getByRole("heading", { name: "Agent Routes · Nov 2, 2026" })).toBeVisible();
  await expect(page.getByText("2026-11-02", { exact: false })).toHaveCount(0);
});

test("the leaderboard's last update shows its full date and time in US English", async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/leaderboard");
  const time = page.getByTestId("last-updated").locator("time");
  await expect(time).toHaveAttribute("title", US_DATE_TIME);
});
