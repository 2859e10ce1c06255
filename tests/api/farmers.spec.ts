import type { APIRequestContext, APIResponse } from "@playwright/test";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";
import { gridWorkbook } from "../support/spreadsheets";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";

// The farmer register through /api (decision 94): add, search, read, change and erase, scoped to
// the team that works with the farmer; bad input answers 4xx with a message and writes nothing
// (another team's farmer: tests/resilience/farmers-scoping.test.ts); after an erasure no read
// finds the farmer's name or phone. POST /api/farmers/import (decision 99): a good file adds every
// farmer, a bad one answers 4xx and adds none.

async function signIn(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string | RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toMatch(error);
}

/** A mobile no other run of the suite has used: 0300 and seven digits of the clock and chance. */
function uniquePhone(): string {
  const digits = `${Date.now() % 10_000}${Math.floor(Math.random() * 1000)}`.padStart(7, "0").slice(-7);
  return `0301${digits}`;
}

function farmerFields(name: string, phone = uniquePhone()) {
  return {
    name,
    phone,
    village: `${name} Chak`,
    tehsil: "Sahiwal",
    district: "Sahiwal",
    landAcres: 12.5,
    mainCrops: ["wheat"],
  };
}

type Farmer = { id: number; name: string; phone: string | null; village: string | null; landAcres: number };

test("an officer adds a farmer, finds them by name and phone digits, and changes their land", async ({ request }) => {
  await signIn(request, "officer1");
  const name = uniqueName("Farmer");
  const fields = farmerFields(name);
  const created = await request.post("/api/farmers", { data: fields });
  expect(created.status(), await created.text()).toBe(201);
  const farmer = (await created.json()) as Farmer;
  expect(farmer).toMatchObject({ name, phone: `+92${fields.phone.slice(1)}`, landAcres: 12.5, mainCrops: ["wheat"] });

  for (const query of [name, fields.phone.slice(4)]) {
    const found = (await (await request.get(`/api/farmers?${new URLSearchParams({ query })}`)).json()) as {
      farmers: Farmer[];
    };
    expect(
      found.farmers.map((one) => one.id),
      query,
    ).toEqual([farmer.id]);
  }
  const patched = await request.patch(`/api/farmers/${farmer.id}`, { data: { landAcres: "3.25" } });
  expect(await patched.json()).toMatchObject({ id: farmer.id, name, landAcres: 3.25 });
});

test("a farmer sent again with the same Idempotency-Key is added once; the key with other fields answers 422", async ({
  request,
}) => {
  await signIn(request, "officer1");
  const name = uniqueName("Farmer");
  // No phone: nothing else would stop the second farmer.
  const fields = { ...farmerFields(name), phone: null };
  const headers = { "Idempotency-Key": `farmer-${name.replace(/\W/g, "")}-key` };
  const first = await request.post("/api/farmers", { data: fields, headers });
  expect(first.status(), await first.text()).toBe(201);
  expect(first.headers()["idempotent-replayed"]).toBeUndefined();
  const again = await request.post("/api/farmers", { data: fields, headers });
  expect(again.status()).toBe(201);
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  expect(((await again.json()) as Farmer).id).toBe(((await first.json()) as Farmer).id);
  await expectError(
    await request.post("/api/farmers", { data: { ...fields, landAcres: 3 }, headers }),
    422,
    "Idempotency-Key was already used for a different request",
  );
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", name)).toBe(1);
});

test("bad input, a phone already registered and an officer's erasure answer 4xx and write nothing", async ({
  request,
}) => {
  await signIn(request, "officer1");
  const name = uniqueName("Farmer");
  await expectError(
    await request.post("/api/farmers", { data: { ...farmerFields(name), landAcres: 20000 } }),
    400,
    /Land must be from 0.01 to 10,000 acres/,
  );
  await expectError(
    await request.post("/api/farmers", { data: { ...farmerFields(name), phone: "12345" } }),
    400,
    /Pakistani mobile/,
  );
  await expectError(
    await request.post("/api/farmers", { data: { ...farmerFields(name), mainCrops: ["poppy"] } }),
    400,
    /Main crops must be among/,
  );
  await expectError(
    await request.post("/api/farmers", { data: { ...farmerFields(name), dealerId: 999_999 } }),
    400,
    "Dealer not found.",
  );
  // By the name this test alone uses: other specs add farmers to the same database meanwhile.
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", name)).toBe(0);

  const first = (await (await request.post("/api/farmers", { data: farmerFields(name) })).json()) as Farmer;
  await expectError(
    await request.post("/api/farmers", { data: farmerFields(uniqueName("Second"), first.phone!) }),
    409,
    `This phone is already the phone of ${name}: open their page instead of adding them again.`,
  );

  await expectError(await request.patch(`/api/farmers/${first.id}`, { data: { landAcres: 0 } }), 400, /Land must be/);
  await expectError(
    await request.post(`/api/farmers/${first.id}/erase`),
    403,
    "Only the managers of the farmer's team and admins can erase a farmer.",
  );
  await expectError(await request.get("/api/farmers/999999"), 404, "Farmer not found.");
  expect(
    countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = 'Taken' OR erasedAt IS NOT NULL AND id = ?", first.id),
  ).toBe(0);
});

