import { beforeEach, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { prisma, resetDatabase } from "../../tests/support/db";
import { gridWorkbook } from "../../tests/support/spreadsheets";
import { english } from "../../tests/support/english";
import { AppError } from "~/lib/app-error";
import { FILE_TOO_LARGE, NOT_EXCEL } from "~/lib/dealer-import";
import { TARGET_IMPORT_HEADER } from "~/lib/target-import";
import { TARGETS_FORBIDDEN } from "~/models/policy";
import { TOO_MANY_ROWS } from "~/models/spreadsheet-import.server";
import { importTargets, rowErrorText, targetImportNotice, targetTemplate } from "~/models/target-import.server";
import { TARGET_PERIOD_MESSAGE } from "~/models/targets.schema";
import { importHelpLines } from "~/components/targets/target-words";
import { setTargets } from "~/models/targets.server";

beforeEach(resetDatabase);

const NOW = new Date("2026-11-22T07:00:00Z");
const HEADER = [...TARGET_IMPORT_HEADER];
type Cell = string | number | null;
/** A row of the template's columns: email, period, then the measures in TARGET_MEASURES' order. */
const row = (email: string, period: string, ...measures: Cell[]): Cell[] => [email, period, ...measures];

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
  const ayeshaId = (await person("ayesha", "OFFICER", north)).id;
  const bilal = await person("bilal", "OFFICER", north);
  // Sana works in a team the manager does not lead.
  await person("sana", "OFFICER", south);
  return { manager, admin, officer, ayeshaId, bilal };
}

const targetRows = () =>
  prisma.target.findMany({
    select: { userId: true, period: true, measure: true, value: true, setById: true },
    orderBy: [{ userId: "asc" }, { period: "asc" }, { measure: "asc" }],
  });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, message, values } = error as AppError;
  return { status, message: english(message, values) };
}

