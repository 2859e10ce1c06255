import type { APIRequestContext } from "@playwright/test";
import type { CheckInItem } from "~/models/checkin.server";
import { karachiDate, lastStopLabel, seededDay } from "../e2e/support/days";
import { expect, test, uniqueName } from "../e2e/support/fixtures";

// GET /api/agents/checkins (issue 5): the day's check-ins for the map, with its filters.

async function signIn(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: "fieldline" } });
  expect(response.status()).toBe(200);
}

async function checkins(request: APIRequestContext, query: string): Promise<CheckInItem[]> {
  const response = await request.get(`/api/agents/checkins?${query}`);
  expect(response.status(), query).toBe(200);
  return response.json();
}

test("signed out, the check-ins answer 401", async ({ request }) => {
  const response = await request.get(`/api/agents/checkins?date=${karachiDate()}`);
  expect(response.status()).toBe(401);
});

test("a missing or malformed date answers 400 with a clear message", async ({ request }) => {
  await signIn(request, "officer1");
  const cases: [string, RegExp][] = [
    ["", /date is required \(yyyy-MM-dd\)/],
    ["date=", /date is required/],
    ["date=22-11-2026", /real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd/],
    ["date=2026-02-30", /real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd/],
    ["date=yesterday", /real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd/],
  ];
  for (const [query, message] of cases) {
    const response = await request.get(`/api/agents/checkins?${query}`);
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toMatch(message);
  }
  const badProvince = await request.get(`/api/agents/checkins?date=${karachiDate()}&province=Texas`);
  expect(badProvince.status()).toBe(400);
  expect((await request.get(`/api/agents/checkins?date=${karachiDate()}&agent=abc`)).status()).toBe(400);
});

test("an agent is named by plain digits only: hex, exponents and spaces answer 400", async ({ request }) => {
  await signIn(request, "officer1");
  for (const agent of ["0x10", "1e1", " 16", "016", "0"]) {
    const response = await request.get(`/api/agents/checkins?date=${karachiDate()}&agent=${encodeURIComponent(agent)}`);
    expect(response.status(), agent).toBe(400);
    expect((await response.json()).error, agent).toBe("Agent must be a user id");
  }
});

test("the seeded day's check-ins: numbered per agent in time order, Start first and Latest last while it is today, one colour per agent", async ({
  request,
}) => {
  await signIn(request, "officer2");
  const day = seededDay();
  const items = await checkins(request, `date=${day}`);
  const agents = new Set(items.map((item) => item.userId));
  expect(agents.size).toBeGreaterThanOrEqual(8);
  expect([...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((i) => i.createdAt)).toEqual(
    items.map((i) => i.createdAt),
  );
  for (const agent of agents) {
    const mine = items.filter((item) => item.userId === agent);
    expect(mine.map((item) => item.number)).toEqual(mine.map((_, index) => index + 1));
    expect(mine[0]?.label).toBe("Start");
    if (mine.length > 1) expect(mine.at(-1)?.label).toBe(lastStopLabel(day));
    expect(new Set(mine.map((item) => item.color)).size).toBe(1);
    for (const item of mine) expect(item.userDisplayName).toBeTruthy();
  }

  // Three days before is another day: the last stop is a Stop.
  const before = await checkins(request, `date=${seededDay(3)}`);
  const someone = before.filter((item) => item.userId === before[0]?.userId);
  if (someone.length > 1) expect(someone.at(-1)?.label).toBe("Stop");
  expect(before.every((item) => item.label !== "Latest")).toBe(true);
});

test("province and agent filters; a new officer's own check-ins come back numbered", async ({ request }) => {
  const username = uniqueName("mapapi").replaceAll("-", "_");
  const registered = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "api-pass-1" },
  });
  expect(registered.status()).toBe(201);
  const { id } = await registered.json();
  const places = [
    { type: "DAY_START", lat: 29.3956, lng: 71.6836, address: "Model Town, Bahawalpur, Punjab, Pakistan" },
    { type: "DEALER_MEETING", lat: 29.4, lng: 71.7, address: "Grain Market, Bahawalpur, Punjab, Pakistan" },
    { lat: 29.41, lng: 71.71 },
  ];
  for (const place of places) expect((await request.post("/api/checkins", { data: place })).status()).toBe(201);

  const today = karachiDate();
  const mine = await checkins(request, `date=${today}&agent=${id}`);
  expect(mine.map((item) => [item.number, item.label, item.type])).toEqual([
    [1, "Start", "DAY_START"],
    [2, null, "DEALER_MEETING"],
    [3, "Latest", "CHECK_IN"],
  ]);
  expect(mine.every((item) => item.userDisplayName === username)).toBe(true);

  const all = await checkins(request, `date=${today}`);
  const punjab = await checkins(request, `date=${today}&province=Punjab`);
  const sindhOnly = await checkins(request, `date=${today}&province=Sindh&agent=${id}`);
  expect(punjab.some((item) => item.userId === id)).toBe(true);
  expect(punjab.length).toBeLessThanOrEqual(all.length);
  expect(sindhOnly).toEqual([]);
  expect(all.filter((item) => item.userId === id)).toEqual(mine);
});

test("GET /api/dealers: the province filter and the map's pins", async ({ request }) => {
  await signIn(request, "officer3");
  const all = (await (await request.get("/api/dealers")).json()) as { id: number; state: string }[];
  const sindh = (await (await request.get("/api/dealers?province=Sindh")).json()) as { id: number; state: string }[];
  expect(sindh.length).toBeGreaterThan(0);
  expect(sindh.length).toBeLessThan(all.length);
  expect(sindh.every((dealer) => dealer.state === "Sindh")).toBe(true);
  const pins = (await (await request.get("/api/dealers?view=map&province=Sindh")).json()) as Record<string, unknown>[];
  expect(pins.map((pin) => pin.id).sort()).toEqual(sindh.map((dealer) => dealer.id).sort());
  expect(Object.keys(pins[0] ?? {}).sort()).toEqual(
    [
      "businessName",
      "city",
      "email",
      "formattedAddress",
      "id",
      "lat",
      "lng",
      "ownerFirstName",
      "ownerLastName",
      "phone",
      "state",
      "street",
    ].sort(),
  );
  const bad = await request.get("/api/dealers?province=Texas");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toBe("Unknown province");
});
