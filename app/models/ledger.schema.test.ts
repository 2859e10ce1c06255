import { describe, expect, it } from "vitest";
import {
  adjustmentSchema,
  AMOUNT_INVALID,
  AMOUNT_TOO_LARGE,
  AMOUNT_ZERO,
  creditTermsSchema,
  DEALER_ID_INVALID,
  dealerIdSchema,
  ENTRY_ID_INVALID,
  entryIdSchema,
  openingBalanceSchema,
  REASON_REQUIRED,
  reversalSchema,
  STATEMENT_PERIOD_INVALID,
  STATEMENT_PERIOD_TOO_LONG,
  statementPeriodSchema,
  TERMS_INVALID,
} from "~/models/ledger.schema";
import { MAX_LEDGER_CENTS, MAX_TERMS_DAYS } from "~/lib/ledger";
import { centsToDecimal } from "~/lib/money";
import { english } from "../../tests/support/english";

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe("a dealer account's inputs", () => {
  it("reads a signed amount into cents, grouped or not", () => {
    expect(adjustmentSchema.parse({ amount: "-1,250.50", reason: " Discount " })).toEqual({
      amount: -125_050n,
      reason: "Discount",
    });
    expect(openingBalanceSchema.parse({ amount: 2500, reason: "" })).toEqual({ amount: 250_000n, reason: undefined });
  });

  it.each([
    ["abc", AMOUNT_INVALID],
    ["1.234", AMOUNT_INVALID],
    ["--5", AMOUNT_INVALID],
    ["0", AMOUNT_ZERO],
    ["-0.00", AMOUNT_ZERO],
    ["1000000000000000", AMOUNT_TOO_LARGE],
    ["1,000,000,000,000,000.00", AMOUNT_TOO_LARGE],
    ["1000000000.01", AMOUNT_TOO_LARGE],
    ["-1000000001", AMOUNT_TOO_LARGE],
  ])("refuses the amount %s", (amount, message) => {
    expect(messages(adjustmentSchema.safeParse({ amount, reason: "x" }))).toEqual([message]);
  });

  it("asks why an adjustment or a reversal is made, in at most 200 characters", () => {
    expect(messages(adjustmentSchema.safeParse({ amount: "5", reason: "  " }))).toEqual([REASON_REQUIRED]);
    expect(messages(reversalSchema.safeParse({ reason: "x".repeat(201) }))).toEqual([REASON_REQUIRED]);
    expect(messages(reversalSchema.safeParse({}))).toEqual([REASON_REQUIRED]);
  });

  it("takes a credit limit of up to $1,000,000,000 and terms of 0 to 365 days, each or neither", () => {
    expect(creditTermsSchema.parse({ creditLimit: "500000", paymentTermsDays: "30" })).toEqual({
      creditLimit: 50_000_000n,
      paymentTermsDays: 30,
    });
    expect(creditTermsSchema.parse({ creditLimit: "", paymentTermsDays: "" })).toEqual({});
    expect(messages(creditTermsSchema.safeParse({ creditLimit: "1000000000000000" }))).toEqual([AMOUNT_TOO_LARGE]);
    expect(messages(creditTermsSchema.safeParse({ creditLimit: "10000000000" }))).toEqual([AMOUNT_TOO_LARGE]);
    expect(messages(creditTermsSchema.safeParse({ creditLimit: "-5" }))).toEqual([AMOUNT_INVALID]);
    for (const days of ["366", "-1", "2.5", "thirty", 400])
      expect(messages(creditTermsSchema.safeParse({ paymentTermsDays: days }))).toEqual([TERMS_INVALID]);
  });

  it("words the bounds the rules keep: an amount's and the payment terms'", () => {
    const maxAmount = centsToDecimal(MAX_LEDGER_CENTS).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    expect(english(AMOUNT_TOO_LARGE)).toBe(`An amount can be at most $${maxAmount}.`);
    expect(english(TERMS_INVALID)).toBe(`Payment terms are whole days from 0 to ${MAX_TERMS_DAYS}.`);
  });

  it("takes a statement's period of real dates, in order, of at most 3 years", () => {
    expect(statementPeriodSchema.parse({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(messages(statementPeriodSchema.safeParse({ from: "2026-11-30", to: "2026-11-01" }))).toEqual([
      STATEMENT_PERIOD_INVALID,
    ]);
    expect(messages(statementPeriodSchema.safeParse({ from: "2020-01-01", to: "2026-11-01" }))).toEqual([
      STATEMENT_PERIOD_TOO_LONG,
    ]);
    expect(messages(statementPeriodSchema.safeParse({ from: "9999-01-01", to: "9999-01-02" }))).toHaveLength(2);
  });

  it("reads ids of entries and dealers, nothing else", () => {
    expect(entryIdSchema.parse("12")).toBe(12);
    expect(messages(entryIdSchema.safeParse("0x10"))).toEqual([ENTRY_ID_INVALID]);
    expect(dealerIdSchema.parse(7)).toBe(7);
    expect(messages(dealerIdSchema.safeParse("-1"))).toEqual([DEALER_ID_INVALID]);
  });
});
