import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// The feed's rankings show the top 10; an officer ranked lower sees their own row under them,
// set apart and marked as theirs, with a link to the full rankings. JavaScript on and off.

test("an officer ranked below the top 10 sees their own row under them, with a link to the full rankings", async ({
  page,
  request,
}) => {
  // Officers who rank ahead of a new one (the same sales, nothing; a name that sorts first), so
  // the new officer is below the top 10 however few officers the database holds.
  for (let i = 0; i < 4; i++) {
    const username = uniqueName("ahead").replaceAll("-", "_");
    const response = await request.post("/api/register", {
      data: { username, email: `${username}@example.pk`, password: "ahead-pass-1", firstName: "Aamir" },
    });
    expect(response.status()).toBe(201);
  }
  const account = await registerThroughForm(page);
  const table = page.getByRole("table");
  const agentRows = table.getByRole("row").filter({ hasText: "@" });
  const own = agentRows.last();
  // Other workers register officers who may sort ahead: the API's position and the page are
  // read again until no one joined between the two reads.
  await expect(async () => {
    const rows = (await (await page.request.get("/api/agents/rankings")).json()) as Array<{ username: string }>;
    const position = rows.findIndex((row) => row.username === account.username) + 1;
    expect(position).toBeGreaterThan(10);
    await page.goto("/");
    expect(await own.getByRole("cell").first().textContent()).toBe(`#${position}`);
  }).toPass();
  await expect(agentRows).toHaveCount(11);
  await expect(table.getByRole("rowheader", { name: "Your position" })).toBeVisible();
  await expect(own).toContainText(`@${account.username}`);
  await expect(own).toContainText("You");
  await expect(own).toHaveAttribute("aria-current", "true");
  await expect(agentRows.nth(9).getByRole("cell").first()).toHaveText("#10");

  await page
    .getByRole("region", { name: "Sales Agent Rankings" })
    .getByRole("link", { name: "See all rankings" })
    .click();
  await expect(page).toHaveURL("/leaderboard");
});

test("an officer in the top 10 is marked in place, with no row of their own below", async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/");
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "@" })).toHaveCount(10);
  await expect(table.getByRole("row").filter({ hasText: "@officer1" })).toHaveAttribute("aria-current", "true");
  await expect(table.getByRole("rowheader", { name: "Your position" })).toHaveCount(0);
});
