// Where a visit was logged (decision 64): a post naming a dealer counts as a visit at the dealer
// only when its place came from the phone's GPS and lies within the radius (VISIT_RADIUS_M,
// 300 m by default) of the dealer's place. Any other visit is still shown, with a note saying
// why it is not confirmed. Pure: the radius is the caller's.

/** How a visit stands: at the dealer, or not confirmed with the reason. */
export type VisitPlace = { atDealer: boolean; note: string | null };

/** "250 m", "1.4 km", "40 km". */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = metres / 1000;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

const NOT_GPS: Record<string, string> = {
  TYPED: "Place typed, not from GPS",
  MAP: "Place picked on the map, not from GPS",
  ADDRESS: "Place from the address, not from GPS",
  API: "Place from another tool, not from GPS",
};

/**
 * Judges one visit: `source` is how its place was had (null: the post has no place), `distanceM`
 * how far that place was from the dealer's. Farther than the radius says how far, whatever the
 * source; within it, only a GPS fix is at the dealer.
 */
export function visitPlace(
  { source, distanceM }: { source: string | null; distanceM: number | null },
  radiusM: number,
): VisitPlace {
  if (source === null || distanceM === null) return { atDealer: false, note: "No place given" };
  if (distanceM > radiusM) return { atDealer: false, note: `Logged ${distanceText(distanceM)} from the dealer` };
  if (source !== "GPS") return { atDealer: false, note: NOT_GPS[source] ?? "Place not from GPS" };
  return { atDealer: true, note: null };
}
