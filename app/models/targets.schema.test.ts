import { describe, expect, it } from "vitest";
import { targetCopySchema, targetRowSchema, targetValuesSchema } from "~/models/targets.schema";
import { english } from "../../tests/support/english";

const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => english(issue.message));

describe("a target's input", () => {
  it("reads bags and counts as whole numbers, money as amounts, and empty as no target", () => {
    expect(
      targetValuesSchema.parse({ sspBags: "300", salesAmount: "2,50,000.50", demoPlots: 4, recoveryAmount: "" }),
    ).toEqual({
      sspBags: 300,
      organicBags: null,
      sulfurBags: null,
      salesAmount: 250_000_50,
      recoveryAmount: null,
      dealerVisits: null,
      farmerMeetings: null,
      demoPlots: 4,
    });
  });

  it("refuses a negative, a zero, a fraction of a bag and an absurd target with the measure's range", () => {
    for (const sspBags of ["-5", "0", "2.5", "1000001", -5, 1e12, true]) {
      expect(messages(targetValuesSchema.safeParse({ sspBags })), String(sspBags)).toEqual([
        "SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000, or empty for no target",
      ]);
    }
    expect(messages(targetValuesSchema.safeParse({ salesAmount: "100000000.01" }))).toEqual([
      "Sales must be an amount from 0.01 to 100,000,000, or empty for no target",
    ]);
  });

  it("refuses a product or measure it does not know, and a period in the year 9999", () => {
    expect(messages(targetValuesSchema.safeParse({ ureaBags: 10 }))).toEqual([
      'Unknown field "ureaBags": leave it out, this call does not take it',
    ]);
    expect(messages(targetRowSchema.safeParse({ officerId: "3", period: "9999-01", sspBags: "10" }))).toEqual([
      "Period must be a month like 2026-11 or a season like RABI-2026 or KHARIF-2026, from 2000 to 2100",
    ]);
    expect(messages(targetRowSchema.safeParse({ officerId: "x", period: "2026-11" }))).toEqual([
      "Please select a valid officer.",
    ]);
  });

  it("copies with a whole percentage from -90 to 500", () => {
    expect(targetCopySchema.parse({ period: "RABI-2026", percent: "-10" })).toEqual({
      period: "RABI-2026",
      percent: -10,
    });
    for (const percent of ["-91", "501", "5.5", "", "ten"]) {
      expect(messages(targetCopySchema.safeParse({ period: "2026-11", percent })), percent).toEqual([
        "Percentage must be a whole number from -90 to 500",
      ]);
    }
  });
});
