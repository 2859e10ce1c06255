import { beforeEach, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { prisma, resetDatabase } from "../../tests/support/db";
import { gridWorkbook } from "../../tests/support/spreadsheets";
import { english } from "../../tests/support/english";
import { UNREADABLE } from "~/infra/spreadsheet-file.server";
import { AppError } from "~/lib/app-error";
import { NOT_EXCEL } from "~/lib/dealer-import";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";
import { CHOOSE_TEAM, farmerTemplate, IMPORT_TEAM_UNKNOWN, importFarmers } from "~/models/farmer-import.server";
import { FARMER_IMPORT_FORBIDDEN, FORBIDDEN } from "~/models/policy";
import { TOO_MANY_ROWS } from "~/models/spreadsheet-import.server";
import type { Viewer } from "~/models/team-scope.server";

beforeEach(resetDatabase);

const HEADER = [...FARMER_IMPORT_HEADER];
type Cell = string | number | null;
/** A row of the template's columns: name, phone, village, tehsil, district, land, crops, dealer. */
const row = (name: string, phone: Cell, ...rest: Cell[]): Cell[] => [
  name,
  phone,
  ...[
    rest[0] ?? "Chak 45",
    rest[1] ?? "Sahiwal",
    rest[2] ?? "Sahiwal",
    rest[3] ?? 12.5,
    rest[4] ?? null,
    rest[5] ?? null,
  ],
];

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId },
    select: { id: true, role: true, teamId: true },
  });
}

async function world() {
  const north = (await prisma.team.create({ data: { name: "North" } })).id;
  const south = (await prisma.team.create({ data: { name: "South" } })).id;
  const manager = await person("manager", "MANAGER", null);
  await prisma.teamManager.create({ data: { teamId: north, userId: manager.id } });
  const admin = await person("admin", "ADMIN", null);
  const officer = await person("officer", "OFFICER", north);
  const place = { street: "Main Bazaar", city: "Sahiwal", state: "Punjab", lat: 30.6, lng: 73.1 };
  const dealer = await prisma.dealer.create({ data: { businessName: "Kissan Traders", ...place } });
  // Two dealers share a name: the file names them by id.
  await prisma.dealer.create({ data: { businessName: "Zarai Markaz", ...place } });
  await prisma.dealer.create({ data: { businessName: "Zarai Markaz", ...place } });
  return { north, south, manager, admin, officer, dealer };
}

/** The import, its row errors said in English as /api says them. */
const imported = (viewer: Viewer, bytes: Uint8Array, team?: number) =>
  importFarmers(viewer, bytes, { team, say: english });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, message, values } = error as AppError;
  return { status, message, values };
}

const farmerRows = () =>
  prisma.farmer.findMany({
    select: {
      name: true,
      phone: true,
      village: true,
      landHundredths: true,
      mainCrops: true,
      dealerId: true,
      teamId: true,
      createdById: true,
    },
    orderBy: { id: "asc" },
  });

