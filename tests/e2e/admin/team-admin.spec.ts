import { expect, signIn, test, uniqueName, waitingAccount } from "../support/fixtures";

// The manager's team administration (issue 45, item 10): the accounts waiting, invite links and the
// people of the teams they lead are on /team; /admin and every /api/admin/* stay the admin's (403
// for a manager, as the spec's permission table says). The e2e database has one team, led by
// `manager`, so an approval there has nothing to choose.

const NO_PERMISSION = "You don't have permission to access this page.";
const TEAM_REQUIRED = "Choose the team this officer joins";

test("a manager is refused /admin (403) and finds their team's administration on /team through the menu", async ({
  page,
}) => {
  await signIn(page, "manager");
  const admin = await page.goto("/admin");
  expect(admin?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: NO_PERMISSION })).toBeVisible();

  await page.goto("/");
  await page.getByLabel("Account menu").click();
  await expect(page.getByRole("link", { name: "Team Admin" })).toHaveAttribute("href", "/team");
  const team = await page.goto("/team");
  expect(team?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Team Admin", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Waiting for approval/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invite link" })).toBeVisible();
  await expect(page.getByText("Sales this month")).toHaveCount(0);
  await expect(page.getByText("Who may join")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Reset Password/ })).toHaveCount(0);
  // Their people, found by name: the database the tests share holds more than one page of them.
  await page.goto("/team?query=officer1");
  await expect(page.locator('[data-testid="user-row"][data-username="officer1"]')).toHaveCount(1);
});

test("officers are refused /team; signed out it asks to sign in", async ({ page }) => {
  await page.goto("/team");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteam$/);
  await signIn(page, "officer2");
  expect((await page.goto("/team"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("a manager who leads one team approves with that team already chosen, and lands back on the approvals", async ({
  page,
}) => {
  const account = waitingAccount(`wait_${uniqueName("t").replaceAll("-", "_")}`);
  await signIn(page, "manager");
  await page.goto("/team");
  const item = page.getByTestId("pending-account").filter({ hasText: `@${account.username}` });
  await expect(item.getByLabel("Team")).not.toHaveValue("");
  await item.getByRole("button", { name: `Approve ${account.username}` }).click();
  await expect(page).toHaveURL(/\/team(#pending)?$/);
  await expect(page.getByText("Account approved")).toBeVisible();
  await expect(page.getByTestId("pending-account").filter({ hasText: `@${account.username}` })).toHaveCount(0);
});

test("with one team in the company, the admin's approval has it chosen too", async ({ page }) => {
  const account = waitingAccount(`wait_${uniqueName("t").replaceAll("-", "_")}`);
  await signIn(page, "admin");
  await page.goto("/admin");
  const item = page.getByTestId("pending-account").filter({ hasText: `@${account.username}` });
  await expect(item.getByLabel("Team")).not.toHaveValue("");
  await item.getByRole("button", { name: `Refuse ${account.username}` }).click();
  await expect(page.getByText("Account refused")).toBeVisible();
});

test("an approval without a team is answered beside the account, and a panel's post returns to its panel", async ({
  page,
}) => {
  const account = waitingAccount(`wait_${uniqueName("t").replaceAll("-", "_")}`);
  await signIn(page, "manager");
  await page.goto("/team");
  const form = { intent: "approve", userId: String(account.id), teamId: "" };
  const headers = { Origin: new URL(page.url()).origin };
  const refused = await page.request.post("/team", { form, headers, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  const html = await refused.text();
  // The account's item, up to its end: the refusal is said there, beside the account.
  const item = html.slice(html.indexOf(account.username));
  expect(item.slice(0, item.indexOf("</li>"))).toContain(TEAM_REQUIRED);

  // Without JavaScript the page comes back at the panel the form was in, not at its top.
  const refusedAccount = await page.request.post("/team", {
    form: { intent: "refuse", userId: String(account.id) },
    headers,
    maxRedirects: 0,
  });
  expect([refusedAccount.status(), refusedAccount.headers().location]).toEqual([302, "/team#pending"]);
});
