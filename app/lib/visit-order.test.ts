import { describe, expect, it } from "vitest";
import {
  directionsUrl,
  drivingOrder,
  MAX_STOPS,
  MAX_WAYPOINTS,
  pathKm,
  type Place,
  routeDirections,
} from "~/lib/visit-order";

const at = (lat: number, lng: number): Place => ({ lat, lng });

/** The shortest open path from `start` through every stop, by trying every order (small n only). */
function bestKm(start: Place, stops: Place[]): number {
  let best = Infinity;
  const walk = (order: number[], left: number[]) => {
    if (left.length === 0) best = Math.min(best, pathKm(start, stops, order));
    for (const index of left)
      walk(
        [...order, index],
        left.filter((other) => other !== index),
      );
  };
  walk(
    [],
    stops.map((_, index) => index),
  );
  return best;
}

/** A repeatable scatter of places around Lahore. */
function scatter(seed: number, count: number): Place[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, () => at(31.3 + next() * 0.5, 74.1 + next() * 0.5));
}

describe("drivingOrder", () => {
  it("visits dealers along a road in the order they lie from the start", () => {
    const stops = [at(31.5, 74.3), at(31.5, 74.1), at(31.5, 74.4), at(31.5, 74.2)];
    expect(drivingOrder(at(31.5, 74.0), stops)).toEqual([1, 3, 0, 2]);
    // From the other end of the road, the other way round.
    expect(drivingOrder(at(31.5, 74.5), stops)).toEqual([2, 0, 3, 1]);
  });

  it("shortens what nearest-first leaves crossed", () => {
    // Nearest first goes 2 → 1 → 0 → 3 → 4 (23.6 km): 0 → 3 and 3 → 4 cross. Reversing 0, 3 gives 21.4 km.
    const start = at(31.0, 74.0);
    const stops = [at(31.06, 74.05), at(31.05, 74.03), at(31.05, 74.01), at(31.08, 74.02), at(31.01, 74.09)];
    expect(pathKm(start, stops, [2, 1, 0, 3, 4])).toBeCloseTo(23.62, 2);
    expect(drivingOrder(start, stops)).toEqual([2, 1, 3, 0, 4]);
    expect(pathKm(start, stops, [2, 1, 3, 0, 4])).toBeCloseTo(bestKm(start, stops), 6);
  });

  it("is never longer than nearest-first and stays close to the best order", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const start = at(31.55, 74.35);
      const stops = scatter(seed, 7);
      const order = drivingOrder(start, stops);
      expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(pathKm(start, stops, order)).toBeLessThanOrEqual(bestKm(start, stops) * 1.1);
    }
  });

  it("answers the same order every time, and at once for the most stops a plan holds", () => {
    const stops = scatter(42, MAX_STOPS);
    const started = performance.now();
    const first = drivingOrder(at(31.5, 74.3), stops);
    expect(performance.now() - started).toBeLessThan(200);
    expect(drivingOrder(at(31.5, 74.3), stops)).toEqual(first);
    expect(() => drivingOrder(null, scatter(1, MAX_STOPS + 1))).toThrow(RangeError);
  });

  it("keeps the first stop first without a start", () => {
    const stops = [at(31.5, 74.2), at(31.5, 74.4), at(31.5, 74.3)];
    expect(drivingOrder(null, stops)).toEqual([0, 2, 1]);
  });
});

describe("directions links", () => {
  it("leads to one stop, from a place when given", () => {
    expect(directionsUrl(at(31.5, 74.3))).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=31.5%2C74.3&travelmode=driving",
    );
    expect(directionsUrl(at(31.5, 74.3), at(31.4, 74.2))).toContain("origin=31.4%2C74.2");
  });

  it("covers the whole route in one link up to the waypoint limit, and in legs beyond it", () => {
    const start = at(31, 74);
    const ten = Array.from({ length: MAX_WAYPOINTS + 1 }, (_, index) => at(31, 74 + index / 10));
    const [only, ...none] = routeDirections(start, ten);
    expect(none).toEqual([]);
    const params = new URL(only!.url).searchParams;
    expect(params.get("origin")).toBe("31,74");
    expect(params.get("waypoints")?.split("|")).toHaveLength(MAX_WAYPOINTS);
    expect(params.get("destination")).toBe("31,74.9");
    expect(only).toMatchObject({ from: 1, to: 10 });

    const legs = routeDirections(null, [...ten, at(32, 75), at(32, 76)]);
    expect(legs.map(({ from, to }) => [from, to])).toEqual([
      [1, 10],
      [11, 12],
    ]);
    expect(new URL(legs[0]!.url).searchParams.has("origin")).toBe(false);
    // The second leg starts where the first ended.
    expect(new URL(legs[1]!.url).searchParams.get("origin")).toBe("31,74.9");
    expect(new URL(legs[1]!.url).searchParams.get("waypoints")).toBe("32,75");
  });
});
