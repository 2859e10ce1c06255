import { formatCalendarDate } from "~/lib/date-format";
import { countRows, expect, signIn, test, uniqueName } from "../support/fixtures";

// A demo plot's season without JavaScript (decision 96): an officer starts a plot with a Demo Plot
// post on a farmer of their team (typed by phone), records its harvest with another, and the
// plot's page shows the timeline and the yield gain. Bad input answers 400 in place and writes
// nothing. Another team's farmer or plot is the model's and the access matrix's: this level
// shares one team with every other spec.

/** A mobile no other run of the suite has used. */
const uniquePhone = () => `0305${String(Date.now()).slice(-7)}`;
/** A Karachi day `days` from today, YYYY-MM-DD. */
const karachiDay = (days: number) =>
  new Date(Date.now() + 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test("an officer starts a plot and records its harvest through New Post; the plot's page shows its season", async ({
  page,
}) => {
  const name = uniqueName("Plot farmer");
  const phone = uniquePhone();
  await signIn(page, "officer1");
  await page.goto("/farmers/new");
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Tehsil *").fill("Sahiwal");
  await page.getByLabel("District *").fill("Sahiwal");
  await page.getByLabel("Land (acres) *").fill("12");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  const started = uniqueName("Wheat plot laid");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("DEMO_PLOT");
  await page.getByLabel("Description").fill(started);
  await page.getByLabel("This post").selectOption("start");
  await page.getByLabel("Farmer's phone").fill(phone);
  await page.getByLabel("Crop", { exact: true }).selectOption("wheat");
  await page.getByLabel("What the plot shows").selectOption("SSP");
  await page.getByLabel("Plot area (acres)", { exact: true }).fill("500");
  await page.getByLabel("Control plot area (acres)").fill("0.5");
  await page.getByLabel("Sowing date").fill(karachiDay(-20));
  await page.getByLabel("Expected harvest date").fill(karachiDay(100));
  await page.getByLabel("Latitude").fill("30.6");
  await page.getByLabel("Longitude").fill("73.1");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Plot area must be from 0.01 to 100 acres, with at most two decimals")).toBeVisible();
  await expect(page.getByLabel("Farmer's phone")).toHaveValue(phone);
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", started)).toBe(0);

  await page.getByLabel("Plot area (acres)", { exact: true }).fill("1");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM DemoPlot d JOIN Post p ON p.id = d.postId WHERE p.text = ? AND d.stage = 'SOWN'",
      started,
    ),
  ).toBe(1);

  const harvested = uniqueName("Harvest weighed");
  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("DEMO_PLOT");
  await page.getByLabel("Description").fill(harvested);
  await page.getByLabel("This post").selectOption("visit");
  await page
    .getByLabel("Plot", { exact: true })
    .selectOption({ label: `Wheat · ${name} · sown ${formatCalendarDate(karachiDay(-20))}` });
  await page.getByLabel("Stage", { exact: true }).selectOption("HARVEST");
  await page.getByLabel("Visit date").fill(karachiDay(-30));
  await page.getByLabel("Yield at harvest (kg per acre)", { exact: true }).fill("2400");
  await page.getByLabel("Control yield at harvest (kg per acre)").fill("2000");
  await page.getByLabel("The farmer's verdict").fill("Heavier grain");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText(/^Visit date cannot be before the plot was sown/)).toBeVisible();
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", harvested)).toBe(0);

  await page.getByLabel("Visit date").fill(karachiDay(0));
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");

  await page.goto("/plots");
  await page.getByLabel("Stage").selectOption("HARVESTED");
  await page.getByRole("button", { name: "Show" }).click();
  await page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("link", { name: "Wheat · SSP Fertilizer" })
    .click();
  await expect(page.getByRole("heading", { name: "Wheat demo plot · SSP Fertilizer", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByText("20%")).toBeVisible();
  await expect(page.getByText("Heavier grain")).toBeVisible();
  await expect(page.getByText(started)).toBeVisible();
  await expect(page.getByText(harvested)).toBeVisible();
  // The mid-season visit was never recorded: the timeline says so.
  await expect(page.getByText("Not recorded")).toBeVisible();

  // The farmer's page lists the plot with its stage.
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: "Demo plots" })).toBeVisible();
  await expect(page.getByText("· Harvested")).toBeVisible();
});
