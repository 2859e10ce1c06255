// vt-pbf ships no types: the one call scripts/lib/pakistan-map.ts makes.
declare module "vt-pbf" {
  import type { LegacyTile } from "geojson-vt";

  const vtpbf: {
    /** A Mapbox Vector Tile's protobuf bytes from geojson-vt tiles, one per layer name. */
    fromGeojsonVt(layers: Record<string, LegacyTile>, options?: { version?: number; extent?: number }): Uint8Array;
  };
  export default vtpbf;
}
