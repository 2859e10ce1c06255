import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { EXPORTS_BUSY, EXPORTS_OF_YOURS_BUSY, reportXlsx } from "~/models/report-export.server";
import type { ReportTable } from "~/models/report-view.server";

const TABLE: ReportTable = {
  columns: ["Officer", "Sales"],
  rows: [
    [
      { kind: "text", value: "officer1" },
      { kind: "money", value: 1500 },
    ],
  ],
  totals: [
    { kind: "text", value: "Total" },
    { kind: "money", value: 1500 },
  ],
};

/** Each export's answer: "xlsx" for a file with the title, or the refusal's status, message and Retry-After. */
async function answers(userIds: number[]) {
  const settled = await Promise.allSettled(userIds.map((userId) => reportXlsx("Fieldline report", TABLE, userId)));
  return settled.map((answer) => {
    if (answer.status === "fulfilled")
      return XLSX.read(answer.value, { type: "array" }).Sheets.Report?.A1?.v === "Fieldline report" ? "xlsx" : "?";
    const error = answer.reason as AppError;
    return error instanceof AppError
      ? { status: error.status, message: error.message, retry: error.retryAfterSec }
      : error;
  });
}

describe("reportXlsx (one queue for the server's exports)", () => {
  it("writes two of one person's exports at once and refuses the third with 429 and Retry-After", async () => {
    expect(await answers([1, 1, 1])).toEqual([
      "xlsx",
      "xlsx",
      { status: 429, message: EXPORTS_OF_YOURS_BUSY, retry: 30 },
    ]);
  });

  it("writes one export while four wait, refuses the rest with 503 and Retry-After, and writes again once drained", async () => {
    const busy = { status: 503, message: EXPORTS_BUSY, retry: 30 };
    expect(await answers([1, 2, 3, 4, 5, 6, 7])).toEqual(["xlsx", "xlsx", "xlsx", "xlsx", "xlsx", busy, busy]);
    expect(await answers([1])).toEqual(["xlsx"]);
  });
});
