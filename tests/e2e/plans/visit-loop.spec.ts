import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { PASSWORD, pastPlan, SHOP, teamOfficerWithDealers } from "./support";
import { reviewScreenshot } from "../support/screenshots";

// The officer's field loop on the server's side (issue 45): where a visit was logged decides
// whether it counts as at the dealer (decision 64), the officer sees and moves their missed
// stops, and a manager plans the day of any officer of the teams they lead. Plain pages and
// forms: the same with JavaScript on (Chromium) and off (the request handler).

test("a visit logged by GPS 40 km from its dealer is not Done: the officer's plan and the manager's day say how far", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Far"]);
  const planned = await request.put(`/api/plans/${karachiDate()}`, { data: { dealerIds: [officer.ids.Far] } });
  expect(planned.status(), await planned.text()).toBe(200);
  // 0.36 degrees of latitude north of the shop: 40 km.
  const posted = await request.post("/api/posts", {
    data: {
      type: "DEALER_MEETING",
      text: "Logged from elsewhere",
      dealerId: officer.ids.Far,
      lat: SHOP.lat + 0.36,
      lng: SHOP.lng,
      address: "Another town",
      source: "GPS",
      accuracy: 10,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  const plan = (await (await request.get(`/api/plans/${karachiDate()}`)).json()) as {
    stops: Array<{ status: string; visitNote: string | null }>;
    progress: Record<string, number>;
  };
  expect(plan.stops).toEqual([
    expect.objectContaining({ status: "unconfirmed", visitNote: "Logged 40 km from the dealer" }),
  ]);
  expect(plan.progress).toEqual({ planned: 1, done: 0, unconfirmed: 1, missed: 0 });

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/plan");
  const stop = page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem").first();
  await expect(stop).toContainText("Logged 40 km from the dealer");
  await expect(stop).not.toContainText("Done");

  await page.context().clearCookies();
  await signIn(page, "manager");
  await page.goto("/");
  const row = page.getByTestId("team-today").locator(`[data-officer-id="${officer.id}"]`);
  await expect(row).toContainText("Plan: 0 of 1 done");
  await expect(row).toContainText(`${officer.prefix} Far Traders: Logged 40 km from the dealer`);
  await reviewScreenshot(page, "far-visit-managers-day-360", { fullPage: true });
  await page.goto(`/plan?user=${officer.id}`);
  await expect(page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem").first()).toContainText(
    "Logged 40 km from the dealer",
  );
  await reviewScreenshot(page, "far-visit-managers-view-of-the-plan-360", { fullPage: true });
});

test("an officer sees yesterday's missed stops on the home and the plan, and moves one to today with a plain form", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Left", "Right"]);
  pastPlan(officer.id, karachiDate(1), [officer.ids.Left!, officer.ids.Right!]);

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/");
  const home = page.getByTestId("missed-visits");
  await expect(home).toContainText(`${officer.prefix} Left Traders`);
  await expect(home).toContainText(`${officer.prefix} Right Traders`);
  await home.getByRole("link", { name: "Move them to today" }).click();

  await expect(page.getByRole("heading", { name: "Visit plan" })).toBeVisible();
  const missed = page.getByRole("list", { name: "Missed visits" });
  await expect(missed.getByRole("listitem")).toHaveCount(2);
  await missed.getByRole("button", { name: `Move ${officer.prefix} Left Traders to today` }).click();

  const stops = page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem");
  await expect(stops).toHaveCount(1);
  await expect(stops.first()).toContainText(`${officer.prefix} Left Traders`);
  await expect(missed.getByRole("listitem")).toHaveCount(1);
  await expect(missed).toContainText(`${officer.prefix} Right Traders`);

  await page.getByRole("button", { name: "Move all to today" }).click();
  await expect(stops).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Missed visits" })).toHaveCount(0);
});

test("a manager plans the day of an officer of their team who has no plan, from their people today", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Fresh"]);
  await signIn(page, "manager");
  await page.goto("/");
  const row = page.getByTestId("team-today").locator(`[data-officer-id="${officer.id}"]`);
  await row.getByRole("link", { name: `Plan the day of ${officer.firstName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/plan\\?user=${officer.id}$`));
  await expect(page.getByTestId("plan-whose")).toHaveText(`Plan of ${officer.firstName} · Today`);

  await page.getByRole("searchbox", { name: "Search dealers by name" }).fill(officer.prefix);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Add ${officer.prefix} Fresh Traders` }).click();
  await expect(page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem")).toHaveCount(1);
  await page.goto("/");
  await expect(row.getByRole("link", { name: `Plan: 0 of 1 done, ${officer.firstName}` })).toBeVisible();
});

test.describe("from one stop to the next", () => {
  // With JavaScript New Post takes a fix of its own: 330 km from the dealers, so the visit logged
  // counts as not confirmed with JavaScript as without (where the place is typed).
  test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

  test(
    "after Log visit the officer is back on the plan with the next stop ready, and the home says which stop is next",
    { tag: "@js" },
    async ({ page, request, javaScriptEnabled }) => {
      const officer = await teamOfficerWithDealers(request, ["First", "Second", "Third", "Fourth"]);
      const order = ["First", "Second", "Third", "Fourth"].map((name) => officer.ids[name]!);
      const planned = await request.put(`/api/plans/${karachiDate()}`, { data: { dealerIds: order } });
      expect(planned.status(), await planned.text()).toBe(200);
      // The first two stops logged at the shop, by GPS: done.
      for (const dealerId of order.slice(0, 2)) {
        const posted = await request.post("/api/posts", {
          data: { type: "DEALER_MEETING", text: "At the shop", dealerId, ...SHOP, source: "GPS", accuracy: 10 },
        });
        expect(posted.status(), await posted.text()).toBe(201);
      }

      await signIn(page, officer.username, PASSWORD);
      await page.goto("/plan");
      await page.getByRole("link", { name: `Log visit to ${officer.prefix} Third Traders` }).click();
      await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
      if (javaScriptEnabled) await expect(page.getByLabel("Latitude")).toHaveValue("31.520400");
      await page.getByLabel("Description").fill("Third stop visited");
      await page.getByRole("button", { name: "Post" }).click();

      // Back on the plan, the next stop ready: the fourth, its Log visit the next tap.
      await expect(page.getByRole("heading", { name: "Visit plan" })).toBeVisible();
      await expect(page).toHaveURL(/\/plan(#next-stop)?$/);
      await expect(page.getByText("Post created successfully!")).toBeVisible();
      const next = page.locator("#next-stop");
      await expect(next).toContainText(`${officer.prefix} Fourth Traders`);
      await expect(next).toContainText("Next stop");
      const logNext = page.getByRole("link", { name: `Log visit to ${officer.prefix} Fourth Traders` });
      if (javaScriptEnabled) {
        await expect(page).toHaveURL(/\/plan#next-stop$/);
        await expect(logNext).toBeFocused();
        await expect(logNext).toBeInViewport();
      } else {
        await expect(logNext).toBeVisible();
      }
      await expect(page.getByTestId("plan-progress")).toHaveText(
        "4 planned · 2 done · 1 not confirmed · 0 missed · 0 km",
      );

      // The home says which stop is next, and its link opens the plan there.
      await page.goto("/");
      await page.getByRole("link", { name: "Next: stop 4 · 2 of 4 done" }).click();
      await expect(page.getByRole("heading", { name: "Visit plan" })).toBeVisible();
      await expect(next).toContainText(`${officer.prefix} Fourth Traders`);
    },
  );

  test("New Post goes back only to a page of this site: another site's address falls back to the feed", async ({
    request,
    baseURL,
  }) => {
    const officer = await teamOfficerWithDealers(request, ["Only"]);
    const send = (returnTo: string) =>
      request.post("/new-post", {
        headers: { Origin: baseURL ?? "" },
        multipart: {
          type: "DEALER_MEETING",
          text: `Return to ${returnTo}`,
          dealerId: String(officer.ids.Only),
          lat: String(SHOP.lat),
          lng: String(SHOP.lng),
          address: "Circular Road, Bahawalpur",
          returnTo,
        },
        maxRedirects: 0,
      });
    for (const [returnTo, location] of [
      ["/plan#next-stop", "/plan#next-stop"],
      ["//evil.example/plan", "/"],
      ["https://evil.example/plan", "/"],
      ["/\\evil.example", "/"],
    ]) {
      const answer = await send(returnTo!);
      expect(answer.status(), await answer.text()).toBe(302);
      expect(answer.headers().location, returnTo).toBe(location);
    }
  });
});
