import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import type { Language } from "~/lib/languages";
import { sourceLabel } from "~/lib/location-quality";
import { compiledMessages } from "~/locales/catalogs.server";
import type { Translate } from "~/locales/namespaces";
import { placeSourceLabel } from "./place-labels";

function translate(language: Language): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, ["posts"]) } });
  return (key, values) => i18n._(key, values);
}

describe("a post's place label", () => {
  const cases: Array<[string | null, number | null]> = [
    ["GPS", 12.4],
    ["GPS", 1234],
    ["GPS", null],
    ["TYPED", null],
    ["MAP", null],
    ["ADDRESS", null],
    ["API", 30],
    ["API", null],
    ["UNKNOWN", null],
    [null, null],
  ];

  test("in English is the server's label, word for word", () => {
    const t = translate("en");
    for (const [source, accuracy] of cases)
      expect(placeSourceLabel(t, source, accuracy), `${source} ${accuracy}`).toBe(sourceLabel(source, accuracy));
  });

  test("in Urdu names its source and its units in Urdu, with Western digits", () => {
    const t = translate("ur");
    expect(placeSourceLabel(t, "GPS", 12.4)).toBe("GPS سے ±12 میٹر");
    expect(placeSourceLabel(t, "GPS", 1234)).toBe("GPS سے ±1.2 کلومیٹر");
    expect(placeSourceLabel(t, "TYPED", null)).toBe("ہاتھ سے لکھا گیا");
    expect(placeSourceLabel(t, "UNKNOWN", null)).toBeNull();
  });
});
