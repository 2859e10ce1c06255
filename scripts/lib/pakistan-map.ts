// A small vector map of Pakistan made offline, for the demo and the tests (decision 107): Natural
// Earth's countries (world-atlas, 1:50m) and the app's town table, cut into Mapbox Vector Tiles for
// zooms 0-8 and packed into a PMTiles archive. Its layers and kinds are the ones protomaps-leaflet's
// flavors paint (the Protomaps basemap schema):
//   earth       land (every country's outline), painted in the flavor's land colour
//   water       the sea: the world less its land, so the coast shows (the flavor's background is grey)
//   boundaries  the lines between countries, kind "country", kind_detail 2 (the solid border rule)
//   places      the towns (kind "locality", labelled by `name`) and Pakistan (kind "country")
import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import GeoJSONVT from "geojson-vt";
import { feature, mesh } from "topojson-client";
import vtpbf from "vt-pbf";
import { TOWNS } from "../../app/lib/towns.ts";
import { type ArchiveTile, writePmtiles } from "./pmtiles-writer.ts";

/** West, south, east, north: Pakistan and a margin, as the operator's `pmtiles extract --bbox` cuts it. */
const PAKISTAN_BOUNDS: [number, number, number, number] = [60.8, 23.6, 77.9, 37.1];
export const MAP_MAX_ZOOM = 8;
const EXTENT = 4096;

const require = createRequire(import.meta.url);

// The GeoJSON types come with geojson-vt's and topojson-client's (the global GeoJSON namespace).
type Feature = GeoJSON.Feature;
type FeatureCollection = GeoJSON.FeatureCollection;
type Position = GeoJSON.Position;
type Topology = Parameters<typeof mesh>[0];

/** Natural Earth's countries at 1:50m, with a `land` object of every land mass merged. */
function readCountries(): Topology {
  return JSON.parse(fs.readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Topology;
}

function collection(features: Feature[]): FeatureCollection {
  return { type: "FeatureCollection", features };
}

/** Twice the signed area of a ring in degrees: positive when counter-clockwise. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  }
  return sum;
}

function wound(ring: Position[], counterClockwise: boolean): Position[] {
  return signedArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

/**
 * The sea around the land: a polygon over the map's area with each land mass as a hole, wound the
 * other way round so the canvas's non-zero fill leaves the land unpainted. Lakes stay land.
 */
function sea(land: GeoJSON.Geometry): GeoJSON.Polygon {
  if (land.type !== "MultiPolygon" && land.type !== "Polygon") throw new Error(`Land is a ${land.type}.`);
  const polygons = land.type === "MultiPolygon" ? land.coordinates : [land.coordinates];
  const [west, south, east, north] = PAKISTAN_BOUNDS;
  const margin = 10;
  const frame: Position[] = [
    [west - margin, south - margin],
    [east + margin, south - margin],
    [east + margin, north + margin],
    [west - margin, north + margin],
    [west - margin, south - margin],
  ];
  const holes = polygons.map((rings) => rings[0]!).map((ring) => wound(ring, false));
  return { type: "Polygon", coordinates: [wound(frame, true), ...holes] };
}

function layers(): Record<string, FeatureCollection> {
  const countries = readCountries();
  const land = feature(countries, countries.objects["land"]!);
  const landGeometry = "features" in land ? land.features[0]!.geometry : land.geometry;
  const borders = mesh(countries, countries.objects["countries"] as Parameters<typeof mesh>[1], (a, b) => a !== b);
  const pakistan: Feature = {
    type: "Feature",
    geometry: { type: "Point", coordinates: [69.35, 30.38] },
    properties: { kind: "country", name: "Pakistan", min_zoom: 0, population_rank: 15 },
  };
  return {
    earth: collection([{ type: "Feature", geometry: landGeometry, properties: { kind: "earth" } }]),
    water: collection([{ type: "Feature", geometry: sea(landGeometry), properties: { kind: "ocean" } }]),
    boundaries: collection([{ type: "Feature", geometry: borders, properties: { kind: "country", kind_detail: 2 } }]),
    places: collection([
      pakistan,
      ...TOWNS.map((town): Feature => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [town.lng, town.lat] },
        properties: { kind: "locality", name: town.name, min_zoom: 5, population_rank: 9 },
      })),
    ]),
  };
}

/** The tiles of zoom z whose square meets the map's bounds. */
function tilesAt(z: number): { x: number; y: number }[] {
  const count = 2 ** z;
  const column = (lng: number) => Math.min(count - 1, Math.floor(((lng + 180) / 360) * count));
  const row = (lat: number) => {
    const radians = (lat * Math.PI) / 180;
    const y = (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2;
    return Math.min(count - 1, Math.floor(y * count));
  };
  const [west, south, east, north] = PAKISTAN_BOUNDS;
  const tiles: { x: number; y: number }[] = [];
  for (let x = column(west); x <= column(east); x++) {
    for (let y = row(north); y <= row(south); y++) tiles.push({ x, y });
  }
  return tiles;
}

/** The archive's bytes: every tile of zooms 0 to MAP_MAX_ZOOM over Pakistan, gzipped vector tiles. */
export function buildPakistanMap(): Buffer {
  const indexes = Object.entries(layers()).map(
    ([name, data]) =>
      [name, new GeoJSONVT(data, { maxZoom: MAP_MAX_ZOOM, indexMaxZoom: 4, extent: EXTENT, buffer: 64 })] as const,
  );
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= MAP_MAX_ZOOM; z++) {
    for (const { x, y } of tilesAt(z)) {
      const layerTiles = Object.fromEntries(
        indexes.flatMap(([name, index]) => {
          const tile = index.getTile(z, x, y);
          return tile && tile.features.length > 0 ? [[name, tile]] : [];
        }),
      );
      if (Object.keys(layerTiles).length === 0) continue;
      const encoded = vtpbf.fromGeojsonVt(layerTiles, { version: 2, extent: EXTENT });
      tiles.push({ z, x, y, data: zlib.gzipSync(encoded) });
    }
  }
  const [west, south, east, north] = PAKISTAN_BOUNDS;
  return writePmtiles({
    tiles,
    tileType: 1,
    tileCompression: 2,
    bounds: PAKISTAN_BOUNDS,
    center: { lon: (west + east) / 2, lat: (south + north) / 2, zoom: 5 },
    metadata: {
      name: "Pakistan (Fieldline's offline demo map)",
      attribution: "Natural Earth",
      vector_layers: ["earth", "water", "boundaries", "places"].map((id) => ({ id, fields: {} })),
    },
  });
}
