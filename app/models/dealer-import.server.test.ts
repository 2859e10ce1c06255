import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { type KeptRowError, keptRowErrorLine } from "~/models/import-row-error";
import { english } from "../../tests/support/english";
import { prisma, resetDatabase } from "../../tests/support/db";
import {
  dealerRow,
  dealerWorkbook,
  manyRowsXlsx,
  workbookFromCells,
  zipBombXlsx,
} from "../../tests/support/spreadsheets";
import { AppError } from "~/lib/app-error";
import {
  IMPORT_BATCH_SIZE,
  importDealerFile,
  importUpload,
  NOT_EXCEL,
  readDealerRows,
  saveImportUpload,
  UNPACKS_TOO_LARGE,
  UNREADABLE,
} from "~/models/dealer-import.server";
import { createDealer } from "~/models/dealer.server";
import { TOO_MANY_ROWS } from "~/models/spreadsheet-import.server";
import { spreadsheetsParsed } from "~/infra/spreadsheet-file.server";
import { HOSTILE_CASES } from "../../tests/support/hostile-files";
import { forgetStaleUploads } from "~/models/media.server";
import * as storage from "~/infra/storage.server";
import { findTown } from "~/lib/towns";
import { FAKE_SEARCH_POINT } from "../../tests/support/fake-edge.mjs";

beforeEach(resetDatabase);

/** How many searches the fake geocoder at the network edge has answered for queries holding `tag`. */
async function geocoderSearches(tag: string): Promise<number> {
  const requests = (await (await fetch(`${process.env.GEOCODER}/__requests`)).json()) as string[];
  return requests.filter((line) => line.startsWith("GET /search?") && line.includes(tag)).length;
}

/** The row errors as an English page and /api read them. */
const lines = (result: { errors: KeptRowError[] }) => result.errors.map((error) => keptRowErrorLine(english, error));

async function refusal(bytes: Uint8Array): Promise<{ status: number; message: string }> {
  try {
    await importDealerFile(bytes, { fileName: "dealers.xlsx", userId: null });
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: english(error.message, error.values) };
    throw error;
  }
  throw new Error("the import was not refused");
}

