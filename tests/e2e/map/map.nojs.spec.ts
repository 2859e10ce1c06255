import { expect, signIn, test } from "../support/fixtures";
import { formatCalendarDate } from "../../../app/lib/date-format";
import { karachiDate, lastStopLabel, seededDay } from "../support/days";
import { badge, legend, openFilters, stopsOf } from "./support";

// /dealer-map without JavaScript: the GET form's filters change the server-rendered lists.

test("the dealers list follows the badge and the province filter", async ({ page }) => {
  await signIn(page, "officer4");
  await page.goto("/dealer-map");
  await expect(page.getByRole("heading", { name: "Dealer Locations" })).toBeVisible();
  await openFilters(page);
  await expect(page.getByLabel("Date")).toHaveValue(karachiDate());
  await expect(page.getByRole("checkbox", { name: "Dealers" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Agent Routes" })).toBeChecked();
  const all = await badge(page);
  expect(all.shown).toBe(all.total);
  const dealers = page.getByRole("list", { name: "Dealers" }).locator(":scope > li");
  await expect(dealers).toHaveCount(Math.min(all.shown, 20));

  await page.getByRole("combobox", { name: "Province" }).selectOption("Sindh");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/province=Sindh/);
  const sindh = await badge(page);
  expect(sindh.shown).toBeGreaterThan(0);
  expect(sindh.shown).toBeLessThan(sindh.total);
  // The new page may still be arriving when its URL shows: the count waits for the whole list.
  await expect(dealers).toHaveCount(Math.min(sindh.shown, 20));
  for (const text of await dealers.allTextContents()) expect(text).toContain(", Sindh");

  // Dealers off: no list, "0 of y".
  await page.getByRole("checkbox", { name: "Dealers" }).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  expect((await badge(page)).shown).toBe(0);
  await expect(page.getByRole("list", { name: "Dealers" })).toHaveCount(0);
});

test("agent routes: numbered stops with distance and hours, the agent filter, another day ends with Stop", async ({
  page,
}) => {
  await signIn(page, "officer5");
  const day = seededDay();
  await page.goto(`/dealer-map?date=${day}`);
  expect(await legend(page).count()).toBeGreaterThanOrEqual(8);
  const first = legend(page).first();
  await expect(first).toContainText(/\d+ stops? · \d+\.\d km · \d+\.\d h/);
  const name = ((await first.locator("summary .font-medium").textContent()) ?? "").trim();
  await first.locator("summary").click();
  const stops = await stopsOf(page, name);
  expect(stops.map((s) => s.number)).toEqual(stops.map((_, i) => i + 1));
  expect(stops[0]?.label).toBe("Start");
  if (stops.length > 1) expect(stops.at(-1)?.label).toBe(lastStopLabel(day));

  // One agent: only that agent's route is listed.
  await openFilters(page);
  await page.getByRole("combobox", { name: "Agent", exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(legend(page)).toHaveCount(1);
  await expect(legend(page).first()).toContainText(name);

  // Three seeded days before: the last stop is a Stop.
  await page.getByRole("combobox", { name: "Agent", exact: true }).selectOption({ label: "All Agents" });
  await page.getByLabel("Date").fill(seededDay(3));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("heading", { name: `Agent Routes · ${formatCalendarDate(seededDay(3))}` })).toBeVisible();
  const agent = legend(page).first();
  const pastName = ((await agent.locator("summary .font-medium").textContent()) ?? "").trim();
  await agent.locator("summary").click();
  const past = await stopsOf(page, pastName);
  expect(past[0]?.label).toBe("Start");
  if (past.length > 1) expect(past.at(-1)?.label).toBe("Stop");
  await expect(page.getByText("Latest", { exact: true })).toHaveCount(0);

  // Routes off: no legend and no agent filter.
  await page.getByRole("checkbox", { name: "Agent Routes" }).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("list", { name: "Agent legend" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Agent", exact: true })).toHaveCount(0);
});

test("a malformed date in the URL is named and today is shown", async ({ page }) => {
  await signIn(page, "officer5");
  await page.goto("/dealer-map?date=2026-02-30");
  await expect(
    page.getByText(
      "Query parameter date must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd. Showing today.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Agent Routes · Today" })).toBeVisible();
});
