import { describe, expect, it } from "vitest";
import { isLite, liteChoice, liteCookie } from "~/lib/lite-mode";

describe("liteChoice", () => {
  it("reads fl_lite=on or off among other cookies, and nothing else", () => {
    expect(liteChoice("fl_lite=on")).toBe("on");
    expect(liteChoice("__Host-fl_session=abc; fl_lite=off; fl_toast=x")).toBe("off");
    expect(liteChoice("a=1;fl_lite= on ")).toBe("on");
    // The first one counts, as browsers send the most specific path first.
    expect(liteChoice("fl_lite=off; fl_lite=on")).toBe("off");
    for (const header of [null, "", "fl_lite=", "fl_lite=ON", "fl_lite=1", "fl_lite=onn", "xfl_lite=on", "fl_litex=on"])
      expect(liteChoice(header), String(header)).toBeNull();
  });
});

describe("isLite", () => {
  it("follows the device's choice, else Save-Data: on", () => {
    expect(isLite("on", null)).toBe(true);
    expect(isLite("on", "on")).toBe(true);
    // The full app, asked for on this phone, beats the browser's data saver.
    expect(isLite("off", "on")).toBe(false);
    expect(isLite("off", null)).toBe(false);
    expect(isLite(null, "on")).toBe(true);
    expect(isLite(null, " On ")).toBe(true);
    for (const saveData of [null, "", "off", "1", "yes"]) expect(isLite(null, saveData), String(saveData)).toBe(false);
  });
});

describe("liteCookie", () => {
  it("remembers the choice for a year on every path, out of scripts' reach, Secure when the app's cookies are", () => {
    expect(liteCookie("on", { secure: false })).toBe("fl_lite=on; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(liteCookie("off", { secure: true })).toBe(
      "fl_lite=off; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure",
    );
  });
});
