import { describe, expect, it } from "vitest";
import { hasExcelName, importNotice } from "~/lib/dealer-import";

describe("importNotice", () => {
  it("says success when no row failed, and counts both when some did", () => {
    expect(importNotice({ successful: 76, failed: 0 })).toEqual({
      title: "Import Successful",
      description: "76 dealers imported successfully.",
      type: "success",
    });
    expect(importNotice({ successful: 3, failed: 2 })).toEqual({
      title: "Import Completed with Errors",
      description: "3 succeeded, 2 failed.",
      type: "info",
    });
  });
});

describe("hasExcelName", () => {
  it("takes .xlsx and .xls in any case, nothing else", () => {
    expect(["dealers.xlsx", "DEALERS.XLS", " a.xls ", "dealers.csv", "xlsx"].map(hasExcelName)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
