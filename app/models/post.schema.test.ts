import { describe, expect, it } from "vitest";
import { readJsonBody } from "~/http/api.server";
import { centsToDecimal, formatAmount, formatMoney, parseMoneyToCents } from "~/lib/money";
import { commentSchema, pageQuerySchema, postSchema } from "~/models/post.schema";
import { english } from "../../tests/support/english";

function post(body: unknown) {
  return new Request("http://localhost/api/posts", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
}

async function refusal(
  body: unknown,
): Promise<{ status: number; body: { error: string; fieldErrors?: Record<string, string[]> } }> {
  try {
    await readJsonBody(post(body), postSchema);
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("money", () => {
  it("converts decimal strings and cents exactly", () => {
    expect(parseMoneyToCents("1234.5")).toBe(123450);
    expect(parseMoneyToCents("0.07")).toBe(7);
    expect(parseMoneyToCents("12")).toBe(1200);
    // Grouping commas, in thousands or in lakhs and crores.
    expect(parseMoneyToCents("2,450")).toBe(245000);
    expect(parseMoneyToCents(" 1,250,000.5 ")).toBe(125000050);
    expect(parseMoneyToCents("1,50,000.50")).toBe(15000050);
    expect(parseMoneyToCents("1,25,00,000")).toBe(1250000000);
    for (const bad of ["", "1.234", "-1", "1e3", "abc", "1,0", "1,,000", ",100", "1,000,00", "1000,000", "2,450,"])
      expect(parseMoneyToCents(bad)).toBeNull();
    expect(centsToDecimal(123450n)).toBe("1234.50");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(formatMoney(123456789n)).toBe("$1,234,567.89");
    expect(formatMoney(0, "Rs ")).toBe("Rs 0.00");
    expect(formatAmount("1425000.00")).toBe("$1,425,000.00");
  });
});

describe("postSchema", () => {
  it("accepts the existing clients' payload, amounts as strings, and keeps the server in charge of the total", async () => {
    const value = await readJsonBody(
      post({
        type: "SALE",
        text: "Sold",
        lat: "31.52",
        lng: "74.35",
        saleProduct: "SSP",
        saleQty: "10",
        salePrice: "3850.50",
        saleTotal: "1.00",
        dealerId: "4",
      }),
      postSchema,
    );
    expect(value).toMatchObject({
      type: "SALE",
      lat: 31.52,
      lng: 74.35,
      saleQty: 10,
      salePrice: "3850.50",
      dealerId: 4,
      media: [],
    });
  });

  it("answers the agreed messages", async () => {
    expect((await refusal({})).body.error).toBe("Please select a post type.");
    expect((await refusal({ type: "PARTY" })).body.error).toBe("Please select a post type.");
    expect((await refusal({ type: "FIELD_VISIT", text: "x".repeat(2001) })).body.error).toBe(
      "Description must be 2000 characters or less",
    );
    expect((await refusal({ type: "DEALER_MEETING" })).body.fieldErrors).toEqual({
      dealerId: ["Please select a dealer."],
    });
    expect((await refusal({ type: "RECOVERY", dealerId: 1 })).body.fieldErrors).toEqual({
      recoveryAmount: ["Amount recovered is required"],
    });
    expect((await refusal({ type: "SALE" })).body.fieldErrors).toEqual({
      saleProduct: ["Please select a product."],
      saleQty: ["Quantity is required"],
      salePrice: ["Price per unit is required"],
    });
    expect(
      (await refusal({ type: "SALE", saleProduct: "SSP", saleQty: 2.5, salePrice: "1.999" })).body.fieldErrors,
    ).toEqual({
      saleQty: ["Quantity must be a whole number of bags (1 to 100,000)"],
      salePrice: ["Price must be an amount like 1250.00"],
    });
    const media = Array.from({ length: 11 }, (_, i) => ({
      url: `/api/objects/uploads/${String(i).padStart(32, "0")}`,
    }));
    expect((await refusal({ type: "FIELD_VISIT", media })).body.error).toBe("You can only upload 10 file(s)");
    expect((await refusal({ type: "FIELD_VISIT", lat: "31.5" })).body.error).toBe("Latitude and longitude go together");
    expect((await refusal({ type: "FIELD_VISIT", isAdmin: true })).body.error).toBe(
      'Unknown field "isAdmin": leave it out, this call does not take it',
    );
    expect((await refusal({ type: "FIELD_VISIT", text: 42 })).body.error).toBe("Description must be text");
  });

  it("takes the 'add new dealer' choice as no dealer", async () => {
    const value = await readJsonBody(
      post({ type: "SALE", saleProduct: "SULFUR", saleQty: 1, salePrice: 10, dealerId: "new" }),
      postSchema,
    );
    expect(value.dealerId).toBeUndefined();
    expect(value.salePrice).toBe("10");
  });

  it("takes a dealer's id by the one id rule: plain digits, no leading zero", async () => {
    for (const dealerId of ["007", "0x10", "1e1", " 4", "0", "1234567890", 0, 1.5]) {
      expect((await refusal({ type: "DEALER_MEETING", dealerId })).body.fieldErrors, String(dealerId)).toEqual({
        dealerId: ["Please select a valid dealer."],
      });
    }
  });
});

describe("commentSchema and pageQuerySchema", () => {
  it("trims comments and limits them to 1000 characters", () => {
    expect(commentSchema.safeParse({ text: "  hi  " }).data).toEqual({ text: "hi" });
    expect(english(commentSchema.safeParse({ text: "   " }).error?.issues[0]?.message ?? "")).toBe(
      "Comment cannot be empty",
    );
    expect(english(commentSchema.safeParse({ text: "x".repeat(1001) }).error?.issues[0]?.message ?? "")).toBe(
      "Comment must be 1000 characters or less",
    );
  });

  it("pages by 20 by default and at most 100", () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(pageQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
  });
});
