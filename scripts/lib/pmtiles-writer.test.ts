import { Compression, PMTiles, type Source, TileType } from "pmtiles";
import { describe, expect, it } from "vitest";
import { MAP_MAX_ZOOM, buildPakistanMap } from "./pakistan-map";
import { writePmtiles } from "./pmtiles-writer";

/** The archive read as the browser reads it: byte ranges, by the pmtiles library. */
function reader(archive: Buffer): PMTiles {
  const source: Source = {
    getKey: () => "archive",
    getBytes: (offset, length) =>
      Promise.resolve({ data: new Uint8Array(archive.subarray(offset, offset + length)).buffer }),
  };
  return new PMTiles(source);
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the PMTiles writer", () => {
  it("writes an archive the pmtiles library reads back: header, metadata and every tile", async () => {
    const tiles = [
      { z: 0, x: 0, y: 0, data: bytes("zero") },
      { z: 2, x: 3, y: 1, data: bytes("two-three-one") },
      { z: 1, x: 1, y: 0, data: bytes("one-one-zero") },
      { z: 1, x: 0, y: 1, data: bytes("one-zero-one") },
    ];
    const archive = reader(
      writePmtiles({
        tiles,
        tileType: 2,
        tileCompression: 1,
        bounds: [60.8, 23.6, 77.9, 37.1],
        center: { lon: 69.35, lat: 30.35, zoom: 5 },
        metadata: { name: "test" },
      }),
    );

    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 2,
      numAddressedTiles: 4,
      numTileEntries: 4,
      numTileContents: 4,
      clustered: true,
      internalCompression: Compression.Gzip,
      tileCompression: Compression.None,
      tileType: TileType.Png,
      centerZoom: 5,
    });
    expect([header.minLon, header.minLat, header.maxLon, header.maxLat]).toEqual([60.8, 23.6, 77.9, 37.1]);
    expect([header.centerLon, header.centerLat]).toEqual([69.35, 30.35]);
    expect(await archive.getMetadata()).toEqual({ name: "test" });
    for (const tile of tiles) {
      const found = await archive.getZxy(tile.z, tile.x, tile.y);
      expect(new TextDecoder().decode(found?.data), `${tile.z}/${tile.x}/${tile.y}`).toBe(
        new TextDecoder().decode(tile.data),
      );
    }
    expect(await archive.getZxy(2, 0, 0)).toBeUndefined();
  });

  it("refuses the same tile twice", () => {
    const tile = { z: 0, x: 0, y: 0, data: bytes("zero") };
    expect(() =>
      writePmtiles({
        tiles: [tile, tile],
        tileType: 2,
        tileCompression: 1,
        bounds: [0, 0, 1, 1],
        center: { lon: 0, lat: 0, zoom: 0 },
        metadata: {},
      }),
    ).toThrow("Tile 0/0/0 is given twice.");
  });
});

describe("the offline map of Pakistan", () => {
  it("holds gzipped vector tiles of Pakistan from zoom 0 to 8 in under 2 MB", async () => {
    const bytesOfArchive = buildPakistanMap();
    expect(bytesOfArchive.byteLength).toBeLessThan(2_000_000);
    const archive = reader(bytesOfArchive);
    const header = await archive.getHeader();
    expect(header).toMatchObject({ minZoom: 0, maxZoom: MAP_MAX_ZOOM, tileType: TileType.Mvt });
    // Lahore's tile at zoom 8 (the reader gunzips it): a vector tile naming the layers protomaps-leaflet paints.
    const lahore = await archive.getZxy(8, 180, 104);
    const tile = Buffer.from(lahore!.data).toString("latin1");
    for (const layer of ["earth", "boundaries", "places", "Lahore"]) expect(tile).toContain(layer);
  });
});
