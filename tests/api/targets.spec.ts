import type { APIRequestContext, APIResponse } from "@playwright/test";
import { countRows, expect, test } from "../e2e/support/fixtures";
import { karachiDate } from "../e2e/support/days";
import { newOfficer } from "../e2e/targets/support";
import { gridWorkbook } from "../support/spreadsheets";
import { TARGET_IMPORT_HEADER } from "~/lib/target-import";

// Targets through /api (decision 84): GET /api/targets (scoped as the pages are), PUT
// /api/officers/{id}/targets/{period}, POST /api/targets/copy and POST /api/targets/import (a
// manager for the teams they lead, an admin for anyone), and their refusals, which write nothing.

async function signIn(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string | RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toMatch(error);
}

type Progress = {
  period: string;
  people: Array<{
    id: number;
    targets: Record<string, number | string | null>;
    progress: Array<{ measure: string; target: number; actual: number; percent: number; status: string }>;
  }>;
  teams: Array<{ team: { id: number }; officers: number; progress: Array<{ measure: string; target: number }> }>;
};

test("a manager sets an officer's targets and reads them back with progress; the officer sees their own and the team's totals", async ({
  request,
  playwright,
}) => {
  const officer = await newOfficer(request);
  const month = karachiDate().slice(0, 7);
  await signIn(request, "manager");
  const put = await request.put(`/api/officers/${officer.id}/targets/${month}`, {
    data: { sspBags: 300, salesAmount: "250000.50", farmerMeetings: "12", demoPlots: null },
  });
  expect(put.status(), await put.text()).toBe(200);
  expect(await put.json()).toEqual({
    officerId: officer.id,
    period: month,
    targets: {
      sspBags: 300,
      organicBags: null,
      sulfurBags: null,
      salesAmount: "250000.50",
      recoveryAmount: null,
      dealerVisits: null,
      farmerMeetings: 12,
      demoPlots: null,
    },
  });

  const own = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(own, officer.username, "target-pass-1");
  expect((await own.post("/api/posts", { data: { type: "FARMER_MEETING", text: "Village" } })).status()).toBe(201);
  const mine = (await (await own.get("/api/targets")).json()) as Progress;
  await own.dispose();
  expect(mine.period).toBe(month);
  expect(mine.people.map((person) => person.id)).toEqual([officer.id]);
  expect(mine.people[0]!.targets.salesAmount).toBe("250000.50");
  expect(mine.people[0]!.progress).toEqual([
    expect.objectContaining({ measure: "sspBags", target: 300, actual: 0, percent: 0 }),
    expect.objectContaining({ measure: "salesAmount", target: 250000_50, actual: 0 }),
    expect.objectContaining({ measure: "farmerMeetings", target: 12, actual: 1, percent: 8 }),
  ]);
  // The team's totals: at least this officer's targets, added to the others'.
  const team = mine.teams[0]!;
  expect(team.progress.find((measure) => measure.measure === "farmerMeetings")!.target).toBeGreaterThanOrEqual(12);

  const managers = (await (await request.get(`/api/targets?period=${month}`)).json()) as Progress;
  expect(managers.people.find((person) => person.id === officer.id)?.targets.sspBags).toBe(300);
});

test("copies last period's targets with a percentage", async ({ request }) => {
  const officer = await newOfficer(request);
  await signIn(request, "manager");
  expect(
    (await request.put(`/api/officers/${officer.id}/targets/KHARIF-2031`, { data: { dealerVisits: 50 } })).status(),
  ).toBe(200);
  const copy = await request.post("/api/targets/copy", { data: { period: "RABI-2031", percent: -10 } });
  expect(copy.status(), await copy.text()).toBe(200);
  expect(((await copy.json()) as { officers: number }).officers).toBeGreaterThanOrEqual(1);
  const rabi = (await (await request.get("/api/targets?period=RABI-2031")).json()) as Progress;
  expect(rabi.people.find((person) => person.id === officer.id)?.targets.dealerVisits).toBe(45);
});

