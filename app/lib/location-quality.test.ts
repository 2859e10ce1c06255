import { describe, expect, it } from "vitest";
import { accuracyText, type DayPoint, distanceKm, legReason } from "~/lib/location-quality";

// Hand-made days of an officer around Multan and Lahore.
const at = (time: string) => Date.parse(`2026-11-20T${time}:00+05:00`);
const point = (time: string, lat: number, lng: number, more: Partial<DayPoint> = {}): DayPoint => ({
  lat,
  lng,
  at: at(time),
  accuracyM: 15,
  address: null,
  ...more,
});

const normalDay = [
  point("09:00", 30.1575, 71.5249),
  point("10:30", 30.1984, 71.4687),
  point("12:15", 30.2468, 71.4134),
  point("16:40", 30.1575, 71.5249),
];

describe("the rules for a leg", () => {
  it("count every leg of a normal day", () => {
    for (const [index, to] of normalDay.entries())
      if (index > 0) expect(legReason(normalDay[index - 1]!, to)).toBeNull();
  });

  it("leave out a 300 km jump in ten minutes, and the jump back", () => {
    const jump = [point("09:00", 30.1575, 71.5249), point("09:10", 31.5204, 74.3587), point("09:20", 30.1575, 71.5249)];
    expect(distanceKm(jump[0]!, jump[1]!)).toBeGreaterThan(300);
    expect(legReason(jump[0]!, jump[1]!)).toBe("too fast");
    expect(legReason(jump[1]!, jump[2]!)).toBe("too fast");
  });

  it("keep a fast motorway drive under the limit, and leave out one just over it", () => {
    // About 120 km in an hour, then the same distance in 50 minutes (about 145 km/h).
    const motorway = [point("09:00", 31.5204, 74.3587), point("10:00", 31.5204 - 1.08, 74.3587)];
    expect(legReason(motorway[0]!, motorway[1]!)).toBeNull();
    expect(legReason(motorway[0]!, { ...motorway[1]!, at: at("09:50") })).toBe("too fast");
  });

  it("judge two posts a minute apart by distance, not by a speed over seconds", () => {
    expect(legReason(point("11:00", 30.1575, 71.5249), point("11:00", 30.1585, 71.5259))).toBeNull();
    expect(legReason(point("11:00", 30.1575, 71.5249), point("11:00", 30.2, 71.6))).toBe("too fast");
  });

  it("leave out a leg to or from a poor fix", () => {
    const poor = point("10:30", 30.1984, 71.4687, { accuracyM: 1200 });
    expect(legReason(normalDay[0]!, poor)).toBe("poor fix");
    expect(legReason(poor, normalDay[2]!)).toBe("poor fix");
  });

  it("count typed points (no accuracy) by the same speed rule", () => {
    const typed = [
      point("09:00", 30.1575, 71.5249, { accuracyM: null }),
      point("11:00", 30.2468, 71.4134, { accuracyM: null }),
    ];
    expect(legReason(typed[0]!, typed[1]!)).toBeNull();
    expect(distanceKm(typed[0]!, typed[1]!)).toBeGreaterThan(10);
  });

  it("leave out a point repeated to the last decimal under another address, not one at the same shop", () => {
    const first = point("09:00", 30.157512, 71.524934, { address: "Shop 4, Ghalla Mandi, Multan" });
    expect(legReason(first, { ...first, at: at("11:00"), address: "Main Bazaar, Shujabad" })).toBe("repeated point");
    expect(legReason(first, { ...first, at: at("11:00"), address: " SHOP 4, Ghalla Mandi, Multan " })).toBeNull();
    expect(
      legReason(first, { ...first, at: at("11:00"), lng: 71.524935, address: "Main Bazaar, Shujabad" }),
    ).toBeNull();
  });
});

describe("accuracy", () => {
  it("reads as people say it, in metres below a kilometre", () => {
    expect(accuracyText(999.6)).toBe("1.0 km");
    expect(accuracyText(999.4)).toBe("999 m");
  });
});
