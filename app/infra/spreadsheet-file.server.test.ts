import { describe, expect, it } from "vitest";
import { dataDescriptorWorkbook, dealerRowXml, HOSTILE_CASES } from "../../tests/support/hostile-files";
import { dealerRow, dealerWorkbook } from "../../tests/support/spreadsheets";
import { AppError } from "~/lib/app-error";
import {
  checkXlsxZip,
  parseSpreadsheet,
  TOO_HEAVY,
  UNPACKS_TOO_LARGE,
  UNREADABLE,
} from "~/infra/spreadsheet-file.server";

// The honest zip check and the parsing worker, case by case over the hostile corpus
// (tests/support/hostile-files.ts). The whole import's answers are in dealer-import.server.test.ts.

const MESSAGES = { unreadable: UNREADABLE, "unpacks-too-large": UNPACKS_TOO_LARGE };
const OPTIONS = { maxRows: 10_000, maxCellChars: 1000, noRows: "no rows" };

async function refusalOf(run: () => Promise<void>): Promise<{ status: number; message: string } | "passed"> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  return "passed";
}

async function parseRefusal(
  bytes: Uint8Array,
  timeLimitMs?: number,
): Promise<{ status: number; message: string } | "parsed"> {
  try {
    await parseSpreadsheet(bytes, { ...OPTIONS, timeLimitMs });
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  return "parsed";
}

describe("checkXlsxZip", () => {
  it("passes real workbooks, and honest data descriptors (as Java's ZipOutputStream writes them)", async () => {
    expect(await refusalOf(() => checkXlsxZip(dealerWorkbook([dealerRow(1), dealerRow(2)])))).toBe("passed");
    const described = dataDescriptorWorkbook(dealerRowXml(2));
    expect(await refusalOf(() => checkXlsxZip(described))).toBe("passed");
    const { rows } = await parseSpreadsheet(described, OPTIONS);
    expect(rows[1]?.[0]).toBe("Hostile Agro 2");
  });

  for (const hostile of HOSTILE_CASES.filter((entry) => entry.precheck)) {
    it(`refuses ${hostile.name}`, { timeout: 30_000 }, async () => {
      const bytes = hostile.bytes();
      const started = performance.now();
      expect(await refusalOf(() => checkXlsxZip(bytes))).toEqual({
        status: hostile.precheck?.status,
        message: MESSAGES[hostile.precheck?.message ?? "unreadable"],
      });
      expect(performance.now() - started).toBeLessThan(2_000);
    });
  }
});

describe("parseSpreadsheet (the worker)", () => {
  it("reads cells as text, formulas by their cached value only", async () => {
    const { firstRow, rows } = await parseSpreadsheet(dealerWorkbook([dealerRow(7, "Worker")]), OPTIONS);
    expect(firstRow).toBe(0);
    expect(rows[0]?.[0]).toBe("business_name");
    expect(rows[1]?.slice(0, 4)).toEqual(["Worker Kissan Agro Centre 7", "Muhammad", "Aslam", "+92 300 0000007"]);
  });

  // Without the zip check in front, the worker alone must still contain each file: the endless
  // inflaters run into the wall-clock limit, the bombs into the heap limit or SheetJS's own errors.
  for (const hostile of HOSTILE_CASES) {
    it(`contains ${hostile.name} on its own`, { timeout: 30_000 }, async () => {
      const bytes = hostile.bytes();
      const before = process.memoryUsage().rss;
      const started = performance.now();
      const answer = await parseRefusal(bytes, 3_000);
      const elapsed = performance.now() - started;
      // Some files are valid workbooks that SheetJS reads within its limits (the dealer rules refuse them later).
      if (answer !== "parsed") expect([400, 413]).toContain(answer.status);
      expect(elapsed).toBeLessThan(8_000);
      // The worker's heap is its own: the test process grows by far less than a parse of 200 MB would take.
      expect(process.memoryUsage().rss - before).toBeLessThan(250 * 1024 * 1024);
    });
  }

  it("terminates a worker that overruns its time, with 413", async () => {
    const endless = HOSTILE_CASES.find((entry) => entry.fileName === "endless.xlsx");
    const started = performance.now();
    expect(await parseRefusal(endless?.bytes() ?? Buffer.alloc(0), 1_000)).toEqual({ status: 413, message: TOO_HEAVY });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("reads one file at a time: four more wait their turn, the next is told to come back (429, Retry-After 60)", async () => {
    const file = dealerWorkbook([dealerRow(1)]);
    const answers = await Promise.allSettled(Array.from({ length: 6 }, () => parseSpreadsheet(file, OPTIONS)));
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ status: 429, retryAfterSec: 60 });
    // Once the queue has drained, files are read again.
    expect((await parseSpreadsheet(file, OPTIONS)).rows).toHaveLength(2);
  });
});
