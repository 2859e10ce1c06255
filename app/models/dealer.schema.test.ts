import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formatPhone, maskPhone, phoneKey, telHref } from "~/lib/phone";
import {
  aboutSchema,
  dealerListQuerySchema,
  dealerSchema,
  decodeDealerCursor,
  encodeDealerCursor,
  matchProvince,
  splitGeocodedAddress,
} from "~/models/dealer.schema";
import { english } from "../../tests/support/english";

const schema = coerceFormValue(dealerSchema);
const valid = {
  businessName: "Kissan Agro Centre",
  street: "Shop 4, Ghalla Mandi",
  city: "Okara",
  state: "Punjab",
  lat: "30.8138",
  lng: "73.4534",
};

function messages(input: Record<string, unknown>): Record<string, string[]> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (out[String(issue.path[0])] ??= []).push(english(issue.message));
  return out;
}

describe("dealerSchema", () => {
  it("accepts the required fields alone, coordinates as strings", () => {
    const parsed = schema.parse(valid);
    expect(parsed).toMatchObject({ businessName: "Kissan Agro Centre", lat: 30.8138, lng: 73.4534, state: "Punjab" });
  });

  it("answers the agreed messages for missing fields", () => {
    expect(messages({})).toEqual({
      businessName: ["Business name is required"],
      street: ["Street address is required"],
      city: ["City is required"],
      state: ["State is required"],
      lat: ["Please select a location on the map."],
      lng: ["Please select a location on the map."],
    });
    expect(messages({ ...valid, businessName: "   ", street: "", city: " " })).toMatchObject({
      businessName: ["Business name is required"],
      street: ["Street address is required"],
      city: ["City is required"],
    });
  });

  it("checks email, notes, state and coordinates", () => {
    expect(messages({ ...valid, email: "not-an-email" })).toEqual({ email: ["Invalid email"] });
    expect(messages({ ...valid, email: "" })).toEqual({});
    expect(messages({ ...valid, notes: "x".repeat(501) })).toEqual({ notes: ["Notes must be 500 characters or less"] });
    expect(messages({ ...valid, notes: "x".repeat(500) })).toEqual({});
    expect(messages({ ...valid, state: "Texas" })).toEqual({ state: ["State is required"] });
    expect(messages({ ...valid, lat: "north", lng: "200" })).toEqual({
      lat: ["Please select a location on the map."],
      lng: ["Please select a location on the map."],
    });
  });

  it("limits About to 1000 characters", () => {
    expect(aboutSchema.safeParse({ aboutDescription: "a".repeat(1000) }).success).toBe(true);
    expect(english(aboutSchema.safeParse({ aboutDescription: "a".repeat(1001) }).error?.issues[0]?.message ?? "")).toBe(
      "About must be 1000 characters or less",
    );
  });
});

describe("splitGeocodedAddress (the comma rule)", () => {
  it("takes state, city and street from before the Pakistan part", () => {
    expect(splitGeocodedAddress("Fake Street 12, Model Town, Lahore, Punjab, Pakistan")).toEqual({
      street: "Fake Street 12, Model Town",
      city: "Lahore",
      state: "Punjab",
    });
    expect(splitGeocodedAddress("Saddar, Karachi, Sindh, 74400, Pakistan")?.state).toBe("Punjab"); // "74400" is no province
    expect(splitGeocodedAddress("Mingora, Swat, KPK, Pakistan")).toEqual({
      street: "Mingora",
      city: "Swat",
      state: "Khyber Pakhtunkhwa",
    });
    expect(splitGeocodedAddress("Quetta, Balochistan, Pakistan")).toEqual({
      street: "",
      city: "Quetta",
      state: "Balochistan",
    });
  });

  it("leaves bare coordinates alone", () => {
    expect(splitGeocodedAddress("31.520400, 74.358700")).toBeNull();
  });

  it("matches provinces loosely", () => {
    expect(matchProvince("islamabad")).toBe("Islamabad Capital Territory");
    expect(matchProvince("AZAD JAMMU & KASHMIR")).toBe("Azad Jammu & Kashmir");
    expect(matchProvince("Texas")).toBeNull();
  });
});

describe("phone helpers", () => {
  it("masks all but the last 4 digits and formats Pakistani mobiles", () => {
    expect(maskPhone("+92 300 1234567")).toBe("•••• 4567");
    expect(maskPhone(null)).toBe("");
    expect(formatPhone("03001234567")).toBe("+92 300 1234567");
    expect(formatPhone("042-111-222")).toBe("042-111-222");
    expect(phoneKey("0300-1234567")).toBe(phoneKey("+92 300 1234567"));
    expect(telHref("0300 1234567")).toBe("tel:+923001234567");
  });
});

describe("dealer list paging", () => {
  it("carries a page's end as id:business name, whatever the name holds", () => {
    const end = { id: 42, businessName: "Al-Noor: Seeds & Khad\nStore" };
    expect(decodeDealerCursor(encodeDealerCursor(end))).toEqual(end);
    expect(decodeDealerCursor("x:Name")).toBeUndefined();
    expect(decodeDealerCursor(undefined)).toBeUndefined();
  });

  it("takes limit 1 to 1000 and a cursor of the Link header's form", () => {
    expect(dealerListQuerySchema.parse({ limit: "50", cursor: "7:Bilal Traders" })).toMatchObject({
      limit: 50,
      cursor: "7:Bilal Traders",
    });
    for (const limit of ["0", "1001", "2.5", "ten"]) {
      expect(dealerListQuerySchema.safeParse({ limit }).error?.issues[0]?.message, limit).toBe(
        "limit must be a whole number from 1 to 1000",
      );
    }
    expect(dealerListQuerySchema.safeParse({ cursor: "Bilal" }).error?.issues[0]?.message).toBe(
      "cursor must be the value given in the Link header",
    );
  });
});

describe("matchProvince", () => {
  it("names no province for words of every object's prototype", () => {
    for (const text of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])
      expect(matchProvince(text)).toBeNull();
    expect(matchProvince("KPK")).toBe("Khyber Pakhtunkhwa");
  });
});
