import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { translator } from "~/http/language.server";
import { BADGES, type Standing } from "~/lib/performance";
import type { Translate } from "~/locales/namespaces";
import { performanceNotificationRow, storedValues } from "~/models/notification.server";

// A performance notification's words (decision 103): stored as keys and values, said in the
// reader's language; the English is the one written before keys, byte for byte.

const standing: Standing = {
  userId: 1,
  score: 80,
  rank: 1,
  badge: null,
  parts: { dealers: 1, recovery: 1, gap: 1, activity: 1 },
  salesCents: 301_225_000,
  recoveryCents: 0,
  postedDays: 22,
};

/** A badge's notification, its title and message said by `say`. */
function badgeWords(badge: (typeof BADGES)[number], say: Translate = english) {
  const row = performanceNotificationRow({
    userId: 1,
    type: "ACHIEVEMENT_BADGE",
    badgeType: badge,
    previousRank: null,
    newRank: null,
    standing: { ...standing, badge },
  });
  const values = storedValues(row.messageValues);
  return { title: say(row.title, values), message: say(row.message, values) };
}

describe("badgeNotice", () => {
  it("names each badge by its noun and the avatar catalogue's title", () => {
    expect(BADGES.map((badge) => badgeWords(badge).title)).toEqual([
      "You earned the Crown: Team Leader",
      "You earned the Shield: Top Performer",
      "You earned the Cap: Excellence Award",
      "You earned the Trophy: Champion",
      "You earned the Star: Consistent Achiever",
    ]);
  });

  it("gives the Trophy's sales in dollars, as the company-wide figure it is", () => {
    expect(badgeWords("TROPHY").message).toBe("Highest sales of all officers in the last 30 days: $3,012,250.00.");
  });

  it("says a badge and its figures in Urdu, the badge's name from its code", () => {
    const urdu = translator("ur", ["people"]);
    expect(badgeWords("CAP", urdu)).toEqual({
      title: "آپ کو ٹوپی: ایکسیلنس ایوارڈ ملا",
      message: "آپ 80.00 اسکور کے ساتھ لیڈر بورڈ پر #1 ہیں۔",
    });
    expect(badgeWords("STAR", urdu).message).toBe(
      "آپ نے پچھلے 30 دنوں میں سے 22 دن پوسٹ کیا۔ شاباش، یونہی جاری رکھیں!",
    );
  });
});
