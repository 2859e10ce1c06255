import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import type { Language } from "~/lib/languages";
import { compiledMessages } from "~/locales/catalogs.server";
import type { Translate } from "~/locales/namespaces";
import { checkInTypeWords } from "./check-in-words";
import { legsLeftOutWords } from "./legs-left-out";

function translate(language: Language): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, ["map", "posts"]) } });
  return (key, values) => i18n._(key, values);
}

describe("the legs of a day left out", () => {
  test("in English name each reason, with its count when there are several", () => {
    const t = translate("en");
    expect(legsLeftOutWords(t, { tooFast: 0, poorFix: 0, repeatedPoint: 0 })).toBeNull();
    expect(legsLeftOutWords(t, { tooFast: 1, poorFix: 0, repeatedPoint: 0 })).toBe("1 leg not counted (too fast)");
    expect(legsLeftOutWords(t, { tooFast: 0, poorFix: 0, repeatedPoint: 3 })).toBe(
      "3 legs not counted (repeated point)",
    );
    expect(legsLeftOutWords(t, { tooFast: 1, poorFix: 2, repeatedPoint: 1 })).toBe(
      "4 legs not counted (1 too fast, 2 poor fix, 1 repeated point)",
    );
  });

  test("in Urdu, with Western digits", () => {
    const t = translate("ur");
    expect(legsLeftOutWords(t, { tooFast: 1, poorFix: 0, repeatedPoint: 0 })).toBe("1 فاصلہ شمار نہیں ہوا (بہت تیز)");
    expect(legsLeftOutWords(t, { tooFast: 1, poorFix: 1, repeatedPoint: 0 })).toBe(
      "2 فاصلے شمار نہیں ہوئے (1 بہت تیز، 1 کمزور مقام)",
    );
  });
});

describe("a check-in's type", () => {
  test("in English is the day's start and end, a check-in, or its post's type", () => {
    const t = translate("en");
    expect(["DAY_START", "CHECK_IN", "DAY_END", "DEALER_MEETING"].map((type) => checkInTypeWords(t, type))).toEqual([
      "Day Start",
      "Check In",
      "Day End",
      "Dealer Meeting",
    ]);
  });

  test("in Urdu", () => {
    const t = translate("ur");
    expect(checkInTypeWords(t, "DAY_START")).toBe("دن کا آغاز");
    expect(checkInTypeWords(t, "SALE")).toBe("سیل");
  });
});
