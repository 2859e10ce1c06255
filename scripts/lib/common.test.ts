import { describe, expect, it } from "vitest";
import { formatDuration } from "./common.mjs";

describe("formatDuration, the steps' times in npm test's summary", () => {
  it("says seconds to a tenth under a minute, whole minutes and seconds past it, never 60 seconds", () => {
    expect(formatDuration(25_700)).toBe("25.7 s");
    expect(formatDuration(119_600)).toBe("2 min 0 s");
    expect(formatDuration(891_000)).toBe("14 min 51 s");
  });
});