test("bad targets are answered with a clear 4xx and nothing is written", async ({ request }) => {
  const officer = await newOfficer(request);
  await signIn(request, "manager");
  const put = (path: string, data: unknown) => request.put(path, { data });
  const at = `/api/officers/${officer.id}/targets/2026-11`;
  await expectError(
    await put(at, { sspBags: -1 }),
    400,
    /SSP Fertilizer \(bags\) must be a whole number from 1 to 1,000,000/,
  );
  await expectError(await put(at, { salesAmount: "1e15" }), 400, /Sales must be an amount from 0.01 to 100,000,000/);
  // Absurd: one past the largest target.
  await expectError(
    await put(at, { sspBags: 1_000_001 }),
    400,
    /SSP Fertilizer \(bags\) must be a whole number from 1 to 1,000,000/,
  );
  await expectError(
    await put(at, { salesAmount: "100000000.01" }),
    400,
    /Sales must be an amount from 0.01 to 100,000,000/,
  );
  await expectError(await put(at, { ureaBags: 10 }), 400, /Unknown field "ureaBags"/);
  await expectError(
    await put(`/api/officers/${officer.id}/targets/9999-01`, { sspBags: 1 }),
    400,
    /^Period must be a month/,
  );
  await expectError(
    await put(`/api/officers/${officer.id}/targets/RABI-2100`, { sspBags: 1 }),
    400,
    /^Period must be a month/,
  );
  for (const malformed of ["2026-13", "2026-00", "RABI-26", "WINTER-2026", "november"]) {
    await expectError(
      await put(`/api/officers/${officer.id}/targets/${malformed}`, { sspBags: 1 }),
      400,
      /^Period must be a month/,
    );
  }
  await expectError(await put("/api/officers/999999999/targets/2026-11", { sspBags: 1 }), 404, "Officer not found.");
  await expectError(await put("/api/officers/abc/targets/2026-11", { sspBags: 1 }), 404, "Officer not found.");
  await expectError(
    await request.post("/api/targets/copy", { data: { period: "2026-11", percent: 1000 } }),
    400,
    /Percentage/,
  );
  await expectError(
    await request.post("/api/targets/copy", { data: { period: "9999-01", percent: 10 } }),
    400,
    /^Period must be a month/,
  );
  await expectError(
    await request.post("/api/targets/copy", { data: { period: "2026-11", percent: 10, ureaBags: 5 } }),
    400,
    /Unknown field "ureaBags"/,
  );
  await expectError(await request.get("/api/targets?period=9999-12"), 400, /Period must be a month/);
  await expectError(await request.get("/api/targets?period=2026-13"), 400, /Period must be a month/);
  expect(countRows("SELECT COUNT(*) AS n FROM Target WHERE userId = ?", officer.id)).toBe(0);

  await signIn(request, officer.username, "target-pass-1");
  await expectError(await put(at, { sspBags: 10 }), 403, "You don't have permission to access this page.");
  expect(countRows("SELECT COUNT(*) AS n FROM Target WHERE userId = ?", officer.id)).toBe(0);
});

const IMPORT_HEADER = [...TARGET_IMPORT_HEADER];
const targetFile = (grid: Array<Array<string | number | null>>) => ({
  file: {
    name: "targets.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: gridWorkbook(grid),
  },
});

test("targets come in from a spreadsheet: every row written, with the change feed's entries", async ({ request }) => {
  const officer = await newOfficer(request);
  const email = `${officer.username}@example.pk`;
  const lastChange = countRows("SELECT COALESCE(MAX(seq), 0) AS n FROM Change");
  await signIn(request, "manager");
  const imported = await request.post("/api/targets/import", {
    multipart: targetFile([IMPORT_HEADER, [email, "KHARIF-2032", 300, null, null, "1250.50"], [email, "2032-05", 7]]),
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(await imported.json()).toEqual({ total: 2, officers: 2, targets: 3, failed: 0, errors: [] });
  const kharif = (await (await request.get("/api/targets?period=KHARIF-2032")).json()) as Progress;
  expect(kharif.people.find((person) => person.id === officer.id)?.targets).toMatchObject({
    sspBags: 300,
    salesAmount: "1250.50",
  });
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM Change WHERE entity = 'target' AND op = 'created' AND seq > ? AND entityId IN (SELECT id FROM Target WHERE userId = ?)",
      lastChange,
      officer.id,
    ),
  ).toBe(3);
});

test("a spreadsheet of bad targets is answered with a clear 4xx naming its rows, and nothing is written", async ({
  request,
}) => {
  const officer = await newOfficer(request);
  const email = `${officer.username}@example.pk`;
  await signIn(request, "manager");
  const post = (grid: Array<Array<string | number | null>>) =>
    request.post("/api/targets/import", { multipart: targetFile(grid) });

  const rows = await post([
    IMPORT_HEADER,
    [email, "2032-05", -1],
    [email, "9999-01", 5],
    ["nobody@example.pk", "2032-05", 5],
    [email, "2032-06", 99_999_999],
    [email, "2032-07", 5],
  ]);
  expect(rows.status(), await rows.text()).toBe(422);
  expect(await rows.json()).toEqual({
    error: "4 of 5 rows have errors. Nothing was imported: correct them and import the file again.",
    fieldErrors: {
      file: [
        "Row 2: SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000, or empty for no target",
        "Row 3: Period must be a month like 2026-11 or a season like RABI-2026 or KHARIF-2026, from 2000 to 2100",
        "Row 4: No active officer has the email nobody@example.pk",
        "Row 5: SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000, or empty for no target",
      ],
    },
    requestId: expect.any(String),
  });
  await expectError(
    await post([
      [...IMPORT_HEADER, "Urea bags"],
      [email, "2032-05", 5],
    ]),
    400,
    /^The spreadsheet has unknown column\(s\): "Urea bags"/,
  );
  await expectError(await post([IMPORT_HEADER]), 400, "The spreadsheet has no target rows.");
  await expectError(
    await request.post("/api/targets/import", {
      multipart: {
        file: { name: "targets.xlsx", mimeType: "text/csv", buffer: Buffer.from("Officer Email,Period\n") },
      },
    }),
    415,
    "Please select an Excel file (.xlsx or .xls)",
  );
  await expectError(await request.post("/api/targets/import", { multipart: { note: "no file" } }), 400, /Excel file/);
  expect(countRows("SELECT COUNT(*) AS n FROM Target WHERE userId = ?", officer.id)).toBe(0);

  await signIn(request, officer.username, "target-pass-1");
  await expectError(
    await post([IMPORT_HEADER, [email, "2032-05", 5]]),
    403,
    "You don't have permission to access this page.",
  );
  expect(countRows("SELECT COUNT(*) AS n FROM Target WHERE userId = ?", officer.id)).toBe(0);
});
