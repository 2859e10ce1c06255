// Where a visit was logged (decision 64): a post naming a dealer counts as a visit at the dealer
// only when its place came from the phone's GPS and lies within the radius (VISIT_RADIUS_M,
// 300 m by default) of the dealer's place. Any other visit is still shown, with a note saying
// why it is not confirmed. Pure: the radius is the caller's.

/** How a visit stands: at the dealer, or not confirmed with the reason (in English, as /api says it). */
export type VisitPlace = { atDealer: boolean; note: string | null };

/** Why a visit is not at the dealer, without words: a page says it in its reader's language. */
export type VisitWhy = { reason: "noPlace" } | { reason: "far"; metres: number } | { reason: "notGps"; source: string };

/** A distance's number and unit as people read it: 250 m, 1.4 km, 40 km. */
export function distanceParts(metres: number): { value: string; unit: "m" | "km" } {
  if (metres < 1000) return { value: String(Math.round(metres)), unit: "m" };
  const km = metres / 1000;
  return { value: km < 10 ? km.toFixed(1) : String(Math.round(km)), unit: "km" };
}

/** "250 m", "1.4 km", "40 km". */
export function distanceText(metres: number): string {
  const { value, unit } = distanceParts(metres);
  return `${value} ${unit}`;
}

const NOT_GPS: Record<string, string> = {
  TYPED: "Place typed, not from GPS",
  MAP: "Place picked on the map, not from GPS",
  ADDRESS: "Place from the address, not from GPS",
  API: "Place from another tool, not from GPS",
};

type VisitInput = { source: string | null; distanceM: number | null };

/**
 * Why one visit is not at the dealer, or null when it is: `source` is how its place was had (null:
 * the post has no place), `distanceM` how far that place was from the dealer's. Farther than the
 * radius says how far, whatever the source; within it, only a GPS fix is at the dealer.
 */
export function visitWhy({ source, distanceM }: VisitInput, radiusM: number): VisitWhy | null {
  if (source === null || distanceM === null) return { reason: "noPlace" };
  if (distanceM > radiusM) return { reason: "far", metres: distanceM };
  if (source !== "GPS") return { reason: "notGps", source };
  return null;
}

/** Judges one visit (visitWhy), with its note in English. */
export function visitPlace(input: VisitInput, radiusM: number): VisitPlace {
  const why = visitWhy(input, radiusM);
  if (why === null) return { atDealer: true, note: null };
  switch (why.reason) {
    case "noPlace":
      return { atDealer: false, note: "No place given" };
    case "far":
      return { atDealer: false, note: `Logged ${distanceText(why.metres)} from the dealer` };
    case "notGps":
      return { atDealer: false, note: NOT_GPS[why.source] ?? "Place not from GPS" };
  }
}
