import { z } from "~/lib/zod";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { Province } from "~/lib/provinces";
import { findTown, findTownIn } from "~/lib/towns";

const COORDINATES_REQUIRED = "lat and lng are required";
const LATITUDE_RANGE = "Latitude must be between -90 and 90";
const LONGITUDE_RANGE = "Longitude must be between -180 and 180";

/** Query strings give "" for an empty field, which plain coercion would read as 0. */
function coordinate(min: number, max: number, rangeMessage: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value === "string") return value.trim() === "" ? undefined : Number(value);
      return value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? COORDINATES_REQUIRED : rangeMessage) })
      .min(min, rangeMessage)
      .max(max, rangeMessage),
  );
}

export const reverseGeocodeQuerySchema = z.object({
  lat: coordinate(-90, 90, LATITUDE_RANGE),
  lng: coordinate(-180, 180, LONGITUDE_RANGE),
});

/** Five decimals is about a metre: the cache key and the precision we ask the provider for. */
function cacheKey(lat: number, lng: number): string {
  return `${lat.toFixed(5)},${lng.toFixed(5)}`;
}

// Nominatim's usage policy allows one request a second, so provider calls wait their turn
// in one queue per process. Past a few waiting calls, answering with the fallback quickly
// is better than making a phone wait many seconds. With GEOCODER=none there is no provider:
// every call answers the fallback at once (the town table, or coordinates).
const PROVIDER_INTERVAL_MS = 1000;
const MAX_WAITING = 5;
let providerQueue: Promise<unknown> = Promise.resolve();
let lastProviderCallAt = 0;
let waiting = 0;
const inFlight = new Map<string, Promise<string | null>>();

function inProviderTurn<T>(task: () => Promise<T>): Promise<T> | null {
  if (env.GEOCODER === "none" || waiting >= MAX_WAITING) return null;
  waiting += 1;
  const turn = providerQueue.then(async () => {
    const pause = lastProviderCallAt + PROVIDER_INTERVAL_MS - Date.now();
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    lastProviderCallAt = Date.now();
    waiting -= 1;
    return task();
  });
  providerQueue = turn.catch(() => undefined);
  return turn;
}

/** The provider's JSON answer to `path?query`, or null on any failure (refused, slow, not JSON). */
async function askProvider(path: "reverse" | "search", query: Record<string, string>): Promise<unknown> {
  const url = new URL(path, env.GEOCODER.endsWith("/") ? env.GEOCODER : `${env.GEOCODER}/`);
  url.search = new URLSearchParams({ format: "jsonv2", ...query }).toString();
  try {
    const response = await fetch(url, {
      headers: {
        Accept: "application/json",
        "Accept-Language": "en",
        "User-Agent": `Fieldline/1.0 (+${env.APP_URL})`,
      },
      signal: AbortSignal.timeout(env.GEOCODER_TIMEOUT_MS),
    });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}

function displayName(place: unknown): string | null {
  const name = place && typeof place === "object" && "display_name" in place ? place.display_name : undefined;
  return typeof name === "string" && name.trim() !== "" ? name.trim() : null;
}

async function askAddress(key: string): Promise<string | null> {
  const [lat, lng] = key.split(",");
  return displayName(await askProvider("reverse", { lat: lat ?? "", lon: lng ?? "", zoom: "18", addressdetails: "0" }));
}

async function readCache(key: string): Promise<string | null> {
  try {
    const row = await prisma.geocodeCache.findUnique({ where: { key }, select: { address: true } });
    return row?.address ?? null;
  } catch {
    return null;
  }
}

async function writeCache(key: string, address: string): Promise<void> {
  try {
    await prisma.geocodeCache.upsert({ where: { key }, create: { key, address }, update: { address } });
  } catch {
    // The answer is still good for this request; the next one will simply ask again.
  }
}

async function lookUp(key: string): Promise<string | null> {
  const cached = await readCache(key);
  if (cached !== null) return cached;
  const address = await (inProviderTurn(() => askAddress(key)) ?? null);
  if (address !== null) await writeCache(key, address);
  return address;
}

/**
 * The address for a point: from the cache, else from the provider (and then cached).
 * Null on any failure; callers show coordinatesText(lat, lng) instead. Never throws.
 */
export async function reverseGeocode(lat: number, lng: number): Promise<string | null> {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const key = cacheKey(lat, lng);
  // Two requests for the same point at once share one lookup.
  let pending = inFlight.get(key);
  if (!pending) {
    pending = lookUp(key).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** A place found from a typed address: where, the address to show, and whether only the town was found. */
export type FoundPlace = { lat: number; lng: number; address: string; townOnly: boolean };

async function searchProvider(text: string): Promise<FoundPlace | null> {
  const answer = await (inProviderTurn(() =>
    askProvider("search", { q: text, countrycodes: "pk", limit: "1", addressdetails: "0" }),
  ) ?? null);
  const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
  if (!first || typeof first !== "object" || !("lat" in first) || !("lon" in first)) return null;
  const lat = Number(first.lat);
  const lng = Number(first.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng, address: displayName(first) ?? text, townOnly: false };
}

/**
 * Where a typed address is (forward geocoding): the provider's first match in Pakistan, else the
 * centre of the town it names (the town table), else null. `town` and `province` name the town
 * when the form has fields for them; otherwise a town is looked for among the address's parts.
 * With `provider: false` only the town table is asked (a caller past its budget of provider calls).
 */
export async function locateAddress(
  text: string,
  hints: { town?: string; province?: Province | null } = {},
  { provider = true }: { provider?: boolean } = {},
): Promise<FoundPlace | null> {
  const typed = text.trim();
  if (!typed) return null;
  const found = provider ? await searchProvider(typed) : null;
  if (found) return found;
  const town = hints.town ? findTown(hints.town, hints.province) : findTownIn(typed);
  return town ? { lat: town.lat, lng: town.lng, address: typed, townOnly: true } : null;
}
