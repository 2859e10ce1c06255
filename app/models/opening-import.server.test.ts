import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { gridWorkbook } from "../../tests/support/spreadsheets";
import { AppError } from "~/lib/app-error";
import { NOT_EXCEL } from "~/lib/dealer-import";
import { openingImportNotice } from "~/components/dealers/opening-import-notice";
import { type ImportRowError, rowErrorLine } from "~/models/import-row-error";
import { english } from "../../tests/support/english";
import { importOpeningBalances, openingTemplate } from "~/models/opening-import.server";

beforeEach(resetDatabase);

const HEADER = ["Dealer ID", "Business Name", "City", "Opening Balance", "Reason"];

async function setUp() {
  const admin = await prisma.user.create({
    data: { username: "admin", email: "admin@example.pk", passwordHash: "x", role: "ADMIN" },
    select: { id: true, role: true, teamId: true },
  });
  const manager = await prisma.user.create({
    data: { username: "manager", email: "manager@example.pk", passwordHash: "x", role: "MANAGER" },
    select: { id: true, role: true, teamId: true },
  });
  const dealer = (businessName: string, city: string) =>
    prisma.dealer.create({
      data: { businessName, street: "Grain Market", city, state: "Punjab", lat: 31.5, lng: 74.3 },
      select: { id: true },
    });
  const [first, second, twinA, twinB] = [
    await dealer("Rizwan Traders", "Okara"),
    await dealer("Kissan Agro", "Sahiwal"),
    await dealer("Twin Seeds", "Multan"),
    await dealer("Twin Seeds", "Multan"),
  ];
  return { admin, manager, dealers: { first, second, twinA, twinB } };
}

const openings = () =>
  prisma.ledgerEntry.findMany({
    where: { kind: "OPENING" },
    select: { dealerId: true, amountCents: true, reason: true },
    orderBy: { dealerId: "asc" },
  });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return {
    status: (error as AppError).status,
    message: english((error as AppError).message, (error as AppError).values),
  };
}

/** The row errors as an English page and reader read them. */
const lines = (errors: ImportRowError[]) => errors.map((error) => rowErrorLine(english, error));

describe("opening balances from a spreadsheet", () => {
  it("opens every dealer of the file, by id or by exact name and city, and the same file again adds nothing", async () => {
    const { admin, dealers } = await setUp();
    const file = gridWorkbook([
      HEADER,
      [dealers.first.id, null, null, "125,000.50", "Ledger of 2026"],
      [null, "Kissan Agro", "Sahiwal", -500, null],
    ]);
    const result = await importOpeningBalances(admin, file);
    expect(result).toEqual({ total: 2, opened: 2, failed: 0, replayed: false, errors: [] });
    expect(openingImportNotice(english, result).description).toBe("2 opening balances imported successfully.");
    expect(await openings()).toEqual([
      { dealerId: dealers.first.id, amountCents: 12_500_050n, reason: "Ledger of 2026" },
      { dealerId: dealers.second.id, amountCents: -50_000n, reason: null },
    ]);

    const again = await importOpeningBalances(admin, file);
    expect(again).toMatchObject({ opened: 2, replayed: true, failed: 0 });
    expect(openingImportNotice(english, again).description).toBe(
      "This file was already imported: 2 opening balances, nothing added.",
    );
    expect(await openings()).toHaveLength(2);
  });

  it("refuses the whole file when any row fails, naming each row, and writes nothing", async () => {
    const { admin, dealers } = await setUp();
    await importOpeningBalances(admin, gridWorkbook([HEADER, [dealers.second.id, null, null, "10", null]]));
    const result = await importOpeningBalances(
      admin,
      gridWorkbook([
        HEADER,
        [dealers.first.id, null, null, "100.00", null],
        [999_999, null, null, "5", null],
        [null, "Rizwan traders", "Okara", "5", null],
        [null, "Twin Seeds", "Multan", "5", null],
        [dealers.first.id, null, null, "1.234", null],
        [null, null, "Okara", null, "why"],
        [null, "Kissan Agro", "Sahiwal", "10000000000", null],
      ]),
    );
    expect({ ...result, errors: lines(result.errors) }).toEqual({
      total: 7,
      opened: 0,
      failed: 6,
      replayed: false,
      errors: [
        "Row 3: Dealer ID 999999 not found",
        'Row 4: No dealer is named "Rizwan traders" in Okara',
        'Row 5: 2 dealers are named "Twin Seeds" in Multan: give the Dealer ID',
        "Row 6: Rizwan Traders is also in row 2; Enter an amount in dollars, with at most 2 decimals.",
        "Row 7: Dealer ID, or Business Name and City, is required; Opening Balance is required",
        "Row 8: An amount can be at most $1,000,000,000.00.",
      ],
    });
    expect(openingImportNotice(english, result)).toEqual({
      title: "Import Failed",
      description: "6 of 7 rows have errors. Nothing was imported: correct them and import the file again.",
      type: "error",
    });

    // Every row well formed, but one dealer already has an opening balance: nothing is written.
    const standing = await importOpeningBalances(
      admin,
      gridWorkbook([
        HEADER,
        [dealers.first.id, null, null, "100.00", null],
        [dealers.second.id, null, null, "7", null],
      ]),
    );
    expect(lines(standing.errors)).toEqual(["Row 3: Kissan Agro already has an opening balance (reverse it first)"]);
    expect((await openings()).map((entry) => entry.dealerId)).toEqual([dealers.second.id]);
  });

  it("refuses a file that is no spreadsheet, lacks a column or has no rows, and anyone but an admin", async () => {
    const { admin, manager } = await setUp();
    expect(await refusal(importOpeningBalances(admin, new TextEncoder().encode("id,amount\n1,5")))).toEqual({
      status: 415,
      message: english(NOT_EXCEL),
    });
    expect(
      await refusal(
        importOpeningBalances(
          admin,
          gridWorkbook([
            ["Dealer ID", "Amount"],
            [1, 5],
          ]),
        ),
      ),
    ).toEqual({
      status: 400,
      message: "The spreadsheet is missing the column(s): Opening Balance.",
    });
    expect(await refusal(importOpeningBalances(admin, gridWorkbook([["Opening Balance"], [5]])))).toEqual({
      status: 400,
      message: "The spreadsheet is missing the column(s): Dealer ID (or Business Name and City).",
    });
    expect(await refusal(importOpeningBalances(admin, await openingTemplate()))).toEqual({
      status: 400,
      message: "The spreadsheet has no opening balance rows.",
    });
    expect(
      (await refusal(importOpeningBalances(manager, gridWorkbook([HEADER, [1, null, null, 5, null]])))).status,
    ).toBe(403);
    expect(await openings()).toEqual([]);
  });
});
