import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueName } from "../e2e/support/fixtures";

// The JSON API of the leaderboard, the performance calculation, the avatar and the stats (issue 6).

const json = { "Content-Type": "application/json" };

async function signUp(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const username = uniqueName("apiperf").replaceAll("-", "_");
  const response = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "api-pass-1" },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

async function signIn(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: "fieldline" } });
  expect(response.status()).toBe(200);
}

test("signed out, every call answers 401 JSON", async ({ request }) => {
  for (const path of ["/api/performance/leaderboard", "/api/me/stats"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required", requestId: expect.any(String) });
  }
  expect((await request.post("/api/performance/calculate")).status()).toBe(401);
  expect((await request.patch("/api/user/avatar", { data: { selectedAvatar: "DEFAULT_2" } })).status()).toBe(401);
});

test("an officer reads the leaderboard but may not recalculate", async ({ request }) => {
  await signIn(request, "officer5");
  const response = await request.get("/api/performance/leaderboard");
  expect(response.status()).toBe(200);
  const entries = await response.json();
  expect(Array.isArray(entries)).toBe(true);
  const officer5 = entries.find((e: { username: string }) => e.username === "officer5");
  expect(officer5).toEqual({
    id: expect.any(Number),
    username: "officer5",
    firstName: expect.any(String),
    lastName: expect.any(String),
    selectedAvatar: expect.any(String),
    currentBadge: officer5.currentBadge,
    currentPerformanceScore: expect.stringMatching(/^\d+\.\d{2}$/),
    performanceRank: officer5.performanceRank,
    // Beside the company's rank, the officer's team and place in it: the test seed's one team holds
    // every officer, so the place in it is the company rank.
    teamRank: officer5.performanceRank,
    team: { id: expect.any(Number), name: expect.any(String) },
    lastPerformanceCalculation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    parts: {
      dealers: expect.any(Number),
      recovery: expect.any(Number),
      gap: expect.any(Number),
      activity: expect.any(Number),
    },
  });
  // Only officers are ranked.
  expect(entries.some((e: { username: string }) => e.username === "manager" || e.username === "admin")).toBe(false);

  const refused = await request.post("/api/performance/calculate");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    error: "You don't have permission to access this page.",
    requestId: expect.any(String),
  });
  // A method the call does not take is wrong whoever asks (decision 74): 405 before the guard.
  for (const method of ["get", "put", "delete"] as const) {
    expect((await request[method]("/api/performance/calculate")).status(), method).toBe(405);
  }
});

test("a manager and an admin recalculate; bodies are ignored, other methods answer 405", async ({ request }) => {
  for (const username of ["manager", "admin"]) {
    await signIn(request, username);
    const response = await request.post("/api/performance/calculate", {
      headers: json,
      data: Buffer.from("{not json"),
    });
    expect(response.status(), username).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      message: "Performance scores have been recalculated and badges assigned.",
      officers: expect.any(Number),
      ranked: expect.any(Number),
      notifications: expect.any(Number),
      calculatedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(body.ranked).toBeGreaterThanOrEqual(8);
    expect((await request.put("/api/performance/calculate")).status()).toBe(405);
  }
  const entries = await (await request.get("/api/performance/leaderboard")).json();
  const ranked = entries.filter((e: { performanceRank: number | null }) => e.performanceRank !== null);
  expect(ranked.slice(0, 3).map((e: { currentBadge: string }) => e.currentBadge)).toEqual(["CROWN", "SHIELD", "CAP"]);
});

