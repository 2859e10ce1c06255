import { countRows, expect, test } from "../e2e/support/fixtures";

// The demo data shows honest locations at once (issue 18): typed places beside GPS fixes, and
// routes with legs the rankings do not count.

test("the seed holds typed and GPS places, and legs left out of the rankings' distance", async ({ request }) => {
  expect(countRows("SELECT COUNT(*) AS n FROM CheckIn WHERE source = 'TYPED'")).toBeGreaterThan(0);
  expect(
    countRows("SELECT COUNT(*) AS n FROM CheckIn WHERE source = 'GPS' AND accuracyM BETWEEN 4 AND 45"),
  ).toBeGreaterThan(0);
  expect((await request.post("/api/login", { data: { username: "manager", password: "fieldline" } })).ok()).toBe(true);
  const rankings = (await (await request.get("/api/agents/rankings?period=all")).json()) as Array<{
    legsLeftOut: { tooFast: number };
  }>;
  expect(rankings.some((row) => row.legsLeftOut.tooFast > 0)).toBe(true);
});