test("once erased, no read finds the farmer's name or phone: the list, the farmer, the change feed; erasing again is 409", async ({
  request,
  playwright,
}) => {
  await signIn(request, "officer1");
  const name = uniqueName("Erasable");
  const fields = farmerFields(name);
  const farmer = (await (await request.post("/api/farmers", { data: fields })).json()) as Farmer;
  await request.patch(`/api/farmers/${farmer.id}`, { data: { landAcres: 2 } });

  const manager = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(manager, "manager");
  const erased = await manager.post(`/api/farmers/${farmer.id}/erase`);
  expect(erased.status(), await erased.text()).toBe(200);
  expect(await erased.json()).toMatchObject({ id: farmer.id, name: "Erased farmer", phone: null, village: null });
  await expectError(
    await manager.post(`/api/farmers/${farmer.id}/erase`),
    409,
    "This farmer's personal data has already been erased.",
  );
  await expectError(await request.patch(`/api/farmers/${farmer.id}`, { data: { name } }), 409, /already been erased/);

  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(admin, "admin");
  const reads = [
    await request.get(`/api/farmers?${new URLSearchParams({ query: name })}`),
    await request.get(`/api/farmers?${new URLSearchParams({ query: fields.phone.slice(4) })}`),
    await request.get(`/api/farmers/${farmer.id}`),
    await admin.get("/api/changes?entity=farmer&limit=200"),
  ];
  const traces = [name, fields.phone.slice(1), fields.phone.slice(4), `${name} Chak`];
  for (const read of reads) {
    expect(read.status()).toBe(200);
    const text = await read.text();
    for (const trace of traces) expect(text, `${read.url()} shows ${trace}`).not.toContain(trace);
  }
  const feed = (await (await admin.get("/api/changes?entity=farmer&limit=200")).json()) as {
    items: Array<{ id: number }>;
  };
  expect(feed.items.filter((item) => item.id === farmer.id).length).toBeGreaterThanOrEqual(3);
  await Promise.all([manager.dispose(), admin.dispose()]);
});

const xlsxFile = (grid: Array<Array<string | number | null>>) => ({
  file: {
    name: "farmers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: gridWorkbook(grid),
  },
});

test("farmers come in from a spreadsheet for the manager's team: every row written, each in the change feed", async ({
  request,
}) => {
  const prefix = uniqueName("Imported");
  const lastChange = countRows("SELECT COALESCE(MAX(seq), 0) AS n FROM Change");
  await signIn(request, "manager");
  const imported = await request.post("/api/farmers/import", {
    multipart: xlsxFile([
      [...FARMER_IMPORT_HEADER],
      [`${prefix} Rasool`, uniquePhone(), "Chak 45", "Sahiwal", "Sahiwal", 12.5, "wheat, Cotton"],
      [`${prefix} Ditta`, null, null, "Okara", "Okara", "3"],
    ]),
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(await imported.json()).toEqual({ total: 2, farmers: 2, failed: 0, errors: [] });
  const found = (await (await request.get(`/api/farmers?${new URLSearchParams({ query: prefix })}`)).json()) as {
    farmers: Array<{ name: string; mainCrops: string[]; team: { id: number } | null }>;
  };
  expect(found.farmers.map(({ name, mainCrops }) => ({ name, mainCrops }))).toEqual([
    { name: `${prefix} Ditta`, mainCrops: [] },
    { name: `${prefix} Rasool`, mainCrops: ["wheat", "cotton"] },
  ]);
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM Change WHERE entity = 'farmer' AND op = 'created' AND seq > ? AND entityId IN (SELECT id FROM Farmer WHERE name LIKE ?)",
      lastChange,
      `${prefix}%`,
    ),
  ).toBe(2);
});

test("a malformed farmers import is answered with a clear 4xx, and nothing is written", async ({ request }) => {
  const prefix = uniqueName("Refused");
  const phone = uniquePhone();
  const farmers = () => countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name LIKE ?", `${prefix}%`);
  await signIn(request, "manager");
  const post = (multipart: Record<string, unknown>, query = "") =>
    request.post(`/api/farmers/import${query}`, { multipart: multipart as never });

  const rows = await post(
    xlsxFile([
      [...FARMER_IMPORT_HEADER],
      [`${prefix} Good`, phone, null, "Okara", "Okara", 3],
      [`${prefix} Twice`, phone, null, "Okara", "Okara", 3],
      [`${prefix} Huge`, null, null, "Okara", "Okara", 50_000],
      [null, null, null, "Okara", "Okara", 3],
    ]),
  );
  expect(rows.status(), await rows.text()).toBe(422);
  expect(await rows.json()).toEqual({
    error: "3 of 4 rows have errors. Nothing was imported: correct them and import the file again.",
    fieldErrors: {
      file: [
        `Row 3: The phone +92${phone.slice(1)} is also in row 2`,
        "Row 4: Land must be from 0.01 to 10,000 acres, with at most two decimals",
        "Row 5: Name is required",
      ],
    },
    requestId: expect.any(String),
  });
  await expectError(
    await post(
      xlsxFile([
        ["Name", "Phone"],
        [`${prefix} A`, phone],
      ]),
    ),
    400,
    "The spreadsheet is missing the column(s): Tehsil, District, Land (acres).",
  );
  await expectError(
    await post({ file: { name: "farmers.xlsx", mimeType: "text/csv", buffer: Buffer.from("Name,Phone\n") } }),
    415,
    "Please select an Excel file (.xlsx or .xls)",
  );
  await expectError(
    await post({
      file: { name: "farmers.xlsx", mimeType: "application/zip", buffer: Buffer.from("PK\u0003\u0004 broken zip") },
    }),
    400,
    "The file could not be read as an Excel spreadsheet.",
  );
  await expectError(await post({ note: "no file" }), 400, /Excel file/);
  await expectError(await post(xlsxFile([[...FARMER_IMPORT_HEADER]]), "?team=abc"), 400, "team must be a team's id");
  expect(farmers()).toBe(0);

  await signIn(request, "officer1");
  await expectError(
    await post(xlsxFile([[...FARMER_IMPORT_HEADER], [`${prefix} B`, null, null, "Okara", "Okara", 3]])),
    403,
    "You don't have permission to access this page.",
  );
  expect(farmers()).toBe(0);
});
