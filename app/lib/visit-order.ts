import { distanceKm } from "~/lib/location-quality";

// The driving order of a day's visits (decision 43): from where the officer starts, the nearest
// dealer not yet visited, then 2-opt moves that shorten the path while any does. Deterministic
// (the same stops give the same order), open (the day ends at the last stop), and bounded: at most
// MAX_STOPS points and MAX_2OPT_PASSES passes of at most n²/2 swaps each.

export type Place = { lat: number; lng: number };

/** The most stops a plan holds; the work below is bounded by it. */
export const MAX_STOPS = 25;
/** Each pass tries every pair once; a pass that improves nothing ends the search sooner. */
const MAX_2OPT_PASSES = 50;

/** Improvements smaller than this (km) are rounding, not a shorter route: they would loop. */
const EPSILON_KM = 1e-9;

/** Length of the open path start → stops[order[0]] → stops[order[1]] → … in km. */
export function pathKm(start: Place | null, stops: readonly Place[], order: readonly number[]): number {
  let total = 0;
  let previous: Place | null = start;
  for (const index of order) {
    const stop = stops[index]!;
    if (previous) total += distanceKm(previous, stop);
    previous = stop;
  }
  return total;
}

/** Nearest neighbour from `start` (or from the first stop without one); ties go to the earlier stop. */
function nearestNeighbour(start: Place | null, stops: readonly Place[]): number[] {
  const left = stops.map((_, index) => index);
  const order: number[] = [];
  let here: Place | null = start;
  while (left.length > 0) {
    let best = 0;
    if (here) {
      let bestKm = Infinity;
      left.forEach((index, at) => {
        const km = distanceKm(here!, stops[index]!);
        if (km < bestKm - EPSILON_KM) {
          bestKm = km;
          best = at;
        }
      });
    }
    const [next] = left.splice(best, 1);
    order.push(next!);
    here = stops[next!]!;
  }
  return order;
}

/**
 * 2-opt on an open path with a fixed start: reversing order[i..j] replaces the edges
 * (p(i-1), p(i)) and (p(j), p(j+1)) by (p(i-1), p(j)) and (p(i), p(j+1)); the last stop has no
 * edge after it. Keeps the first improving move of each pair, pass after pass.
 */
function twoOpt(start: Place | null, stops: readonly Place[], initial: number[]): number[] {
  const order = [...initial];
  const at = (position: number): Place | null => (position < 0 ? start : stops[order[position]!]!);
  const edge = (a: Place | null, b: Place | null) => (a && b ? distanceKm(a, b) : 0);
  for (let pass = 0; pass < MAX_2OPT_PASSES; pass += 1) {
    let improved = false;
    for (let i = 0; i < order.length - 1; i += 1) {
      for (let j = i + 1; j < order.length; j += 1) {
        const before = at(i - 1);
        const after = j + 1 < order.length ? at(j + 1) : null;
        const now = edge(before, at(i)) + edge(at(j), after);
        const swapped = edge(before, at(j)) + edge(at(i), after);
        if (swapped < now - EPSILON_KM) {
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return order;
}

/**
 * The driving order of `stops` from `start`: their indexes, first to visit first. Without a start,
 * the path begins at the first stop given. At most MAX_STOPS stops (more is a caller's bug).
 */
export function drivingOrder(start: Place | null, stops: readonly Place[]): number[] {
  if (stops.length > MAX_STOPS) throw new RangeError(`At most ${MAX_STOPS} stops can be ordered`);
  if (stops.length < 2) return stops.map((_, index) => index);
  return twoOpt(start, stops, nearestNeighbour(start, stops));
}

const point = (place: Place) => `${place.lat},${place.lng}`;

/** Google Maps' directions to one place, in the browser or the Maps app (no key needed). */
export function directionsUrl(to: Place, from?: Place | null): string {
  const params = new URLSearchParams({ api: "1", destination: point(to), travelmode: "driving" });
  if (from) params.set("origin", point(from));
  return `https://www.google.com/maps/dir/?${params}`;
}

/**
 * Google's directions links take at most 9 waypoints between origin and destination (fewer on
 * some phones), so a longer route is split into legs of at most 10 stops, each starting where the
 * previous ended.
 */
export const MAX_WAYPOINTS = 9;

/**
 * Links for the route through `stops` in order: legs of at most MAX_WAYPOINTS + 1 stops, each from
 * where the last ended (the first from `start`, or without one from wherever the phone is).
 * `from` and `to` are the 1-based stop numbers a leg covers.
 */
export function routeDirections(
  start: Place | null,
  stops: readonly Place[],
): Array<{ from: number; to: number; url: string }> {
  const legs: Array<{ from: number; to: number; url: string }> = [];
  let origin = start;
  for (let first = 0; first < stops.length; first += MAX_WAYPOINTS + 1) {
    const chunk = stops.slice(first, first + MAX_WAYPOINTS + 1);
    const destination = chunk.at(-1)!;
    const params = new URLSearchParams({ api: "1", destination: point(destination), travelmode: "driving" });
    if (origin) params.set("origin", point(origin));
    if (chunk.length > 1) params.set("waypoints", chunk.slice(0, -1).map(point).join("|"));
    legs.push({ from: first + 1, to: first + chunk.length, url: `https://www.google.com/maps/dir/?${params}` });
    origin = destination;
  }
  return legs;
}
