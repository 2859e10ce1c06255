import type { APIRequestContext } from "@playwright/test";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";

// Erasing a farmer on their request (decision 94) removes their name, phone and village from
// everywhere they appeared: the farmer, the meeting they were named at, their demo plot, the
// feed, the map, the season report and its export, and the change feed's later reads of all three
// entities. The test searches every one of those answers for them after the erasure, and first
// sees each answer show the name (or, for the aggregate report, count the farmer), so a read that
// never showed them cannot pass for one that forgot them.

async function signedIn(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  username: string,
) {
  const context = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await context.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
  return context;
}

/** A mobile no other run of the suite has used. */
const uniquePhone = () => `0307${String(Date.now()).slice(-7)}`;
/** A Karachi day `days` from today, YYYY-MM-DD. */
const karachiDay = (days: number) =>
  new Date(Date.now() + 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test("after an erasure no page, /api read, export or change feed shows the farmer's name, phone or village", async ({
  playwright,
}) => {
  const officer = await signedIn(playwright, "officer1");
  const manager = await signedIn(playwright, "manager");
  const admin = await signedIn(playwright, "admin");
  // The change feed from here on: the seeded database's earlier changes are many.
  const since = countRows('SELECT COALESCE(MAX(seq), 0) AS n FROM "Change"');
  const name = uniqueName("Erasure farmer");
  const phone = uniquePhone();
  const village = uniqueName("Village");
  const added = await officer.post("/api/farmers", {
    data: { name, phone, village, tehsil: "Okara", district: "Okara", landAcres: 6, mainCrops: ["wheat"] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const farmerId = ((await added.json()) as { id: number }).id;

  const meeting = await officer.post("/api/posts", {
    data: { type: "FARMER_MEETING", text: uniqueName("Meeting"), headCount: 9, attendees: [{ farmerId }] },
  });
  expect(meeting.status(), await meeting.text()).toBe(201);
  const meetingId = ((await meeting.json()) as { id: number }).id;
  const started = await officer.post("/api/posts", {
    data: {
      type: "DEMO_PLOT",
      text: uniqueName("Plot"),
      lat: 30.81,
      lng: 73.45,
      plotAction: "start",
      farmerId,
      crop: "wheat",
      plotProduct: "SSP",
      plotAcres: 1,
      controlAcres: 1,
      sownOn: karachiDay(-20),
      harvestDueOn: karachiDay(100),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const plotId = ((await started.json()) as { plot: { id: number } }).plot.id;

  // Every read where the farmer appears, with who reads it.
  const reads: Array<[APIRequestContext, string]> = [
    [officer, `/farmers/${farmerId}`],
    [officer, `/posts/${meetingId}`],
    [officer, `/plots/${plotId}`],
    [officer, "/plots"],
    [officer, "/dealer-map"],
    [officer, `/api/farmers/${farmerId}`],
    [officer, `/api/plots/${plotId}`],
    [officer, `/api/plots?farmerId=${farmerId}`],
    [admin, `/api/changes?entity=farmer&since=${since}&limit=200`],
    [admin, `/api/changes?entity=post&since=${since}&limit=200`],
    [admin, `/api/changes?entity=plot&since=${since}&limit=200`],
  ];
  const traces = [name, phone.slice(1), phone.slice(4), village];
  for (const [reader, url] of reads) {
    const text = await (await reader.get(url)).text();
    expect(text, `${url} shows the farmer before the erasure`).toContain(name);
  }

  const erased = await manager.post(`/api/farmers/${farmerId}/erase`);
  expect(erased.status(), await erased.text()).toBe(200);

  // Searches, lists and the aggregate report join the reads after the erasure.
  const after: Array<[APIRequestContext, string]> = [
    ...reads,
    [officer, `/api/farmers/${farmerId}/meetings`],
    // The pages' searches echo what was typed: tests/e2e/farmers/farmers.nojs.spec.ts reads their results.
    [officer, "/farmers"],
    [officer, `/api/farmers?${new URLSearchParams({ query: name })}`],
    [officer, `/api/farmers?${new URLSearchParams({ query: phone.slice(4) })}`],
    [officer, "/"],
    [officer, "/api/posts?limit=50"],
    [manager, "/reports?view=farmers"],
    [manager, "/api/farmers/report?format=csv"],
    [manager, "/api/farmers/report?groupBy=product"],
  ];
  for (const [reader, url] of after) {
    const response = await reader.get(url);
    expect(response.status(), url).toBe(200);
    const text = await response.text();
    for (const trace of traces) expect(text, `${url} shows ${trace}`).not.toContain(trace);
  }
  await Promise.all([officer, manager, admin].map((context) => context.dispose()));
});
