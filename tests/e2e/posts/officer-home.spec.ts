import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

// The feed starts with the officer's own day, then the team: a new officer first sees what to
// do (a checklist that ends once done), every officer their own figures of today above the
// team's table, and the table says that more columns scroll in. JavaScript on and off.

const gettingStarted = (page: Page) => page.getByRole("region", { name: "Getting started" });

async function expectSteps(page: Page, done: string[], open: string[]) {
  await page.goto("/");
  const list = gettingStarted(page);
  await expect(list).toContainText(`${done.length} of 3 done`);
  for (const step of done) await expect(list.getByRole("listitem").filter({ hasText: step })).toContainText("(done)");
  for (const step of open) await expect(list.getByRole("link", { name: step })).toBeVisible();
}

test("a new officer's feed starts with three first steps, which leave once done", async ({ page }) => {
  const locations = "Set your home and warehouse locations";
  const post = "Post your first activity";
  const dealer = "Add your first dealer";
  await registerThroughForm(page);

  await expectSteps(page, [], [locations, post, dealer]);
  await gettingStarted(page).getByRole("link", { name: dealer }).click();
  await expect(page).toHaveURL(/\/add-dealer$/);
  await page.goto("/");
  await gettingStarted(page).getByRole("link", { name: locations }).click();
  await expect(page).toHaveURL(/\/location-setup$/);

  const saved = await page.request.put("/api/me", {
    data: { homeLat: "31.5204", homeLng: "74.3587", warehouseLat: "31.45", warehouseLng: "73.135" },
  });
  expect(saved.status()).toBe(200);
  await expectSteps(page, [locations], [post, dealer]);

  const posted = await page.request.post("/api/posts", { data: { type: "FIELD_VISIT", text: "First visit" } });
  expect(posted.status()).toBe(201);
  await expectSteps(page, [locations, post], [dealer]);

  const created = await page.request.post("/api/dealers", {
    data: {
      businessName: uniqueName("First Dealer"),
      ownerFirstName: "Nadeem",
      phone: "+92 321 5550001",
      street: "Shop 9, Anaj Mandi",
      city: "Sialkot",
      state: "Punjab",
      lat: "32.4945",
      lng: "74.5229",
    },
  });
  expect(created.status()).toBe(201);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Sales Agent Rankings" })).toBeVisible();
  await expect(gettingStarted(page)).toHaveCount(0);
});

test(
  "an officer's own day sits above the team's table: today's position, distance, sales and recovery",
  { tag: "@browser" },
  async ({ page }) => {
    await signIn(page, "officer1");
    const day = page.getByRole("region", { name: "Your day" });
    // Other workers register officers all the time, and each joins today's table: the API's
    // rankings and the page are read again until no one joined between the two reads.
    await expect(async () => {
      const today = (await (await page.request.get("/api/agents/rankings?period=today")).json()) as Array<{
        username: string;
        distance: string;
        sales: string;
        recovery: string;
      }>;
      const index = today.findIndex((row) => row.username === "officer1");
      const own = today[index];
      expect(own).toBeDefined();
      await page.goto("/");
      const ranked = Number(own?.sales) > 0 || Number(own?.recovery) > 0;
      expect(await day.getByTestId("your-position").textContent()).toBe(
        ranked ? `#${index + 1} of ${today.length} today` : "No sales or recovery yet today",
      );
      expect(await day.getByRole("definition").allTextContents()).toEqual([
        `${own?.distance} km`,
        money(own?.sales),
        money(own?.recovery),
      ]);
    }).toPass();
    // It comes before the team's table, and leads to the full rankings.
    const dayTop = (await day.boundingBox())?.y ?? Infinity;
    const tableTop = (await page.getByRole("region", { name: "Sales Agent Rankings" }).boundingBox())?.y ?? -Infinity;
    expect(dayTop).toBeLessThan(tableTop);
    await day.getByRole("link", { name: "See all rankings" }).click();
    await expect(page).toHaveURL("/leaderboard");
  },
);

test(
  "a manager, who is not ranked, gets no day of their own; the table says more columns scroll in",
  { tag: "@browser" },
  async ({ page }) => {
    await signIn(page, "manager");
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Sales Agent Rankings" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your day" })).toHaveCount(0);
    await expect(gettingStarted(page)).toHaveCount(0);

    // At 360 px the table is wider than the screen: a line says what scrolls in.
    await expect(page.getByTestId("rankings-scroll-hint")).toHaveText(
      "Swipe the table for Hours, Sales, Recovery and Dealers →",
    );
    const scroller = page.getByTestId("rankings-scroller");
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(page.getByTestId("rankings-scroll-hint")).toBeHidden();
  },
);

/** "$1,234.50" from "1234.50", as the pages show amounts (the seeded currency symbol is "$"). */
function money(decimal: string | undefined): string {
  const [whole = "0", cents = "00"] = (decimal ?? "0").split(".");
  return `$${Number(whole).toLocaleString("en-US")}.${cents.padEnd(2, "0")}`;
}