describe("importDealerFile", () => {
  it("imports good rows, reports bad rows by spreadsheet row number and skips duplicates", async () => {
    await createDealer(
      {
        businessName: "Existing Traders",
        phone: "0300-7777777",
        street: "Shop 1",
        city: "Multan",
        state: "Punjab",
        lat: 30.15,
        lng: 71.52,
        formattedAddress: "Multan",
      },
      null,
    );
    const file = dealerWorkbook([
      dealerRow(1), // row 2: good
      dealerRow(2, "Test", { business_name: null, City: "" }), // row 3: two missing fields
      dealerRow(3, "Test", { email: "nope" }), // row 4: invalid email
      dealerRow(4, "Test", { business_name: "existing traders", phone: "+92 300 7777777" }), // row 5: duplicate of the database
      dealerRow(1), // row 6: duplicate of row 2
      dealerRow(5, "Test", { phone: null }), // row 7: good, no phone
      dealerRow(6, "Test", { phone: null, business_name: dealerRow(5).business_name }), // row 8: same name + city, no phone
      dealerRow(7, "Test", { lat: "north", formatted_address: "" }), // row 9
      dealerRow(8, "Test", { State: "kpk" }), // row 10: good, province matched loosely
      dealerRow(9, "Test", { State: "Texas" }), // row 11
    ]);
    const result = await importDealerFile(file, { fileName: "dealers.xlsx", userId: null });
    expect(result).toMatchObject({ total: 10, successful: 3, failed: 7 });
    expect(lines(result)).toEqual([
      "Row 3: business_name is required; City is required",
      "Row 4: Invalid email",
      "Row 5: already in the directory (same business name and phone), skipped",
      "Row 6: already in the directory (same business name and phone), skipped",
      "Row 8: already in the directory (same business name and city), skipped",
      "Row 9: lat must be a number (-90 to 90)",
      "Row 11: State must be one of: Punjab, Sindh, Khyber Pakhtunkhwa, Balochistan, Gilgit-Baltistan, Azad Jammu & Kashmir, Islamabad Capital Territory",
    ]);
    const kp = await prisma.dealer.findFirstOrThrow({ where: { businessName: dealerRow(8).business_name as string } });
    expect(kp.state).toBe("Khyber Pakhtunkhwa");
    expect(Math.abs(kp.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(kp).toMatchObject({
      phone: "+92 300 0000008",
      email: "dealer8@example.pk",
      lat: 30.8146,
      formattedAddress: expect.stringContaining("Okara"),
    });
    expect(await prisma.dealerImport.count()).toBe(1);
  });

  it("places rows without coordinates from their address, approximate, within a bound of geocoder searches", async () => {
    const tag = `Bound${Date.now()}`;
    const unplaced = (n: number, street = `${tag} Street ${n}`) =>
      dealerRow(n, "Unplaced", { street, lat: null, lng: null, formatted_address: null });
    const file = dealerWorkbook([
      ...Array.from({ length: 5 }, (_, index) => unplaced(index + 1)),
      unplaced(6, `${tag} Street 1`), // the same address as row 2: asked once
      dealerRow(7, "Unplaced", { lat: null }), // only one coordinate: not placed
    ]);
    const searchesBefore = await geocoderSearches(tag);
    const result = await importDealerFile(file, {
      fileName: "unplaced.xlsx",
      userId: null,
      geocoder: { searches: 3, budgetMs: 60_000 },
    });
    expect(result).toMatchObject({ total: 7, successful: 6, failed: 1 });
    expect(lines(result)).toEqual(["Row 8: lat is required"]);
    expect((await geocoderSearches(tag)) - searchesBefore).toBe(3);
    const dealers = await prisma.dealer.findMany({
      where: { street: { startsWith: tag } },
      select: { street: true, lat: true, lng: true, locationApproximate: true, formattedAddress: true },
      orderBy: { id: "asc" },
    });
    expect(dealers.every((dealer) => dealer.locationApproximate)).toBe(true);
    // Three addresses from the geocoder (its one place), the same address again shares its answer,
    // and past the bound the town's centre (Okara, from the town table).
    const okara = findTown("Okara", "Punjab");
    expect(dealers.map((dealer) => [dealer.lat, dealer.lng])).toEqual([
      ...Array.from({ length: 3 }, () => [FAKE_SEARCH_POINT.lat, FAKE_SEARCH_POINT.lng]),
      [okara?.lat, okara?.lng],
      [okara?.lat, okara?.lng],
      [FAKE_SEARCH_POINT.lat, FAKE_SEARCH_POINT.lng],
    ]);
    expect(dealers[0]?.formattedAddress).toBe(`${tag} Street 1, Okara, Punjab, Pakistan`);
    expect(dealers[3]?.formattedAddress).toBe(`${tag} Street 4, Okara, Punjab`);
  });

  it("past its time budget an import asks the geocoder no more: the town table places the rest", async () => {
    const tag = `Budget${Date.now()}`;
    const file = dealerWorkbook([
      dealerRow(1, "Budget", { street: `${tag} Road`, lat: null, lng: null }),
      dealerRow(2, "Budget", { street: `${tag} Lane`, City: "Nowhere Town", lat: null, lng: null }),
    ]);
    const result = await importDealerFile(file, {
      fileName: "budget.xlsx",
      userId: null,
      geocoder: { searches: 100, budgetMs: 0 },
    });
    expect(await geocoderSearches(tag)).toBe(0);
    expect(lines(result)).toEqual([
      "Row 3: the address could not be found on the map: check street and City, or fill in lat and lng",
    ]);
    const dealer = await prisma.dealer.findFirstOrThrow({ where: { street: `${tag} Road` } });
    expect(dealer).toMatchObject({ locationApproximate: true, formattedAddress: dealerRow(1).formatted_address });
  });

  it("creates nothing when the same file is imported twice", async () => {
    const file = dealerWorkbook(Array.from({ length: 25 }, (_, index) => dealerRow(index + 1)));
    expect(await importDealerFile(file, { fileName: "a.xlsx", userId: null })).toMatchObject({
      total: 25,
      successful: 25,
      failed: 0,
      errors: [],
    });
    const second = await importDealerFile(file, { fileName: "a.xlsx", userId: null });
    expect(second).toMatchObject({ total: 25, successful: 0, failed: 25 });
    expect(lines(second)[0]).toBe("Row 2: already in the directory (same business name and phone), skipped");
    expect(await prisma.dealer.count()).toBe(25);
  });

  it("writes in batches of 10, each its own transaction", async () => {
    expect(IMPORT_BATCH_SIZE).toBe(10);
    const seen: number[] = [];
    const original = prisma.$transaction.bind(prisma);
    const spy = ((callback: unknown, options?: unknown) => {
      seen.push(1);
      return (original as (a: unknown, b?: unknown) => unknown)(callback, options);
    }) as typeof prisma.$transaction;
    prisma.$transaction = spy;
    try {
      await importDealerFile(dealerWorkbook(Array.from({ length: 23 }, (_, index) => dealerRow(index + 1))), {
        fileName: "b.xlsx",
        userId: null,
      });
    } finally {
      prisma.$transaction = original;
    }
    expect(seen).toHaveLength(3);
  });

  it("reads .xls (BIFF8) too", async () => {
    const result = await importDealerFile(dealerWorkbook([dealerRow(1), dealerRow(2)], { bookType: "biff8" }), {
      fileName: "old.xls",
      userId: null,
    });
    expect(result).toMatchObject({ total: 2, successful: 2, failed: 0 });
  });

  // Its speed is measured by scripts/bench-dealer-import.ts, not here.
  it("imports a valid file of 10,000 rows", { timeout: 120_000 }, async () => {
    const file = dealerWorkbook(Array.from({ length: 10_000 }, (_, index) => dealerRow(index + 1, "Bulk")));
    const result = await importDealerFile(file, { fileName: "bulk.xlsx", userId: null });
    expect(result).toMatchObject({ total: 10_000, successful: 10_000, failed: 0, errors: [] });
    expect(await prisma.dealer.count()).toBe(10_000);
  });
});

describe("hostile spreadsheets", () => {
  it("decides the type from the bytes, not the name", async () => {
    expect(await refusal(Buffer.from("business_name,street\nA,B\n"))).toEqual({
      status: 415,
      message: english(NOT_EXCEL),
    });
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toEqual({
      status: 415,
      message: english(NOT_EXCEL),
    });
    expect(await refusal(Buffer.from("PK\x03\x04 not really a zip"))).toEqual({
      status: 400,
      message: english(UNREADABLE),
    });
  });

  it("refuses a zip bomb, even one whose directory lies about the size", async () => {
    expect(await refusal(zipBombXlsx(200))).toEqual({ status: 413, message: english(UNPACKS_TOO_LARGE) });
    expect(await refusal(zipBombXlsx(200, { lie: true }))).toEqual({
      status: 413,
      message: english(UNPACKS_TOO_LARGE),
    });
  });

  it("refuses a sheet of 1,000,000 rows quickly", { timeout: 60_000 }, async () => {
    const file = manyRowsXlsx(1_000_000);
    const started = performance.now();
    const answer = await refusal(file);
    expect(answer.status).toBe(413);
    expect([english(TOO_MANY_ROWS), english(UNPACKS_TOO_LARGE)]).toContain(answer.message);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await refusal(manyRowsXlsx(10_001))).toEqual({ status: 413, message: english(TOO_MANY_ROWS) });
  });

  it("never evaluates formulas: a cell counts by its cached value only", async () => {
    const base = dealerRow(1);
    const rows = await readDealerRows(
      workbookFromCells(
        {
          A2: { t: "s", v: "", f: 'CONCATENATE("A","B")' },
          F2: { t: "s", v: String(base.street) },
          G2: { t: "s", v: "Okara" },
          H2: { t: "s", v: "Punjab" },
          J2: { t: "n", v: 30.8, f: "10*3.08" },
          K2: { t: "n", v: 73.4 },
          L2: { t: "s", v: "Okara, Punjab, Pakistan" },
          A3: { t: "s", v: '=HYPERLINK("http://evil.example","click")' },
        },
        "A1:L3",
      ),
    );
    expect(rows[0]?.values.businessName).toBeUndefined();
    expect(rows[0]?.values.lat).toBe("30.8");
    expect(rows[1]?.values.businessName).toBe('=HYPERLINK("http://evil.example","click")');
  });

  it("bounds huge strings and reports them as row errors", async () => {
    const result = await importDealerFile(
      dealerWorkbook([dealerRow(1, "Huge", { business_name: "B".repeat(30_000), street: "S".repeat(5_000) })]),
      {
        fileName: "huge.xlsx",
        userId: null,
      },
    );
    expect(result).toMatchObject({ total: 1, successful: 0, failed: 1 });
    expect(lines(result)).toEqual([
      "Row 2: Business name must be 200 characters or less; Street address must be 300 characters or less",
    ]);
  });

  it("refuses a sheet without the required columns", async () => {
    const answer = await refusal(dealerWorkbook([{ business_name: "X" }], { header: ["business_name", "phone"] }));
    expect(answer).toEqual({
      status: 400,
      message: "The spreadsheet is missing the column(s): Street, City, State.",
    });
  });

  it("never parses a file that already failed: the same answer again, from memory", async () => {
    const garbage = HOSTILE_CASES.find((entry) => entry.fileName === "garbage.xls")?.bytes() ?? Buffer.alloc(0);
    const before = spreadsheetsParsed();
    const first = await refusal(garbage);
    expect(first).toEqual({ status: 400, message: english(UNREADABLE) });
    expect(spreadsheetsParsed() - before).toBe(1);
    expect(await refusal(garbage)).toEqual(first);
    expect(await refusal(new Uint8Array(garbage))).toEqual(first);
    expect(spreadsheetsParsed() - before).toBe(1);
    // Another file is parsed as usual.
    expect(await refusal(dealerWorkbook([{ business_name: "X" }], { header: ["business_name"] }))).toMatchObject({
      status: 400,
    });
    expect(spreadsheetsParsed() - before).toBe(2);
  });

  describe("the hostile corpus (tests/support/hostile-files.ts), each refused with a 4xx within 10 s", () => {
    for (const hostile of HOSTILE_CASES) {
      it(hostile.name, { timeout: 60_000 }, async () => {
        const bytes = hostile.bytes();
        const started = performance.now();
        const answer = await refusal(bytes);
        const elapsed = performance.now() - started;
        console.log(`[corpus] ${hostile.fileName}: ${answer.status} in ${elapsed.toFixed(0)} ms: ${answer.message}`);
        expect(answer.status).toBe(hostile.status);
        expect(elapsed).toBeLessThan(10_000);
      });
    }
  });
});

describe("an uploaded spreadsheet is deleted once its import is done", () => {
  async function uploader() {
    return prisma.user.create({
      data: {
        username: `importer.${Math.random().toString(36).slice(2)}`,
        email: `${Math.random().toString(36).slice(2)}@example.pk`,
        passwordHash: "x",
        role: "OFFICER",
      },
    });
  }

  it("after a successful import: the file and its Upload row are gone, the import record stays", async () => {
    const user = await uploader();
    const id = await saveImportUpload(
      { name: "dealers.xlsx", bytes: dealerWorkbook([dealerRow(901, "Cleanup")]) },
      user.id,
    );
    const { storageKey } = await prisma.upload.findUniqueOrThrow({ where: { id } });
    expect(storage.isServedFile(`/${storageKey}`)).toBe(false);
    expect(fs.existsSync(path.join(storage.uploadsDirectory(), storageKey))).toBe(true);
    const result = await importUpload(id, user.id);
    expect(result.successful).toBe(1);
    expect(fs.existsSync(path.join(storage.uploadsDirectory(), storageKey))).toBe(false);
    expect(await prisma.upload.count({ where: { id } })).toBe(0);
    expect(await prisma.dealerImport.count({ where: { id: result.importId } })).toBe(1);
    // Imported again (a retry whose first answer never came): the first import's result, nothing new.
    expect(await importUpload(id, user.id)).toEqual(result);
    expect(await prisma.dealerImport.count({ where: { userId: user.id } })).toBe(1);
    // Another user cannot name it.
    const other = await uploader();
    await expect(importUpload(id, other.id)).rejects.toMatchObject({ status: 404 });
  });

  it("imported twice at once: one import, both answer it", async () => {
    const user = await uploader();
    const id = await saveImportUpload(
      { name: "dealers.xlsx", bytes: dealerWorkbook([dealerRow(903, "Twice")]) },
      user.id,
    );
    const [first, second] = await Promise.all([importUpload(id, user.id), importUpload(id, user.id)]);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ total: 1, successful: 1, failed: 0 });
    expect(await prisma.dealerImport.count({ where: { userId: user.id } })).toBe(1);
  });

  it("after a failed import too", async () => {
    const user = await uploader();
    const id = await saveImportUpload({ name: "bomb.xlsx", bytes: zipBombXlsx(60) }, user.id);
    const { storageKey } = await prisma.upload.findUniqueOrThrow({ where: { id } });
    await expect(importUpload(id, user.id)).rejects.toBeInstanceOf(AppError);
    expect(fs.existsSync(path.join(storage.uploadsDirectory(), storageKey))).toBe(false);
    expect(await prisma.upload.count({ where: { id } })).toBe(0);
  });

  it("a spreadsheet never imported is forgotten after a day", async () => {
    const user = await uploader();
    const id = await saveImportUpload(
      { name: "dealers.xlsx", bytes: dealerWorkbook([dealerRow(902, "Stale")]) },
      user.id,
    );
    const { storageKey } = await prisma.upload.findUniqueOrThrow({ where: { id } });
    await forgetStaleUploads(Date.now() + 25 * 60 * 60 * 1000);
    expect(await prisma.upload.count({ where: { id } })).toBe(0);
    expect(fs.existsSync(path.join(storage.uploadsDirectory(), storageKey))).toBe(false);
  });
});
