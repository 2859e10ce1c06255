// What GET /api/geocode/reverse answers, for its route and for the map picker that asks it.
// Browser-safe (no server imports).

/** The address at a point, or the coordinates as text when the geocoder had none (`fromProvider` false). */
export type ReverseGeocodeAnswer = { address: string; fromProvider: boolean };
