import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coordinatesText } from "~/lib/coordinates";

// A stand-in for Nominatim at the network edge; each test says how it answers.
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type Seen = { url: URL; headers: IncomingMessage["headers"]; at: number };

let server: Server;
let handler: Handler;
let seen: Seen[] = [];
let geocode: typeof import("./geocode.server");
let prisma: typeof import("~/db.server").prisma;
const savedEnv = { url: process.env.GEOCODER, timeout: process.env.GEOCODER_TIMEOUT_MS };

// Long enough for a loaded test machine to answer locally, short next to the slow provider below.
const TIMEOUT_MS = 1500;

function answerJson(body: unknown, status = 200): Handler {
  return (_request, response) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: new URL(request.url ?? "/", "http://fake"), headers: request.headers, at: Date.now() });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  // env.server reads these when first imported, so they are set before the import.
  process.env.GEOCODER = `http://127.0.0.1:${port}`;
  process.env.GEOCODER_TIMEOUT_MS = String(TIMEOUT_MS);
  geocode = await import("./geocode.server");
  ({ prisma } = await import("~/db.server"));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  process.env.GEOCODER = savedEnv.url;
  process.env.GEOCODER_TIMEOUT_MS = savedEnv.timeout;
  if (savedEnv.url === undefined) delete process.env.GEOCODER;
  if (savedEnv.timeout === undefined) delete process.env.GEOCODER_TIMEOUT_MS;
});

beforeEach(async () => {
  seen = [];
  handler = answerJson({ display_name: "Unused" });
  await prisma.geocodeCache.deleteMany();
});

