import Database from "better-sqlite3";
import type { APIRequestContext } from "@playwright/test";
import { e2eDatabasePath, expect, signIn, test, uniqueName } from "../support/fixtures";
import { registerThroughApi } from "../support/flows";
import { karachiDate } from "../support/days";

// Visit plans, with JavaScript on (Chromium) and off (the request handler), the same forms
// (decision 43): the officer picks dealers with a search form and Add buttons, the server puts
// them in driving order, "Log visit" opens New Post filled in, and
// the stop is done once the post is made; a past day's plan shows what was missed.

const PASSWORD = "report-pass-1";
// Home near Bahawalpur; three dealers east of it along one road, 9.5 km apart.
const HOME = { lat: 29.4, lng: 71.6 };
const ROAD = [
  { name: "Far", lng: 71.9 },
  { name: "Near", lng: 71.7 },
  { name: "Middle", lng: 71.8 },
];

/** A fresh officer with a home, signed in on `request`, and the road's dealers named `prefix …`. */
async function officerWithDealers(request: APIRequestContext) {
  const officer = await registerThroughApi(request, "Planner");
  const home = await request.put("/api/me", {
    data: { homeLat: HOME.lat, homeLng: HOME.lng, homeAddress: "Model Town, Bahawalpur" },
  });
  expect(home.status(), await home.text()).toBe(200);
  const prefix = uniqueName("Plan");
  const ids: Record<string, number> = {};
  for (const dealer of ROAD) {
    const created = await request.post("/api/dealers", {
      data: {
        businessName: `${prefix} ${dealer.name} Traders`,
        street: "Circular Road",
        city: "Bahawalpur",
        state: "Punjab",
        lat: HOME.lat,
        lng: dealer.lng,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids[dealer.name] = ((await created.json()) as { id: number }).id;
  }
  return { ...officer, prefix, ids };
}

test("an officer plans today: the stops come in driving order, and Log visit logs a stop", async ({
  page,
  request,
}) => {
  const officer = await officerWithDealers(request);
  await signIn(page, officer.username, PASSWORD);
  await page.goto("/");
  await page.getByTestId("your-day").getByRole("link", { name: "Today's visit plan" }).click();
  await expect(page.getByRole("heading", { name: "Visit plan" })).toBeVisible();
  await expect(page.getByTestId("plan-whose")).toHaveText("Your plan · Today");

  await page.getByRole("searchbox", { name: "Search dealers by name" }).fill(officer.prefix);
  await page.getByRole("button", { name: "Search" }).click();
  const offered = page.getByRole("list", { name: "Dealers to add" }).getByRole("listitem");
  // Nearest to home first.
  await expect(offered).toHaveCount(3);
  await expect(offered.first()).toContainText(`${officer.prefix} Near Traders`);
  await expect(page.getByTestId("candidates-order")).toHaveText("Dealers matching your search, nearest to your home.");
  // Added far, near, middle: the plan is still near, middle, far.
  for (const name of ["Far", "Near", "Middle"]) {
    await page.getByRole("button", { name: `Add ${officer.prefix} ${name} Traders` }).click();
    await expect(page.getByRole("button", { name: `Remove ${officer.prefix} ${name} Traders` })).toBeVisible();
  }
  const stops = page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem");
  await expect(stops).toHaveCount(3);
  expect((await stops.allTextContents()).map((text) => /(Near|Middle|Far) Traders/.exec(text)?.[1])).toEqual([
    "Near",
    "Middle",
    "Far",
  ]);
  await expect(page.getByTestId("plan-start")).toHaveText("In driving order from your home.");
  await expect(page.getByTestId("plan-progress")).toHaveText("3 planned · 0 done · 0 missed · 29.1 km");
  const route = new URL(
    (await page.getByRole("link", { name: "Directions for the whole route" }).getAttribute("href")) ?? "",
  );
  expect(route.searchParams.get("origin")).toBe("29.4,71.6");
  expect(route.searchParams.get("waypoints")).toBe("29.4,71.7|29.4,71.8");
  expect(route.searchParams.get("destination")).toBe("29.4,71.9");
  expect(
    await page.getByRole("link", { name: `Directions to ${officer.prefix} Near Traders` }).getAttribute("href"),
  ).toBe("https://www.google.com/maps/dir/?api=1&destination=29.4%2C71.7&travelmode=driving");

  // Log visit: New Post with the dealer, Dealer Meeting and the dealer's place.
  await page.getByRole("link", { name: `Log visit to ${officer.prefix} Near Traders` }).click();
  await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
  await expect(page.getByLabel("Latitude")).toHaveValue("29.4");
  await expect(page.getByLabel("Longitude")).toHaveValue("71.7");
  await page.getByLabel("Description").fill("Planned visit");
  await page.getByRole("button", { name: "Post" }).click();
  // Back on the plan, at its next stop.
  await expect(page).toHaveURL(/\/plan(#next-stop)?$/);

  // The place is the dealer's own, typed by the link (no GPS fix here): logged, not confirmed at
  // the dealer (decision 64), and Log visit stays offered to log it from the shop.
  await expect(page.getByTestId("plan-progress")).toHaveText(
    "3 planned · 0 done · 1 not confirmed · 0 missed · 29.1 km",
  );
  await expect(stops.first()).toContainText("Not confirmed");
  await expect(stops.first()).toContainText("Place typed, not from GPS");
  await expect(page.getByRole("link", { name: `Log visit to ${officer.prefix} Near Traders` })).toHaveCount(1);

  // Removing a stop keeps the rest in order; the API answers the same plan.
  await page.getByRole("button", { name: `Remove ${officer.prefix} Middle Traders` }).click();
  await expect(stops).toHaveCount(2);
  const answer = (await (await request.get(`/api/plans/${karachiDate()}`)).json()) as {
    stops: { dealerId: number; status: string }[];
  };
  expect(answer.stops.map((stop) => [stop.dealerId, stop.status])).toEqual([
    [officer.ids.Near, "unconfirmed"],
    [officer.ids.Far, "planned"],
  ]);
});

test("a past day's plan shows its unvisited stops missed, and can no longer change", async ({ page, request }) => {
  const officer = await officerWithDealers(request);
  const yesterday = karachiDate(1);
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const planId = db
      .prepare("INSERT INTO VisitPlan (userId, day, createdById, updatedById, updatedAt) VALUES (?, ?, ?, ?, ?)")
      .run(officer.id, yesterday, officer.id, officer.id, Date.now()).lastInsertRowid;
    db.prepare("INSERT INTO VisitPlanStop (planId, dealerId, position) VALUES (?, ?, 1)").run(planId, officer.ids.Near);
  } finally {
    db.close();
  }
  await signIn(page, officer.username, PASSWORD);
  await page.goto(`/plan/${yesterday}`);
  const stops = page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem");
  await expect(stops).toHaveCount(1);
  await expect(stops.first()).toContainText("Missed");
  await expect(page.getByTestId("plan-progress")).toContainText("1 planned · 0 done · 1 missed");
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Add dealers" })).toHaveCount(0);

  // A form sent anyway is refused with the reason.
  const refused = await page.request.post(`/plan/${yesterday}`, {
    form: { intent: "add", dealerId: String(officer.ids.Far) },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("A plan can only be made for today or a coming day.");
});

test("bad plan input is refused with 4xx and a message, on the page and through /api", async ({ page, request }) => {
  const officer = await officerWithDealers(request);
  await signIn(page, officer.username, PASSWORD);
  const today = karachiDate();
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form });
  const refusals: Array<[Promise<{ status(): number; text(): Promise<string> }>, number, string]> = [
    [post("/plan", { intent: "add", dealerId: "abc" }), 400, "Please select a valid dealer."],
    [post("/plan", { intent: "add", dealerId: "999999999" }), 404, "Dealer not found."],
    [
      post("/plan", { intent: "add", dealerId: "1", lat: "31.5" }),
      400,
      "Send both latitude and longitude, or neither.",
    ],
    [post("/plan", { intent: "shuffle" }), 400, "Unknown action"],
    [
      post(`/plan/${karachiDate(-15)}`, { intent: "add", dealerId: "1" }),
      400,
      "A plan can be made at most 14 days ahead.",
    ],
  ];
  for (const [answer, status, message] of refusals) {
    const response = await answer;
    expect(response.status()).toBe(status);
    expect(await response.text()).toContain(message);
  }
  // A malformed address says why; nobody's plan is not found.
  // The heading is the status and its own reason phrase, never React Router's "Internal Server Error".
  for (const [path, heading, message] of [
    [
      "/plan/2026-02-30",
      "400 Bad Request",
      "day must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
    ],
    ["/plan?user=abc", "400 Bad Request", "user must be a user's id"],
    ["/plan?lat=95&lng=70", "400 Bad Request", "Latitude must be between -90 and 90"],
    ["/plan?user=999999999", "404 Page Not Found", "404 Page Not Found"],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole("alert").getByRole("heading", { level: 1 })).toHaveText(heading!);
    await expect(page.getByRole("alert")).toContainText(message!);
  }

  const json = async (response: Awaited<ReturnType<APIRequestContext["put"]>>) =>
    [response.status(), ((await response.json()) as { error: string }).error] as const;
  const tooMany = Array.from({ length: 26 }, () => officer.ids.Near);
  expect(await json(await request.put(`/api/plans/${today}`, { data: { dealerIds: tooMany } }))).toEqual([
    400,
    "A plan holds at most 25 stops.",
  ]);
  expect(await json(await request.put(`/api/plans/${today}`, { data: { dealerIds: [999999999] } }))).toEqual([
    404,
    "Dealer not found.",
  ]);
  expect(await json(await request.put(`/api/plans/${karachiDate(1)}`, { data: { dealerIds: [] } }))).toEqual([
    400,
    "A plan can only be made for today or a coming day.",
  ]);
  expect((await json(await request.get("/api/plans/tomorrow")))[0]).toBe(400);
  expect(await json(await request.get(`/api/plans/${today}?user=0`))).toEqual([400, "user must be a user's id"]);
});
