import type { APIRequestContext } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { karachiDate } from "../support/days";

// The manager's day above the feed (decision 44): their officers, who has not posted today and
// who has, each with a link to their day. A server-rendered block: the same with JavaScript on
// (Chromium) and off (the request handler).

async function signInApi(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

/**
 * A new officer in the test server's one team (led by `manager`), who has posted nothing, with a
 * name of their own unless `name` is given (a namesake).
 */
async function quietOfficer(
  request: APIRequestContext,
  name = uniqueName("Quiet").replaceAll("-", ""),
): Promise<{ id: number; name: string; username: string }> {
  const username = uniqueName("quiet").replaceAll("-", "");
  const registered = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "quiet-pass-1", firstName: name },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  await signInApi(request, "admin");
  const [team] = (await (await request.get("/api/teams")).json()) as Array<{ id: number }>;
  const joined = await request.put(`/api/teams/${team!.id}/members`, { data: { userId: id, member: true } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { id, name, username };
}

test("a manager's home shows who of their people has not posted today, who has, and a link to each one's day", async ({
  page,
  request,
}) => {
  const quiet = await quietOfficer(request);
  await signInApi(request, "officer6");
  expect(
    (await request.post("/api/posts", { data: { type: "FIELD_VISIT", text: "Out in the fields" } })).status(),
  ).toBe(201);
  const posted = (await (await request.get("/api/user")).json()) as { id: number; firstName: string; lastName: string };
  const postedName = `${posted.firstName} ${posted.lastName}`;

  await signIn(page, "manager");
  // The manager plans the quiet officer's day: two dealers, neither visited yet.
  const dealers = (await (await page.request.get("/api/dealers?limit=2")).json()) as Array<{ id: number }>;
  const planned = await page.request.put(`/api/plans/${karachiDate()}?user=${quiet.id}`, {
    data: { dealerIds: dealers.map((dealer) => dealer.id) },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  await page.goto("/");
  const today = page.getByTestId("team-today");
  await expect(today.getByRole("heading", { name: "Your people today" })).toBeVisible();
  await expect(today.getByTestId("team-posted")).toHaveText(/^\d+ of \d+ posted$/);
  const waiting = today.getByRole("list", { name: "Not posted yet" });
  const done = today.getByRole("list", { name: "Posted today" });
  await expect(waiting.getByText(quiet.name)).toBeVisible();
  await expect(done.getByText(quiet.name)).toHaveCount(0);
  await expect(done.getByText(postedName)).toBeVisible();
  await expect(done.locator(`[data-officer-id="${posted.id}"]`)).toContainText(
    /\d+ posts?, last at \d{1,2}:\d{2} [AP]M/,
  );

  // Today's plan against what is done, a link to the plan.
  const plan = waiting.getByRole("link", { name: `Plan: 0 of 2 done, ${quiet.name}` });
  await expect(plan).toHaveAttribute("href", `/plan?user=${quiet.id}`);

  // Each officer's day: their route and posts today on the map.
  const day = today.getByRole("link", { name: `Day of ${quiet.name}` });
  await expect(day).toHaveAttribute("href", `/dealer-map?agent=${quiet.id}&date=${karachiDate()}`);
  await day.click();
  await expect(page).toHaveURL(new RegExp(`/dealer-map\\?agent=${quiet.id}&date=`));
  await expect(page.getByRole("heading", { name: "Dealer Locations" })).toBeVisible();
  await page.goto("/");
  await plan.click();
  await expect(page).toHaveURL(new RegExp(`/plan\\?user=${quiet.id}$`));
  await expect(page.getByRole("heading", { name: "Visit plan" })).toBeVisible();
});

test("officers with the same name are told apart by their usernames, each with a link to their own day", async ({
  page,
  request,
}) => {
  const first = await quietOfficer(request);
  const namesake = await quietOfficer(request, first.name);
  await signIn(page, "manager");
  await page.goto("/");
  const waiting = page.getByTestId("team-today").getByRole("list", { name: "Not posted yet" });
  for (const officer of [first, namesake]) {
    const label = `${officer.name} (@${officer.username})`;
    await expect(waiting.getByText(label, { exact: true })).toBeVisible();
    await expect(waiting.getByRole("link", { name: `Day of ${label}`, exact: true })).toHaveAttribute(
      "href",
      `/dealer-map?agent=${officer.id}&date=${karachiDate()}`,
    );
  }
});

test("an officer's home has no manager's day", async ({ page }) => {
  await signIn(page, "officer1");
  await page.goto("/");
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
  await expect(page.getByTestId("team-today")).toHaveCount(0);
});

test("an admin's home has the manager's day, for one team with the team filter", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/");
  await expect(page.getByTestId("team-today").getByRole("heading", { name: "Your people today" })).toBeVisible();
  const [team] = (await (await page.request.get("/api/teams")).json()) as Array<{ id: number }>;
  await page.goto(`/?team=${team!.id}`);
  const link = page
    .getByTestId("team-today")
    .getByRole("link", { name: /^Day of / })
    .first();
  await expect(link).toHaveAttribute("href", new RegExp(`&team=${team!.id}$`));
});