describe("farmers from a spreadsheet", () => {
  it("adds every row's farmer to the team, crops by label or name, the dealer by id or exact name", async () => {
    const { north, manager, dealer } = await world();
    const result = await imported(
      manager,
      gridWorkbook([
        HEADER,
        row("Ghulam Rasool", "0300 1234567", "Chak 45", "Sahiwal", "Sahiwal", 12.5, "Wheat, cotton", "Kissan Traders"),
        [null, null],
        ["Allah Ditta", null, null, "Okara", "Okara", "3", null, String(dealer.id)],
      ]),
    );
    expect(result).toEqual({ total: 2, farmers: 2, failed: 0, errors: [] });
    expect(await farmerRows()).toEqual([
      {
        name: "Ghulam Rasool",
        phone: "+923001234567",
        village: "Chak 45",
        landHundredths: 1250,
        mainCrops: '["wheat","cotton"]',
        dealerId: dealer.id,
        teamId: north,
        createdById: manager.id,
      },
      {
        name: "Allah Ditta",
        phone: null,
        village: null,
        landHundredths: 300,
        mainCrops: "[]",
        dealerId: dealer.id,
        teamId: north,
        createdById: manager.id,
      },
    ]);
  });

  it("writes nothing when a row has an error, and names every bad row", async () => {
    const { admin, south } = await world();
    await imported(admin, gridWorkbook([HEADER, row("Registered", "0301 7654321")]), south);
    const before = await farmerRows();
    const result = await imported(
      admin,
      gridWorkbook([
        HEADER,
        row("Good One", "0300 1111111"),
        row("", "0300 2222222"),
        row("Too Big", null, null, null, null, 20_000),
        row("Twice", "0300 1111111"),
        row("Taken", "03017654321"),
        row("Bad Crop", null, null, null, null, 2, "Tobacco"),
        row("Which Dealer", null, null, null, null, 2, null, "Zarai Markaz"),
        row("No Dealer", null, null, null, null, 2, null, "Nobody's Shop"),
        row("Bad Phone", "12345"),
      ]),
      south,
    );
    expect(result).toEqual({
      total: 9,
      farmers: 0,
      failed: 8,
      errors: [
        "Row 3: Name is required",
        "Row 4: Land must be from 0.01 to 10,000 acres, with at most two decimals",
        "Row 5: The phone +923001111111 is also in row 2",
        "Row 6: The phone +923017654321 is already the phone of Registered",
        "Row 7: Main crops must be among: wheat, cotton, rice, sugarcane, maize, vegetables, orchards, fodder, other",
        "Row 8: Several dealers are named Zarai Markaz: give the dealer's id instead",
        "Row 9: No dealer is named Nobody's Shop",
        "Row 10: Phone must be a Pakistani mobile number, such as 0300 1234567",
      ],
    });
    expect(await farmerRows()).toEqual(before);
  });

  it("names no farmer of another team whose phone a row has", async () => {
    const { admin, manager, south } = await world();
    await imported(admin, gridWorkbook([HEADER, row("Southern Farmer", "0301 7654321")]), south);
    const result = await imported(manager, gridWorkbook([HEADER, row("Again", "0301 7654321")]));
    expect(result.errors).toEqual([
      "Row 2: The phone +923017654321 is already the phone of a farmer another team works with",
    ]);
    expect(await prisma.farmer.count()).toBe(1);
  });

  it("refuses a file it cannot take whole, before any row: not Excel, broken, unknown or missing columns, too many rows", async () => {
    const { manager } = await world();
    const cases: Array<[Uint8Array, number, string | RegExp]> = [
      [new TextEncoder().encode("Name,Phone\nGhulam,0300 1234567"), 415, english(NOT_EXCEL)],
      // An .xlsx is a zip: its first bytes and nothing that opens.
      [
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("not a workbook at all")]),
        400,
        english(UNREADABLE),
      ],
      [gridWorkbook([HEADER]), 400, "The spreadsheet has no farmer rows."],
      [
        gridWorkbook([[...HEADER, "Cattle"], row("A", null)]),
        400,
        /^The spreadsheet has unknown column\(s\): "Cattle"\. Its columns are: Name, Phone/,
      ],
      [
        gridWorkbook([
          ["Name", "Phone"],
          ["A", null],
        ]),
        400,
        "The spreadsheet is missing the column(s): Tehsil, District, Land (acres).",
      ],
      [
        gridWorkbook([["Name", "name", "Tehsil", "District", "Land (acres)"]]),
        400,
        'The spreadsheet has the column "name" twice.',
      ],
      [
        gridWorkbook([HEADER, ...Array.from({ length: 10_001 }, (_, n) => row(`Farmer ${n}`, null))]),
        413,
        english(TOO_MANY_ROWS),
      ],
    ];
    for (const [bytes, status, message] of cases) {
      const refused = await refusal(imported(manager, bytes));
      expect(refused.status, String(message)).toBe(status);
      expect(english(refused.message, refused.values)).toMatch(message);
    }
    expect(await prisma.farmer.count()).toBe(0);
  });

  it("takes a file for a team the importer leads, any team an admin names, and none for an officer", async () => {
    const { north, south, manager, admin, officer } = await world();
    const file = gridWorkbook([HEADER, row("Ghulam Rasool", null)]);
    expect(await refusal(imported(manager, file, south))).toEqual({
      status: 403,
      message: FARMER_IMPORT_FORBIDDEN,
    });
    expect(await refusal(imported(officer, file, north))).toEqual({ status: 403, message: FORBIDDEN });
    // An admin may import for every team: which one is theirs to say.
    expect(await refusal(imported(admin, file))).toEqual({ status: 400, message: CHOOSE_TEAM });
    expect(await refusal(imported(admin, file, 999_999))).toEqual({
      status: 400,
      message: IMPORT_TEAM_UNKNOWN,
    });
    expect(await prisma.farmer.count()).toBe(0);
    expect(await imported(admin, file, south)).toMatchObject({ farmers: 1 });
    expect(await prisma.farmer.findFirst({ select: { teamId: true } })).toEqual({ teamId: south });
  });

  it("gives a template whose example row imports as it is", async () => {
    const { manager } = await world();
    const book = XLSX.read(await farmerTemplate(english));
    expect(book.SheetNames).toEqual(["Farmers", "How to fill"]);
    const grid = XLSX.utils.sheet_to_json<Cell[]>(book.Sheets.Farmers!, { header: 1, defval: null });
    expect(grid[0]).toEqual(HEADER);
    // How to fill it: plain text, the columns named as the header names them.
    const help = XLSX.utils.sheet_to_json<Cell[]>(book.Sheets["How to fill"]!, { header: 1, defval: null });
    expect(help[0]).toEqual(["One row a farmer. Required: Name, Tehsil, District and Land (acres), such as 12.5."]);
    expect(await imported(manager, await farmerTemplate(english))).toMatchObject({ farmers: 1, failed: 0 });
  });
});
