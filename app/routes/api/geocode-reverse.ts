import type { Route } from "./+types/geocode-reverse";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { coordinatesText } from "~/lib/coordinates";
import type { ReverseGeocodeAnswer } from "~/models/geocode.schema";
import { reverseGeocode, reverseGeocodeQuerySchema } from "~/models/geocode.server";

/** GET /api/geocode/reverse?lat=&lng= — the address for a point, or the coordinates as text. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const { lat, lng } = readQuery(args.request, reverseGeocodeQuerySchema);
  const address = await reverseGeocode(lat, lng);
  const answer: ReverseGeocodeAnswer = {
    address: address ?? coordinatesText(lat, lng),
    fromProvider: address !== null,
  };
  return Response.json(answer);
}

export const action = methodNotAllowed;
