import { afterAll, beforeAll, expect, inject, it } from "vitest";

// GEOCODER=none (the default, decision 107): no provider is asked, ever; typed addresses are
// placed by the town table and points have no address, at once (no turn to wait for).

let geocode: typeof import("./geocode.server");
const saved = process.env.GEOCODER;
const edge = inject("fieldlineEdgeUrl");

/** The geocoder's calls the fake network edge has answered so far. */
async function geocoderCalls(): Promise<string[]> {
  const paths = (await (await fetch(`${edge}/__requests`)).json()) as string[];
  return paths.filter((path) => /^\/(search|reverse)\b/.test(path));
}

beforeAll(async () => {
  // env.server reads it when first imported.
  process.env.GEOCODER = "none";
  geocode = await import("./geocode.server");
});

afterAll(() => {
  process.env.GEOCODER = saved;
});

it("places a typed address by its town and a point by nothing, asking no geocoder and waiting for no turn", async () => {
  const before = (await geocoderCalls()).length;
  const started = performance.now();
  const places = await Promise.all([
    geocode.locateAddress("Shop 4, Main Bazar, Sahiwal"),
    geocode.locateAddress("Near the canal, Okara"),
    geocode.locateAddress("Somewhere unknown"),
  ]);
  const address = await geocode.reverseGeocode(31.5204, 74.3587);
  expect(places).toEqual([
    { lat: 30.6682, lng: 73.1114, address: "Shop 4, Main Bazar, Sahiwal", townOnly: true },
    { lat: 30.8138, lng: 73.4534, address: "Near the canal, Okara", townOnly: true },
    null,
  ]);
  expect(address).toBeNull();
  // Provider calls wait a second for each other's turn; three of them would take two seconds.
  expect(performance.now() - started).toBeLessThan(1000);
  expect((await geocoderCalls()).length).toBe(before);
});
