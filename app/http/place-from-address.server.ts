import { matchProvince } from "~/models/dealer.schema";
import { locateAddress } from "~/models/geocode.server";
import { PLACE_FROM_ADDRESS_FIELD } from "~/lib/coordinates";
import { said } from "~/http/language.server";
import type { MessageKey } from "~/locales/namespaces";

const ADDRESS_NOT_PLACED: MessageKey = "common:errors.addressNotPlaced";
const ADDRESS_NEEDED: MessageKey = "common:errors.addressNeeded";

/** A form's place fields, and the fields whose text says where it is. */
type PlaceFields = {
  lat: string;
  lng: string;
  address: string;
  /** The fields joined into the text the geocoder searches, in order (e.g. street, city, province). */
  search: string[];
  /** The field naming the town, and the province's, when the form has them (the town table's fallback). */
  town?: string;
  province?: string;
};

/**
 * What became of a place: `pinned` (coordinates sent, or the form has a map: nothing to do),
 * `placed` (found from the address: the coordinates are now in the form), or why it could not be.
 */
export type Placement = "pinned" | "placed" | "needs-address" | "not-found";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * Without JavaScript a form has no map, only latitude and longitude to type (the page says so,
 * and sends PLACE_FROM_ADDRESS_FIELD). Left empty, the place is found from the typed address
 * (the geocoder, else the town table) and written into the form's coordinates, to be saved as
 * approximate. Forms sent with a map, and every API call, are left as they are.
 */
export async function placeFromAddress(form: FormData, fields: PlaceFields): Promise<Placement> {
  if (
    form.get(PLACE_FROM_ADDRESS_FIELD) !== "address" ||
    text(form, fields.lat) !== "" ||
    text(form, fields.lng) !== ""
  )
    return "pinned";
  const parts = fields.search.map((name) => text(form, name)).filter(Boolean);
  if (parts.length === 0) return "needs-address";
  const town = fields.town ? text(form, fields.town) : "";
  const found = await locateAddress(
    parts.join(", "),
    town ? { town, province: matchProvince(text(form, fields.province ?? "")) } : {},
  );
  if (!found) return "not-found";
  form.set(fields.lat, found.lat.toFixed(6));
  form.set(fields.lng, found.lng.toFixed(6));
  if (!text(form, fields.address)) form.set(fields.address, found.address);
  return "placed";
}

/** Why a place could not be had from the address, on its latitude field (for a form's reply); none otherwise. */
export function placementErrors(placement: Placement, latField: string): Record<string, string[]> {
  if (placement === "needs-address") return { [latField]: [said(ADDRESS_NEEDED)] };
  if (placement === "not-found") return { [latField]: [said(ADDRESS_NOT_PLACED)] };
  return {};
}

/** A dealer form's place: its coordinates, else its street, city and province. */
export const DEALER_PLACE: PlaceFields = {
  lat: "lat",
  lng: "lng",
  address: "formattedAddress",
  search: ["street", "city", "state"],
  town: "city",
  province: "state",
};

/** What the officer is told when a place was found from the address. */
export const PLACED_FROM_ADDRESS: MessageKey = "auth:locations.placedFromAddress";
