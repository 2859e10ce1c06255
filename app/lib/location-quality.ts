// Where a check-in's place came from, how sure it is, and which legs of an officer's day are too
// unlikely to count. Pure: the server's metrics, the pages and the tests use the same rules.

/**
 * How a place was had: the phone's GPS (with its accuracy), typed by hand, picked on a map,
 * found from a typed address, sent by another tool. Check-ins saved before we asked are stored
 * as UNKNOWN, which nobody sends.
 */
export const SENT_SOURCES = ["GPS", "TYPED", "MAP", "ADDRESS", "API"] as const;
export type SentSource = (typeof SENT_SOURCES)[number];

/** The limits of a leg that counts, shared by `legReason` and the metrics' SQL. */
export const LEG_LIMITS = {
  /**
   * Faster than this between two check-ins is not a drive. Pakistan's motorways allow 120 km/h; a
   * leg is a straight line, shorter than the road, so a real drive averages well under the limit.
   */
  maxSpeedKmh: 130,
  /** A fix less sure than this (its radius, in metres) says too little about where the officer was. */
  maxAccuracyM: 1000,
  /** Legs shorter than this in time are judged by distance alone: two posts a minute apart from the same shop... */
  minLegMs: 60_000,
  /** ...and they are too fast only if they also cover more than this. */
  minJumpKm: 2,
} as const;

const EARTH_RADIUS_KM = 6371.0088;

/** Addresses compared as the metrics' SQL compares them: trimmed, in lower case. */
const normalise = (address: string) => address.trim().toLowerCase();

export type LegReason = "too fast" | "poor fix" | "repeated point";

/** A point of an officer's day, as a check-in stores it. */
export type DayPoint = { lat: number; lng: number; at: number; accuracyM: number | null; address: string | null };

/** The great-circle distance between two points, in km (the same formula as the metrics' SQL). */
export function distanceKm(a: Pick<DayPoint, "lat" | "lng">, b: Pick<DayPoint, "lat" | "lng">): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Why the leg from `from` to `to` (consecutive check-ins of one officer on one day) should not
 * count, or null when it should: faster than the speed limit, either fix less sure than the
 * accuracy limit, or the very same coordinates while the address says another place (a copied
 * or replayed point).
 */
export function legReason(from: DayPoint, to: DayPoint): LegReason | null {
  if ((from.accuracyM ?? 0) > LEG_LIMITS.maxAccuracyM || (to.accuracyM ?? 0) > LEG_LIMITS.maxAccuracyM)
    return "poor fix";
  const km = distanceKm(from, to);
  const ms = Math.max(0, to.at - from.at);
  const tooFast = ms < LEG_LIMITS.minLegMs ? km > LEG_LIMITS.minJumpKm : (km / ms) * 3_600_000 > LEG_LIMITS.maxSpeedKmh;
  if (tooFast) return "too fast";
  const samePoint = from.lat === to.lat && from.lng === to.lng;
  const otherAddress = Boolean(from.address && to.address && normalise(from.address) !== normalise(to.address));
  if (samePoint && otherAddress) return "repeated point";
  return null;
}

/** Legs between check-ins not counted in Distance and Hours, by reason (the API's names). */
export type LeftOutLegs = { tooFast: number; poorFix: number; repeatedPoint: number };

/** An accuracy radius's number and unit as people say it: 12 m, 1.2 km (a page words the unit in its reader's language). */
export function accuracyParts(metres: number): { value: string; unit: "m" | "km" } {
  const rounded = Math.round(metres);
  return rounded < 1000 ? { value: String(rounded), unit: "m" } : { value: (metres / 1000).toFixed(1), unit: "km" };
}

/** An accuracy radius as people say it in English: "12 m", "1.2 km". */
export function accuracyText(metres: number): string {
  const { value, unit } = accuracyParts(metres);
  return `${value} ${unit}`;
}
