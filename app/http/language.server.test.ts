import { describe, expect, test } from "vitest";
import { inLanguage, requestLanguage, said } from "./language.server";

describe("the rules' messages said in the reader's language", () => {
  test("a catalog's key is said in the request's language, in English outside a request", async () => {
    const key = "common:language.changedDescription";
    expect(said(key, { language: "اردو" })).toBe("Fieldline is now in اردو on this phone.");
    const inUrdu = await inLanguage("ur", async () => {
      await Promise.resolve();
      return said(key, { language: "اردو" });
    });
    expect(inUrdu).toBe("اس فون پر Fieldline اب اردو میں ہے۔");
  });

  test("any other text is said as it is, in any language", () => {
    expect(inLanguage("ur", () => said("Name is required"))).toBe("Name is required");
  });
});

test("a request is read in the device's choice, else the user's, else the browser's", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
  expect(requestLanguage(request({ Cookie: "fl_lang=en", "Accept-Language": "ur" }), "ur")).toBe("en");
  expect(requestLanguage(request({ "Accept-Language": "en" }), "ur")).toBe("ur");
  expect(requestLanguage(request({ "Accept-Language": "ur-PK" }), null)).toBe("ur");
});
