import { describe, expect, it } from "vitest";
import { distanceText, visitPlace } from "~/lib/visit-place";

describe("where a visit was logged", () => {
  it("is at the dealer only from a GPS fix within the radius", () => {
    expect(visitPlace({ source: "GPS", distanceM: 0 }, 300)).toEqual({ atDealer: true, note: null });
    expect(visitPlace({ source: "GPS", distanceM: 300 }, 300)).toEqual({ atDealer: true, note: null });
    expect(visitPlace({ source: "GPS", distanceM: 301 }, 300)).toEqual({
      atDealer: false,
      note: "Logged 301 m from the dealer",
    });
    expect(visitPlace({ source: "GPS", distanceM: 40_012 }, 300).note).toBe("Logged 40 km from the dealer");
  });

  it("says a place not from GPS, and a far one whatever its source", () => {
    expect(visitPlace({ source: "TYPED", distanceM: 0 }, 300)).toEqual({
      atDealer: false,
      note: "Place typed, not from GPS",
    });
    expect(visitPlace({ source: "MAP", distanceM: 10 }, 300).note).toBe("Place picked on the map, not from GPS");
    expect(visitPlace({ source: "API", distanceM: 10 }, 300).note).toBe("Place from another tool, not from GPS");
    expect(visitPlace({ source: "UNKNOWN", distanceM: 10 }, 300).note).toBe("Place not from GPS");
    expect(visitPlace({ source: "TYPED", distanceM: 1_460 }, 300).note).toBe("Logged 1.5 km from the dealer");
    expect(visitPlace({ source: null, distanceM: null }, 300)).toEqual({ atDealer: false, note: "No place given" });
  });

  it("writes distances as a person reads them", () => {
    expect([
      distanceText(12.4),
      distanceText(999),
      distanceText(1000),
      distanceText(9_949),
      distanceText(40_400),
    ]).toEqual(["12 m", "999 m", "1.0 km", "9.9 km", "40 km"]);
  });
});
