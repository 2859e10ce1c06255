import { describe, expect, test } from "vitest";
import { deviceLanguage, languageCookie, preferredLanguage, readerLanguage } from "./languages";

describe("the browser's preferred language", () => {
  test.each([
    ["ur-PK,ur;q=0.9,en;q=0.8", "ur"],
    ["en-GB,en;q=0.9,ur;q=0.8", "en"],
    ["de,ur;q=0.5,en;q=0.4", "ur"],
    ["en;q=0.2,ur;q=0.7", "ur"],
    ["ur;q=0,en", "en"],
    ["fr-FR,de", null],
    ["", null],
    ["*", null],
  ])("%j → %s", (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  test("a header of thousands of ranges is read only in its first ranges", () => {
    expect(preferredLanguage(`${"xx;q=0.1,".repeat(5000)}ur`)).toBeNull();
  });
});

test("the device's choice wins, then the user's, then the browser's, then English", () => {
  expect(readerLanguage({ device: "en", saved: "ur", accept: "ur" })).toBe("en");
  expect(readerLanguage({ device: null, saved: "ur", accept: "en" })).toBe("ur");
  expect(readerLanguage({ device: null, saved: "klingon", accept: "ur-PK" })).toBe("ur");
  expect(readerLanguage({ device: null, saved: null, accept: null })).toBe("en");
});

test("the device's cookie holds a language of ours or nothing", () => {
  expect(deviceLanguage("a=1; fl_lang=ur; b=2")).toBe("ur");
  expect(deviceLanguage("fl_lang=xx")).toBeNull();
  expect(deviceLanguage(null)).toBeNull();
  expect(languageCookie("ur", { secure: true })).toBe(
    "fl_lang=ur; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure",
  );
});