describe("targets from a spreadsheet", () => {
  it("sets every row's targets in one go; an empty cell leaves its target as it stands", async () => {
    const { manager, ayeshaId, bilal } = await world();
    await setTargets(manager, ayeshaId, "2026-11", { ...empty(), organicBags: 40, demoPlots: 2 }, NOW);
    const result = await importTargets(
      manager,
      gridWorkbook([
        HEADER,
        row("Ayesha@Example.pk", "2026-11", 300, null, null, "250,000.50", null, null, 12, null),
        row("bilal@example.pk", "RABI-2026", null, null, 15, null, 1000, 80, null, null),
        [null, null],
        row("bilal@example.pk", "KHARIF-2027", null, null, null, null, null, null, null, 3),
      ]),
      NOW,
    );
    expect(result).toEqual({ total: 3, officers: 3, targets: 7, failed: 0, forbidden: false, errors: [] });
    expect(targetImportNotice(result, english).description).toBe("7 targets of 3 officers imported successfully.");
    const by = manager.id;
    expect(await targetRows()).toEqual([
      { userId: ayeshaId, period: "2026-11", measure: "demoPlots", value: 2n, setById: by },
      { userId: ayeshaId, period: "2026-11", measure: "farmerMeetings", value: 12n, setById: by },
      { userId: ayeshaId, period: "2026-11", measure: "organicBags", value: 40n, setById: by },
      { userId: ayeshaId, period: "2026-11", measure: "salesAmount", value: 25_000_050n, setById: by },
      { userId: ayeshaId, period: "2026-11", measure: "sspBags", value: 300n, setById: by },
      { userId: bilal.id, period: "KHARIF-2027", measure: "demoPlots", value: 3n, setById: by },
      { userId: bilal.id, period: "RABI-2026", measure: "dealerVisits", value: 80n, setById: by },
      { userId: bilal.id, period: "RABI-2026", measure: "recoveryAmount", value: 100_000n, setById: by },
      { userId: bilal.id, period: "RABI-2026", measure: "sulfurBags", value: 15n, setById: by },
    ]);
  });

  it("refuses the whole file when any row fails, naming each row with the targets' own messages, and writes nothing", async () => {
    const { manager, ayeshaId } = await world();
    await setTargets(manager, ayeshaId, "2026-11", { ...empty(), sspBags: 100 }, NOW);
    const before = await targetRows();
    const result = await importTargets(
      manager,
      gridWorkbook([
        HEADER,
        row("ayesha@example.pk", "2026-11", 500),
        row("bilal@example.pk", "2026-11", -5),
        row("bilal@example.pk", "2026-12", 10_000_000),
        row("bilal@example.pk", "9999-01", 10),
        row("nobody@example.pk", "2026-11", 10),
        row("sana@example.pk", "2026-11", 10),
        row("ayesha@example.pk", "2026-11", 7),
        row("", "2026-11", null, null, null, "lots"),
      ]),
      NOW,
    );
    const bags = "SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000, or empty for no target";
    expect(result).toMatchObject({ total: 8, officers: 0, targets: 0, failed: 7, forbidden: true });
    expect(result.errors.map((error) => rowErrorText(error, english))).toEqual([
      `Row 3: ${bags}`,
      `Row 4: ${bags}`,
      `Row 5: ${english(TARGET_PERIOD_MESSAGE)}`,
      "Row 6: No active officer has the email nobody@example.pk",
      `Row 7: ${TARGETS_FORBIDDEN}`,
      "Row 8: ayesha@example.pk and 2026-11 are also in row 2",
      "Row 9: Officer Email is required; Sales must be an amount from 0.01 to 100,000,000, or empty for no target",
    ]);
    expect(targetImportNotice(result, english).description).toBe(
      "7 of 8 rows have errors. Nothing was imported: correct them and import the file again.",
    );
    expect(await targetRows()).toEqual(before);
  });

  it("refuses a file it cannot take whole, before any row: not Excel, too large, empty, unknown or missing columns, too many rows", async () => {
    const { admin } = await world();
    const cases: Array<[Uint8Array, number, string | RegExp]> = [
      [new TextEncoder().encode("Officer Email,Period\nayesha@example.pk,2026-11"), 415, english(NOT_EXCEL)],
      [new Uint8Array(10 * 1024 * 1024 + 1), 413, english(FILE_TOO_LARGE)],
      [gridWorkbook([HEADER]), 400, "The spreadsheet has no target rows."],
      [
        gridWorkbook([[...HEADER, "Urea bags"], row("ayesha@example.pk", "2026-11", 5)]),
        400,
        /^The spreadsheet has unknown column\(s\): "Urea bags"\. Its columns are: Officer Email, Period, SSP Fertilizer \(bags\)/,
      ],
      [
        gridWorkbook([
          ["Officer Email", "SSP Fertilizer (bags)"],
          ["ayesha@example.pk", 5],
        ]),
        400,
        "The spreadsheet is missing the column(s): Period.",
      ],
      [
        gridWorkbook([
          ["Officer Email", "Period"],
          ["ayesha@example.pk", "2026-11"],
        ]),
        400,
        "The spreadsheet is missing the column(s): at least one measure.",
      ],
      [
        gridWorkbook([
          ["Officer Email", "Period", "sspBags", "SSP Fertilizer (bags)"],
          ["a@example.pk", "2026-11", 1, 2],
        ]),
        400,
        'The spreadsheet has the column "SSP Fertilizer (bags)" twice.',
      ],
      [
        gridWorkbook([HEADER, ...Array.from({ length: 10_001 }, () => row("ayesha@example.pk", "2026-11", 1))]),
        413,
        english(TOO_MANY_ROWS),
      ],
    ];
    for (const [bytes, status, message] of cases) {
      const refused = await refusal(importTargets(admin, bytes, NOW));
      expect(refused.status, String(message)).toBe(status);
      expect(refused.message).toMatch(message);
    }
    expect(await prisma.target.count()).toBe(0);
  });

  it("takes a company's file: 1,500 officers, every measure, in one go", async () => {
    const { admin } = await world();
    const officers = Array.from({ length: 1500 }, (_, n) => `bulk${n}`);
    await prisma.user.createMany({
      data: officers.map((name) => ({ username: name, email: `${name}@example.pk`, passwordHash: "x" })),
    });
    const file = gridWorkbook([
      HEADER,
      ...officers.map((name) => row(`${name}@example.pk`, "KHARIF-2027", 1, 2, 3, "4.00", "5.00", 6, 7, 8)),
    ]);
    expect(await importTargets(admin, file, NOW)).toMatchObject({ total: 1500, officers: 1500, targets: 12_000 });
    expect(await prisma.target.count({ where: { period: "KHARIF-2027" } })).toBe(12_000);
  });

  it("is refused to an officer, whose targets others set", async () => {
    const { officer } = await world();
    const refused = await refusal(
      importTargets(officer, gridWorkbook([HEADER, row("ayesha@example.pk", "2026-11", 5)])),
    );
    expect(refused.status).toBe(403);
    expect(await prisma.target.count()).toBe(0);
  });

  it("gives a template of the viewer's officers and their targets, which imports back unchanged", async () => {
    const { manager, admin, ayeshaId } = await world();
    await setTargets(manager, ayeshaId, "RABI-2026", { ...empty(), sspBags: 300, salesAmount: 250_000_50 }, NOW);
    const file = await targetTemplate(manager, { period: "RABI-2026" }, importHelpLines(english));
    const book = XLSX.read(file);
    expect(book.SheetNames).toEqual(["Targets", "How to fill"]);
    expect(XLSX.utils.sheet_to_json<Cell[]>(book.Sheets["How to fill"]!, { header: 1 })).toEqual([
      ["One row an officer and period. Officer Email: the email the officer signs up with."],
      [
        "Period: a month like 2026-11, or a season: RABI-2026 (October 2026 to March 2027) or KHARIF-2027 (April to September 2027).",
      ],
      [
        "Then a column a measure (SSP Fertilizer (bags), Organic Fertilizer (bags), Sulfur (bags), Sales, Recovery, Dealer visits, Farmer meetings, Demo plots): bags and counts as whole numbers, Sales and Recovery as amounts like 250000.00.",
      ],
      [
        "An empty cell leaves that target as it is; a column left out too. To remove a target, empty it on the Targets page.",
      ],
    ]);
    const grid = XLSX.utils.sheet_to_json<Cell[]>(book.Sheets.Targets!, { header: 1, defval: null });
    expect(grid).toEqual([
      HEADER,
      row("ayesha@example.pk", "RABI-2026", 300, null, null, "250000.50", null, null, null, null),
      row("bilal@example.pk", "RABI-2026", null, null, null, null, null, null, null, null),
      row("officer@example.pk", "RABI-2026", null, null, null, null, null, null, null, null),
    ]);
    const before = await targetRows();
    expect(await importTargets(admin, file, NOW)).toMatchObject({ total: 3, officers: 1, targets: 2, failed: 0 });
    expect((await targetRows()).map(({ setById: _, ...rest }) => rest)).toEqual(
      before.map(({ setById: _, ...rest }) => rest),
    );
    // Set again by the admin: the change feed tells it as it tells the page's saves.
    expect(await prisma.change.count({ where: { entity: "target", op: "updated" } })).toBe(2);
  });
});

function empty() {
  return {
    sspBags: null,
    organicBags: null,
    sulfurBags: null,
    salesAmount: null,
    recoveryAmount: null,
    dealerVisits: null,
    farmerMeetings: null,
    demoPlots: null,
  };
}
