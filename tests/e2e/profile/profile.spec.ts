import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { e2eDatabasePath, expect, test, uniqueName } from "../support/fixtures";

// The profile (issue 6), with JavaScript on and off: the stats tabs, the avatar picker, and the
// edit-profile and update-locations dialogs. Each test uses an officer of its own.

async function newOfficer(page: Page): Promise<{ id: number; username: string }> {
  const username = uniqueName("prof").replaceAll("-", "_");
  const response = await page.request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "field-pass-1", firstName: "Nadia", lastName: "Shah" },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

function anyDealerId(): number {
  const db = new Database(e2eDatabasePath(), { readonly: true });
  try {
    return (db.prepare("SELECT id FROM Dealer ORDER BY id LIMIT 1").get() as { id: number }).id;
  } finally {
    db.close();
  }
}

async function expectFigures(page: Page, figures: Record<string, string>) {
  const stats = page.getByTestId("profile-stats");
  for (const [stat, value] of Object.entries(figures)) {
    await expect(stats.locator(`[data-stat="${stat}"]`)).toHaveText(value);
  }
}

test("the stats tabs show the officer's own posts, visits, sales and recovery", async ({ page }) => {
  await newOfficer(page);
  // Two posts with a place and a check-in of its own: three visits, 0.01 degree of latitude apart
  // (2.2 km there and back: made within a minute, a longer leg would not count as a drive). Only two
  // posts, so the feed specs running alongside still find theirs among the newest.
  const posts = [
    { type: "SALE", saleProduct: "SSP", saleQty: "10", salePrice: "25.50", lat: "31", lng: "74", address: "Lahore" },
    {
      type: "RECOVERY",
      recoveryAmount: "100.25",
      dealerId: anyDealerId(),
      lat: "31.01",
      lng: "74",
      address: "Lahore Cantt",
    },
  ];
  for (const data of posts) {
    const response = await page.request.post("/api/posts", { data });
    expect(response.status(), JSON.stringify(await response.json())).toBe(201);
  }
  expect(
    (await page.request.post("/api/checkins", { data: { type: "CHECK_IN", lat: "31", lng: "74" } })).status(),
  ).toBe(201);

  await page.goto("/profile");
  await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  const figures = { posts: "2", visits: "3", sales: "$255.00", recovery: "$100.25", distance: "2.2 km", dealers: "0" };
  await expectFigures(page, figures);
  for (const tab of ["Week", "Month", "All"]) {
    await page.getByRole("navigation", { name: "Stats period" }).getByRole("link", { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`stats=${tab.toLowerCase()}$`));
    await expect(page.getByTestId("profile-stats")).toHaveAttribute("data-period", tab.toLowerCase());
    await expectFigures(page, figures);
  }

  const stats = await (await page.request.get("/api/me/stats")).json();
  for (const period of ["today", "week", "month", "all"]) {
    expect(stats[period]).toMatchObject({
      posts: 2,
      visits: 3,
      sales: "255.00",
      recovery: "100.25",
      distance: "2.2",
      dealers: 0,
    });
  }
  // The score and rank of the last calculation (other tests may have recalculated since the posts).
  await expect(page.getByTestId("profile-score")).toHaveText(/^Score (No data|\d+\.\d{2}) · (Not ranked|Rank #\d+)$/);
});

test(
  "choosing an avatar: five defaults in a grid of five, Save, and the new avatar",
  { tag: ["@browser", "@js"] },
  async ({ page, javaScriptEnabled }) => {
    await newOfficer(page);
    await page.goto("/profile");
    await page.getByRole("link", { name: "Choose Avatar" }).click();
    await expect(page).toHaveURL(/\/profile\?chooseAvatar=true$/);
    const grid = page.getByTestId("avatar-grid");
    await expect(grid.getByRole("radio")).toHaveCount(5);
    expect(await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length)).toBe(5);
    await expect(grid.getByRole("radio", { name: "Default Avatar 1" })).toBeChecked();
    const save = page.getByRole("button", { name: "Save" });
    if (javaScriptEnabled) await expect(save).toBeDisabled();

    await grid.getByText("Executive").click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText("Avatar Updated")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("link", { name: "Avatar: Executive. Change avatar" })).toBeVisible();
    expect((await (await page.request.get("/api/me")).json()).selectedAvatar).toBe("DEFAULT_3");

    // A badge cannot be chosen, not even by a hand-made form.
    const refused = await page.request.post("/profile", {
      form: { intent: "choose-avatar", selectedAvatar: "CROWN" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect((await (await page.request.get("/api/me")).json()).selectedAvatar).toBe("DEFAULT_3");
  },
);

test("editing the profile and the locations from the settings list", async ({ page }) => {
  await newOfficer(page);
  await page.goto("/profile");
  // Each action is offered once, in the settings list; the map's location setup is one of them.
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Update Locations" })).toHaveCount(1);
  await expect(
    page.getByRole("region", { name: "Settings" }).getByRole("link", { name: "Set Locations on the Map" }),
  ).toHaveAttribute("href", "/location-setup");
  await page.getByRole("region", { name: "Settings" }).getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/\/profile\?editProfile=true$/);
  await page.getByLabel("Last name").fill("Qureshi");
  await page.getByLabel("Phone").fill("+92 300 1112223");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: /Nadia Qureshi/ })).toBeVisible();

  await page.getByRole("region", { name: "Settings" }).getByRole("link", { name: "Update Locations" }).click();
  await expect(page).toHaveURL(/\/profile\?updateLocations=true$/);
  await expect(page.getByLabel("First name")).toHaveCount(0);
  await page.getByLabel("Home address").fill("House 9, Peoples Colony, Gujranwala");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Locations Updated")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("House 9, Peoples Colony, Gujranwala")).toBeVisible();
});

test("a form the page does not have (an unknown intent) answers 400 and changes nothing", async ({ page }) => {
  await newOfficer(page);
  for (const intent of ["delete-account", ""]) {
    const refused = await page.request.post("/profile", {
      form: { intent, firstName: "Changed", lastName: "Name" },
      maxRedirects: 0,
    });
    expect(refused.status(), intent).toBe(400);
    expect(await refused.text(), intent).toContain("Unknown action");
  }
  expect((await (await page.request.get("/api/me")).json()).firstName).toBe("Nadia");
});
