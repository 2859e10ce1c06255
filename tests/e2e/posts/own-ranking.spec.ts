import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// The home's rankings show the top 3 and the officer's own row, so the posts start on the first
// screen; "See all" opens the full table (`/?rankings=all`). JavaScript on and off.

type RankingRow = { username: string };
/** Rows a page of the full table. */
const FULL_PAGE = 100;

test("an officer ranked below the top 3 sees their own row under them, and See all opens the full table", async ({
  page,
  request,
}) => {
  // Officers who rank ahead of a new one (the same sales, nothing; a name that sorts first), so
  // the new officer is below the top 3 however few officers the database holds.
  for (let i = 0; i < 4; i++) {
    const username = uniqueName("ahead").replaceAll("-", "_");
    const response = await request.post("/api/register", {
      data: { username, email: `${username}@example.pk`, password: "ahead-pass-1", firstName: "Aamir" },
    });
    expect(response.status()).toBe(201);
  }
  const account = await registerThroughForm(page);
  const rankings = page.getByRole("region", { name: "Sales Agent Rankings" });
  const agentRows = rankings.getByRole("row").filter({ hasText: "@" });
  const own = agentRows.last();
  // Other workers register officers who may sort ahead: the API's position and the page are
  // read again until no one joined between the two reads.
  await expect(async () => {
    const rows = (await (await page.request.get("/api/agents/rankings")).json()) as RankingRow[];
    const position = rows.findIndex((row) => row.username === account.username) + 1;
    expect(position).toBeGreaterThan(3);
    await page.goto("/");
    expect(await own.getByRole("cell").first().textContent()).toBe(`#${position}`);
  }).toPass();
  await expect(agentRows).toHaveCount(4);
  await expect(agentRows.nth(2).getByRole("cell").first()).toHaveText(/^#3/);
  await expect(rankings.getByRole("rowheader", { name: "Your position" })).toBeVisible();
  await expect(own).toContainText(`@${account.username}`);
  await expect(own).toContainText("You");
  await expect(own).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();

  await rankings.getByRole("link", { name: "See all" }).click();
  await expect(page).toHaveURL("/?rankings=all");
  // The full table keeps the spec's title and columns, every officer in it (a hundred a page: the
  // database the tests share may hold more), the officer marked in place on the page of their position.
  await expect(page.getByRole("heading", { name: "Sales Agent Rankings" })).toBeVisible();
  await expect(async () => {
    const rows = (await (await page.request.get("/api/agents/rankings")).json()) as RankingRow[];
    const pageOfOwn = Math.ceil((rows.findIndex((row) => row.username === account.username) + 1) / FULL_PAGE);
    await page.goto(pageOfOwn === 1 ? "/?rankings=all" : `/?rankings=all&page=${pageOfOwn}`);
    await expect(agentRows).toHaveCount(Math.min(FULL_PAGE, rows.length - (pageOfOwn - 1) * FULL_PAGE));
    await expect(agentRows.filter({ hasText: `@${account.username}` })).toHaveAttribute("aria-current", "true");
  }).toPass();
  await expect(rankings.getByRole("rowheader", { name: "Your position" })).toHaveCount(0);
  await expect(rankings.getByRole("link", { name: "See all" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Posts" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the feed" }).click();
  await expect(page).toHaveURL("/");
});

test("the officer at the top is marked in place, with no row of their own below", async ({ page }) => {
  await signIn(page, "officer1");
  const rows = (await (await page.request.get("/api/agents/rankings")).json()) as RankingRow[];
  // The seeded officers sell; officers the tests register do not, so the first is a seeded one.
  const first = rows[0]?.username ?? "officer1";
  await page.context().clearCookies();
  await signIn(page, first);
  await page.goto("/");
  const rankings = page.getByRole("region", { name: "Sales Agent Rankings" });
  await expect(rankings.getByRole("row").filter({ hasText: "@" })).toHaveCount(3);
  await expect(rankings.getByRole("row").filter({ hasText: `@${first}` })).toHaveAttribute("aria-current", "true");
  await expect(rankings.getByRole("rowheader", { name: "Your position" })).toHaveCount(0);
});