test("PATCH /api/user/avatar takes a default avatar and refuses badges and bad bodies", async ({ request }) => {
  await signUp(request);
  const cases: Array<{ name: string; body: string; contentType?: string; status: number; error: string }> = [
    {
      name: "a badge",
      body: JSON.stringify({ selectedAvatar: "CROWN" }),
      status: 400,
      error: "Badges are awarded automatically to top performers and cannot be chosen.",
    },
    {
      name: "another badge",
      body: JSON.stringify({ selectedAvatar: "STAR" }),
      status: 400,
      error: "Badges are awarded automatically to top performers and cannot be chosen.",
    },
    {
      name: "unknown",
      body: JSON.stringify({ selectedAvatar: "DEFAULT_9" }),
      status: 400,
      error: "Please choose one of the default avatars.",
    },
    { name: "missing", body: JSON.stringify({}), status: 400, error: "Please choose an avatar." },
    { name: "empty", body: JSON.stringify({ selectedAvatar: "" }), status: 400, error: "Please choose an avatar." },
    { name: "a number", body: JSON.stringify({ selectedAvatar: 3 }), status: 400, error: "Please choose an avatar." },
    {
      name: "unknown field",
      body: JSON.stringify({ selectedAvatar: "DEFAULT_2", currentBadge: "CROWN" }),
      status: 400,
      error: 'Unknown field "currentBadge": leave it out, this call does not take it',
    },
    { name: "malformed", body: "{", status: 400, error: "Malformed JSON body" },
    { name: "an array", body: "[]", status: 400, error: "Request body must be a JSON object" },
    {
      name: "not JSON",
      body: "selectedAvatar=DEFAULT_2",
      contentType: "text/plain",
      status: 415,
      error: "Content-Type must be application/json",
    },
  ];
  for (const { name, body, contentType, status, error } of cases) {
    const response = await request.patch("/api/user/avatar", {
      headers: { "Content-Type": contentType ?? "application/json" },
      data: Buffer.from(body),
    });
    expect(response.status(), name).toBe(status);
    expect((await response.json()).error, name).toBe(error);
  }
  expect((await (await request.get("/api/me")).json()).selectedAvatar).toBe("DEFAULT_1");

  const response = await request.patch("/api/user/avatar", { data: { selectedAvatar: "DEFAULT_4" } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ selectedAvatar: "DEFAULT_4", currentBadge: null });
  expect((await request.get("/api/user/avatar")).status()).toBe(405);
  expect((await request.put("/api/user/avatar", { data: { selectedAvatar: "DEFAULT_2" } })).status()).toBe(405);
});

test("GET /api/me/stats counts the officer's own activity in each period", async ({ request }) => {
  await signUp(request);
  const empty = await (await request.get("/api/me/stats")).json();
  const zero = {
    posts: 0,
    visits: 0,
    sales: "0.00",
    recovery: "0.00",
    distance: "0.0",
    hours: "0.0",
    dealers: 0,
    legsLeftOut: { tooFast: 0, poorFix: 0, repeatedPoint: 0 },
  };
  expect(empty).toEqual({
    today: zero,
    week: zero,
    month: zero,
    all: zero,
    currentPerformanceScore: null,
    performanceRank: null,
  });

  const sale = await request.post("/api/posts", {
    data: {
      type: "SALE",
      saleProduct: "SULFUR",
      saleQty: "4",
      salePrice: "12.25",
      lat: "30.1575",
      lng: "71.5249",
      address: "Multan",
    },
  });
  expect(sale.status()).toBe(201);
  // Half a kilometre on foot counts; Lahore a moment later (about 340 km) is a leg not counted.
  expect(
    (await request.post("/api/checkins", { data: { type: "CHECK_IN", lat: "30.1620", lng: "71.5249" } })).status(),
  ).toBe(201);
  expect(
    (await request.post("/api/checkins", { data: { type: "CHECK_IN", lat: "31.5204", lng: "74.3587" } })).status(),
  ).toBe(201);
  const stats = await (await request.get("/api/me/stats")).json();
  for (const period of ["today", "week", "month", "all"]) {
    expect(stats[period]).toMatchObject({
      posts: 1,
      visits: 3,
      sales: "49.00",
      recovery: "0.00",
      dealers: 0,
      legsLeftOut: { tooFast: 1, poorFix: 0, repeatedPoint: 0 },
    });
    expect(Number(stats[period].distance)).toBeCloseTo(0.5, 1);
  }
});
