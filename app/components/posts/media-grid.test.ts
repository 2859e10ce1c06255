import { describe, expect, it } from "vitest";
import { formatDuration } from "./media-grid";

describe("formatDuration", () => {
  it("shows minutes:seconds", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(9.6)).toBe("0:10");
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(600)).toBe("10:00");
  });
});
