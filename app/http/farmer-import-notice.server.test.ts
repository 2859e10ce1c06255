import { describe, expect, it } from "vitest";
import { farmerImportNotice } from "~/http/farmer-import-notice.server";
import { inLanguage } from "~/http/language.server";

describe("farmerImportNotice", () => {
  it("says what was imported, or why nothing was, in English (the page's English reader and /api)", () => {
    expect(farmerImportNotice({ total: 2, farmers: 2, failed: 0 })).toEqual({
      title: "Import Successful",
      description: "2 farmers imported successfully.",
      type: "success",
    });
    expect(farmerImportNotice({ total: 1, farmers: 1, failed: 0 }).description).toBe("1 farmer imported successfully.");
    expect(farmerImportNotice({ total: 9, farmers: 0, failed: 8 })).toEqual({
      title: "Import Failed",
      description: "8 of 9 rows have errors. Nothing was imported: correct them and import the file again.",
      type: "error",
    });
  });

  it("says it in Urdu to an Urdu reader", () => {
    expect(inLanguage("ur", () => farmerImportNotice({ total: 9, farmers: 0, failed: 8 }))).toEqual({
      title: "امپورٹ نہیں ہو سکا",
      description: "9 میں سے 8 قطاروں میں غلطیاں ہیں۔ کچھ امپورٹ نہیں ہوا: انہیں درست کر کے فائل دوبارہ امپورٹ کریں۔",
      type: "error",
    });
  });
});
