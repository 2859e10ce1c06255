// What the phone itself answers in the component level, where happy-dom has no such thing.

/** The phone's location is `latitude, longitude` (±12 m), given at once as Chromium's tests give it. */
export function phoneAt(latitude: number, longitude: number): void {
  const geolocation: Pick<Geolocation, "getCurrentPosition"> = {
    getCurrentPosition: (found) =>
      found({ coords: { latitude, longitude, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition),
  };
  Object.defineProperty(navigator, "geolocation", { configurable: true, value: geolocation });
}
