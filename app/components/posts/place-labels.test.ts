import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import type { Language } from "~/lib/languages";
import { compiledMessages } from "~/locales/catalogs.server";
import type { Translate } from "~/locales/namespaces";
import { placeSourceLabel } from "./place-labels";

function translate(language: Language): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, ["posts"]) } });
  return (key, values) => i18n._(key, values);
}

describe("a post's place label", () => {
  const cases: Array<[string | null, number | null, string | null]> = [
    ["GPS", 12.4, "GPS ±12 m"],
    ["GPS", 1234, "GPS ±1.2 km"],
    ["GPS", null, "GPS"],
    ["TYPED", null, "Typed"],
    ["MAP", null, "From the map"],
    ["ADDRESS", null, "From the address"],
    ["API", 30, "From another tool ±30 m"],
    ["API", null, "From another tool"],
    ["UNKNOWN", null, null],
    [null, null, null],
  ];

  test("in English says how the place was had, with the accuracy people read", () => {
    const t = translate("en");
    for (const [source, accuracy, label] of cases)
      expect(placeSourceLabel(t, source, accuracy), `${source} ${accuracy}`).toBe(label);
  });

  test("in Urdu names its source and its units in Urdu, with Western digits", () => {
    const t = translate("ur");
    expect(placeSourceLabel(t, "GPS", 12.4)).toBe("GPS سے ±12 میٹر");
    expect(placeSourceLabel(t, "GPS", 1234)).toBe("GPS سے ±1.2 کلومیٹر");
    expect(placeSourceLabel(t, "TYPED", null)).toBe("ہاتھ سے لکھا گیا");
    expect(placeSourceLabel(t, "UNKNOWN", null)).toBeNull();
  });
});
