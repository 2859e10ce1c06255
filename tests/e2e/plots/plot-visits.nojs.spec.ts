import { expect, signIn, test } from "../support/fixtures";
import { PASSWORD, teamOfficerWithDealers } from "../plans/support";
import { registerThroughApi } from "../support/flows";
import { openFilters } from "../map/support";
import { demoPlot } from "./support";

// The demo plots' visits that fall due (decision 97), without JavaScript: on the officer's plan
// and home, the overdue ones on the manager's day, and the plots by stage under the dealer map.

test("the officer's plan lists their plot visits due, overdue ones marked, each linking to the plot and to recording the visit", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, []);
  const dueToday = demoPlot({ officerId: officer.id, midDueIn: 0, harvestDueIn: 90, crop: "cotton" });
  const overdue = demoPlot({ officerId: officer.id, stage: "MID_SEASON", midDueIn: -40, harvestDueIn: -7 });
  const notYet = demoPlot({ officerId: officer.id, midDueIn: 1, harvestDueIn: 90 });
  const harvested = demoPlot({ officerId: officer.id, stage: "HARVESTED", midDueIn: -60, harvestDueIn: -20 });
  // Another officer's plot, due today: not on this officer's plan.
  const other = await registerThroughApi(request, "Other");
  const others = demoPlot({ officerId: other.id, midDueIn: 0, harvestDueIn: 9 });

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/");
  const count = page.getByRole("region", { name: "2 plot visits due" });
  await expect(count.getByText("1 overdue")).toBeVisible();
  // The manager's day's block is not an officer's.
  await expect(page.getByRole("region", { name: "Overdue plot visits" })).toHaveCount(0);
  await count.getByRole("link", { name: "See them on your plan" }).click();

  const list = page.getByRole("list", { name: "Plot visits due" }).locator(":scope > li");
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText(`Harvest · ${overdue.farmerName}`);
  await expect(list.nth(0)).toContainText("7 days past due · Overdue");
  await expect(list.nth(1)).toContainText(`Mid-season visit · ${dueToday.farmerName}`);
  await expect(list.nth(1)).toContainText("Cotton");
  await expect(list.nth(1)).not.toContainText("Overdue");
  await expect(page.getByRole("link", { name: `Open plot: Harvest, ${overdue.farmerName}` })).toHaveAttribute(
    "href",
    `/plots/${overdue.id}`,
  );
  await expect(page.getByRole("link", { name: `Record visit: Harvest, ${overdue.farmerName}` })).toHaveAttribute(
    "href",
    `/new-post?type=DEMO_PLOT&plot=${overdue.id}&stage=HARVEST`,
  );
  for (const plot of [notYet, harvested, others]) await expect(page.getByText(plot.farmerName)).toHaveCount(0);
  // Record visit opens New Post as that visit: the plot and the stage already chosen.
  const plan = page.url();
  await page.getByRole("link", { name: `Record visit: Harvest, ${overdue.farmerName}` }).click();
  await expect(page.getByLabel("This post")).toHaveValue("visit");
  await expect(page.getByLabel("Plot", { exact: true })).toHaveValue(String(overdue.id));
  await expect(page.getByLabel("Stage")).toHaveValue("HARVEST");
  await page.goto(plan);

  // Tomorrow's plan lists the visit falling due then, with nothing to record yet.
  await page.getByRole("link", { name: "Next day" }).click();
  await expect(list).toHaveCount(3);
  await expect(page.getByText(`Mid-season visit · ${notYet.farmerName}`)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Record visit/ })).toHaveCount(0);
});

test("the manager's day lists their officers' plot visits 7 days past due and more, each linking to the plot", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, []);
  // Long overdue, so that it is among the most overdue the block shows whatever else the database holds.
  const overdue = demoPlot({ officerId: officer.id, midDueIn: -3000, harvestDueIn: 60 });
  const late = demoPlot({ officerId: officer.id, midDueIn: -6, harvestDueIn: 60 });

  await signIn(page, "manager");
  await page.goto("/");
  const block = page.getByRole("region", { name: "Overdue plot visits" });
  await expect(block.getByRole("heading", { name: /^Overdue plot visits \(\d+\)$/ })).toBeVisible();
  const link = block.getByRole("link", { name: `${officer.firstName}: Mid-season visit, ${overdue.farmerName}` });
  await expect(link).toHaveAttribute("href", `/plots/${overdue.id}`);
  await expect(block.getByText("Wheat · 3000 days past due")).toBeVisible();
  await expect(block.getByText(late.farmerName)).toHaveCount(0);
});

test("the dealer map lists its demo plots by stage, linking to each, and the layer turns off", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, []);
  const sown = demoPlot({ officerId: officer.id, midDueIn: 30, harvestDueIn: 90, product: "ORGANIC" });
  const harvested = demoPlot({ officerId: officer.id, stage: "HARVESTED", midDueIn: -60, harvestDueIn: -10 });

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/dealer-map");
  await expect(page.getByRole("heading", { name: /^Demo plots \(\d+\)$/ })).toBeVisible();
  const sownList = page.getByRole("list", { name: "Sown plots" });
  const harvestedList = page.getByRole("list", { name: "Harvested plots" });
  await expect(sownList.getByText(sown.farmerName)).toBeVisible();
  await expect(sownList).toContainText(`${sown.farmerName} · Wheat · Organic Fertilizer`);
  await expect(harvestedList.getByText(harvested.farmerName)).toBeVisible();
  await expect(sownList.getByText(harvested.farmerName)).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Open plot of ${sown.farmerName}` })).toHaveAttribute(
    "href",
    `/plots/${sown.id}`,
  );

  await openFilters(page);
  await page.getByRole("checkbox", { name: "Demo plots" }).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/f=1/);
  await expect(page.getByTestId("map-plots")).toHaveCount(0);
});