describe("reverseGeocode", () => {
  it("asks the provider politely and caches its answer", async () => {
    handler = answerJson({ display_name: "Liberty Market, Gulberg III, Lahore, Pakistan" });

    expect(await geocode.reverseGeocode(31.520401, 74.358704)).toBe("Liberty Market, Gulberg III, Lahore, Pakistan");
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.url.pathname).toBe("/reverse");
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      format: "jsonv2",
      lat: "31.52040",
      lon: "74.35870",
      zoom: "18",
      addressdetails: "0",
    });
    expect(request?.headers["user-agent"]).toMatch(/^Fieldline\/1\.0 \(\+https?:\/\/.+\)$/);
    expect(request?.headers["accept-language"]).toBe("en");

    const row = await prisma.geocodeCache.findUnique({ where: { key: "31.52040,74.35870" } });
    expect(row?.address).toBe("Liberty Market, Gulberg III, Lahore, Pakistan");

    // A point within the same 5-decimal cell comes from the cache, without waiting its turn.
    const started = Date.now();
    expect(await geocode.reverseGeocode(31.5204, 74.3587)).toBe("Liberty Market, Gulberg III, Lahore, Pakistan");
    expect(Date.now() - started).toBeLessThan(500);
    expect(seen).toHaveLength(1);
  });

  it("gives up after the timeout when the provider is slow", async () => {
    handler = (_request, response) => {
      setTimeout(() => answerJson({ display_name: "Too late" })(_request, response), 8000);
    };

    const result = await geocode.reverseGeocode(24.8607, 67.0011);
    const finished = Date.now();
    expect(result).toBeNull();
    expect(seen).toHaveLength(1);
    expect(finished - (seen[0]?.at ?? 0)).toBeLessThan(TIMEOUT_MS + 3000);
    expect(await prisma.geocodeCache.count()).toBe(0);
  });

  it("returns null when the provider answers 500", async () => {
    handler = answerJson({ error: "boom" }, 500);
    expect(await geocode.reverseGeocode(33.6844, 73.0479)).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it("returns null on a body that is not JSON", async () => {
    handler = (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{ not json");
    };
    expect(await geocode.reverseGeocode(30.1575, 71.5249)).toBeNull();
  });

  it("returns null when there is no display_name", async () => {
    handler = answerJson({ error: "Unable to geocode" });
    expect(await geocode.reverseGeocode(0, 0)).toBeNull();
    expect(await prisma.geocodeCache.count()).toBe(0);
  });

  it("sends at most one request a second to the provider", async () => {
    handler = answerJson({ display_name: "Somewhere" });
    await Promise.all([geocode.reverseGeocode(25.396, 68.3578), geocode.reverseGeocode(27.7052, 68.8574)]);
    expect(seen).toHaveLength(2);
    // A little slack for timer granularity.
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(980);
  });
});

describe("locateAddress", () => {
  it("asks the provider's search for the typed address, in Pakistan, and takes its first match", async () => {
    handler = answerJson([
      { lat: "30.0461", lon: "72.3512", display_name: "Grain Market, Vehari, Punjab, Pakistan" },
      { lat: "1", lon: "1" },
    ]);
    expect(await geocode.locateAddress("Shop 3, Grain Market, Vehari, Punjab")).toEqual({
      lat: 30.0461,
      lng: 72.3512,
      address: "Grain Market, Vehari, Punjab, Pakistan",
      townOnly: false,
    });
    expect(seen[0]?.url.pathname).toBe("/search");
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toMatchObject({
      q: "Shop 3, Grain Market, Vehari, Punjab",
      countrycodes: "pk",
      limit: "1",
      format: "jsonv2",
    });
  });

  it("falls back to the town's centre when the provider finds nothing or fails", async () => {
    handler = answerJson([]);
    expect(await geocode.locateAddress("Chak 45, Okara", { town: "Okara", province: "Punjab" })).toEqual({
      lat: 30.8138,
      lng: 73.4534,
      address: "Chak 45, Okara",
      townOnly: true,
    });
    handler = answerJson({ error: "down" }, 503);
    expect(await geocode.locateAddress("Near the canal, d.g. khan")).toMatchObject({
      lat: 30.0459,
      lng: 70.6403,
      townOnly: true,
    });
  });

  it("finds nothing for a town outside the table or in another province, and for empty text", async () => {
    handler = answerJson([]);
    expect(await geocode.locateAddress("Main Bazaar, Nowhere", { town: "Nowhere", province: "Punjab" })).toBeNull();
    expect(await geocode.locateAddress("Main Bazaar, Lahore", { town: "Lahore", province: "Sindh" })).toBeNull();
    const asked = seen.length;
    expect(await geocode.locateAddress("   ")).toBeNull();
    expect(seen).toHaveLength(asked);
  });

  it("refuses a match with coordinates that are not a place", async () => {
    handler = answerJson([{ lat: "north", lon: "72" }]);
    expect(await geocode.locateAddress("Somewhere, Multan")).toMatchObject({
      lat: 30.1575,
      lng: 71.5249,
      townOnly: true,
    });
  });
});

describe("coordinatesText", () => {
  it("writes both coordinates with six decimals", () => {
    expect(coordinatesText(31.5204, 74.3587)).toBe("31.520400, 74.358700");
    expect(coordinatesText(-33.8688197, 151.2092961)).toBe("-33.868820, 151.209296");
  });
});

describe("reverseGeocodeQuerySchema", () => {
  const parse = (query: Record<string, string | undefined>) => geocode.reverseGeocodeQuerySchema.safeParse(query);
  const messages = (query: Record<string, string | undefined>) =>
    parse(query).error?.issues.map((issue) => issue.message);

  it("reads numbers from query strings", () => {
    expect(parse({ lat: "31.5204", lng: "-74.3587" }).data).toEqual({ lat: 31.5204, lng: -74.3587 });
  });

  it("asks for both coordinates when one is missing or empty", () => {
    expect(messages({ lng: "74" })).toEqual(["lat and lng are required"]);
    expect(messages({ lat: "", lng: " " })).toEqual(["lat and lng are required", "lat and lng are required"]);
  });

  it("gives the range messages", () => {
    expect(messages({ lat: "90.1", lng: "0" })).toEqual(["Latitude must be between -90 and 90"]);
    expect(messages({ lat: "0", lng: "-180.5" })).toEqual(["Longitude must be between -180 and 180"]);
    expect(messages({ lat: "north", lng: "0" })).toEqual(["Latitude must be between -90 and 90"]);
  });
});
