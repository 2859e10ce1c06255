/**
 * A place as text, six decimals (about 10 cm): "31.520400, 74.358700". The fallback address when
 * no lookup answers, on the server and in the browser, and the coordinates line of the pages.
 */
export function coordinatesText(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** Sent by a form shown without a map (no JavaScript): empty coordinates mean "place it from the typed address". */
export const PLACE_FROM_ADDRESS_FIELD = "locate";
