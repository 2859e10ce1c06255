import type { APIRequestContext, APIResponse } from "@playwright/test";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";

// Demo plots through /api (decision 96): a Demo Plot post sent to POST /api/posts starts a plot
// or records a visit with the same fields as the New Post form; GET /api/plots and
// /api/plots/{id} read them. Bad input answers 4xx with a message and writes nothing; after the
// farmer's erasure the plot names them "Erased farmer". Another team's plot or farmer: the model
// tests and the access matrix (this level shares one team with every other spec).

async function signIn(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string | RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toMatch(error);
}

/** A mobile no other run of the suite has used. */
const uniquePhone = () => `0306${String(Date.now()).slice(-7)}`;
/** A Karachi day `days` from today, YYYY-MM-DD. */
const karachiDay = (days: number) =>
  new Date(Date.now() + 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Plot = { id: number; stage: string; farmer: { id: number; name: string }; visits: { stage: string }[] };

test("a Demo Plot post starts a plot and another harvests it; bad input answers 4xx and writes nothing", async ({
  request,
  playwright,
}) => {
  await signIn(request, "officer1");
  const name = uniqueName("Api plot farmer");
  const phone = uniquePhone();
  const farmer = await request.post("/api/farmers", {
    data: { name, phone, tehsil: "Sahiwal", district: "Sahiwal", landAcres: 10 },
  });
  expect(farmer.status(), await farmer.text()).toBe(201);
  const farmerId = ((await farmer.json()) as { id: number }).id;

  const text = uniqueName("Api plot");
  const start = {
    type: "DEMO_PLOT",
    text,
    lat: 30.6,
    lng: 73.1,
    address: "Chak 45",
    plotAction: "start",
    farmerId,
    crop: "cotton",
    plotProduct: "SULFUR",
    plotAcres: 2,
    controlAcres: 1,
    sownOn: karachiDay(-30),
    harvestDueOn: karachiDay(90),
  };
  const posts = () => countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text);
  await expectError(await request.post("/api/posts", { data: { ...start, plotAcres: 250 } }), 400, /Plot area/);
  await expectError(
    await request.post("/api/posts", { data: { ...start, farmerId: undefined, farmerPhone: "0300 0000001" } }),
    400,
    /No farmer in the register has this phone/,
  );
  await expectError(
    await request.post("/api/posts", { data: { ...start, harvestDueOn: karachiDay(-40) } }),
    400,
    /Expected harvest date must be after the sowing date/,
  );
  expect(posts()).toBe(0);

  const started = await request.post("/api/posts", { data: start });
  expect(started.status(), await started.text()).toBe(201);
  const { plot } = (await started.json()) as { plot: { id: number; stage: string } };
  expect(plot.stage).toBe("SOWN");

  const harvest = {
    type: "DEMO_PLOT",
    text: `${text} harvest`,
    plotAction: "visit",
    plotId: plot.id,
    visitStage: "HARVEST",
    visitedOn: karachiDay(0),
    yieldKgPerAcre: 1300,
    controlYieldKgPerAcre: 1000,
    verdict: "More bolls",
  };
  await expectError(
    await request.post("/api/posts", { data: { ...harvest, yieldKgPerAcre: 5_000_000 } }),
    400,
    /Yield must be/,
  );
  await expectError(
    await request.post("/api/posts", { data: { ...harvest, visitedOn: karachiDay(-31) } }),
    400,
    /before the plot was sown/,
  );
  expect((await request.post("/api/posts", { data: harvest })).status()).toBe(201);
  await expectError(await request.post("/api/posts", { data: harvest }), 409, /already been harvested/);
  expect(countRows("SELECT COUNT(*) AS n FROM PlotVisit WHERE plotId = ?", plot.id)).toBe(1);

  const read = (await (await request.get(`/api/plots/${plot.id}`)).json()) as Plot & { yieldGainPercent: number };
  expect(read).toMatchObject({ stage: "HARVESTED", yieldGainPercent: 30, farmer: { id: farmerId, name } });
  expect(read.visits.map((visit) => visit.stage)).toEqual(["HARVEST"]);
  const listed = (await (await request.get(`/api/plots?farmerId=${farmerId}&stage=HARVESTED`)).json()) as {
    plots: Plot[];
  };
  expect(listed.plots.map((one) => one.id)).toEqual([plot.id]);
  await expectError(await request.get("/api/plots?stage=RIPE"), 400, /stage must be one of/);
  await expectError(await request.get("/api/plots/999999999"), 404, "Demo plot not found.");

  // Erased on the farmer's request: the plot stays, without their name.
  const manager = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(manager, "manager");
  expect((await manager.post(`/api/farmers/${farmerId}/erase`)).status()).toBe(200);
  const after = await (await request.get(`/api/plots/${plot.id}`)).text();
  expect(after).toContain("Erased farmer");
  expect(after).not.toContain(name);
  await manager.dispose();
});
