import { describe, expect, it } from "vitest";
import { avatarName, scoreText, statusText } from "~/components/reports/standing-words";
import { translator } from "~/http/language.server";
import { english } from "../../../tests/support/english";

describe("an officer's standing in words", () => {
  it("shows Top {rank}, Ranked or Pending, and No data for a missing or zero score", () => {
    expect(statusText(2, 50, english)).toBe("Top 2");
    expect(statusText(null, 12.5, english)).toBe("Ranked");
    expect(statusText(null, 0, english)).toBe("Pending");
    expect(statusText(null, null, english)).toBe("Pending");
    expect(scoreText(null, english)).toBe("No data");
    expect(scoreText("0.00", english)).toBe("No data");
    expect(scoreText(71.25, english)).toBe("71.25");
  });

  it("names avatars and badges in the reader's language, an unknown one as the first default avatar", () => {
    const urdu = translator("ur", ["reports"]);
    expect(avatarName("SHIELD", english)).toBe("Top Performer");
    expect(avatarName("SHIELD", urdu)).toBe("بہترین کارکردگی");
    expect(avatarName("DEFAULT_4", urdu)).toBe("جدت پسند");
    expect(avatarName("NOPE", english)).toBe("Default Avatar 1");
    expect(avatarName(null, urdu)).toBe("عام اوتار 1");
  });
});
