import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import type { Language } from "~/lib/languages";
import { visitPlace, visitWhy } from "~/lib/visit-place";
import { compiledMessages } from "~/locales/catalogs.server";
import type { Translate } from "~/locales/namespaces";
import { visitWhyWords } from "./visit-why";

function translate(language: Language): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, ["plans"]) } });
  return (key, values) => i18n._(key, values);
}

const visits: Array<{ source: string | null; distanceM: number | null }> = [
  { source: "GPS", distanceM: 10 },
  { source: "GPS", distanceM: 420 },
  { source: "GPS", distanceM: 40_012 },
  { source: "TYPED", distanceM: 0 },
  { source: "MAP", distanceM: 10 },
  { source: "ADDRESS", distanceM: 10 },
  { source: "API", distanceM: 10 },
  { source: "UNKNOWN", distanceM: 10 },
  { source: "TYPED", distanceM: 1_460 },
  { source: null, distanceM: null },
];

describe("why a visit is not at the dealer", () => {
  test("in English is the note /api answers, word for word", () => {
    const t = translate("en");
    for (const visit of visits)
      expect(visitWhyWords(t, visitWhy(visit, 300)), JSON.stringify(visit)).toBe(visitPlace(visit, 300).note);
  });

  test("in Urdu, with Western digits", () => {
    const t = translate("ur");
    expect(visitWhyWords(t, visitWhy({ source: "GPS", distanceM: 1_460 }, 300))).toBe(
      "ڈیلر سے 1.5 کلومیٹر دور درج کیا گیا",
    );
    expect(visitWhyWords(t, visitWhy({ source: "TYPED", distanceM: 0 }, 300))).toBe(
      "مقام ہاتھ سے لکھا گیا، GPS سے نہیں",
    );
  });
});
