import * as answers from "~/http/api-answers";
import { operation } from "~/http/api/operation.server";
import { coordinatesText } from "~/lib/coordinates";
import type { ReverseGeocodeAnswer } from "~/models/geocode.schema";
import { reverseGeocode, reverseGeocodeQuerySchema } from "~/models/geocode.server";

export const placeOperations = [
  operation({
    method: "get",
    path: "/api/geocode/reverse",
    summary: "The address at a point (falls back to the coordinates as text)",
    tag: "Map",
    access: "app.use",
    query: reverseGeocodeQuerySchema,
    queryExample: { lat: "31.5204", lng: "74.3587" },
    answer: { status: 200, description: "The address", schema: answers.geocodeAnswer },
    handler: async ({ query: { lat, lng } }) => {
      const address = await reverseGeocode(lat, lng);
      const answer: ReverseGeocodeAnswer = {
        address: address ?? coordinatesText(lat, lng),
        fromProvider: address !== null,
      };
      return Response.json(answer);
    },
  }),
];
