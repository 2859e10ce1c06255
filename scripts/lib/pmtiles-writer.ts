// A PMTiles v3 archive writer: one file holding a tile pyramid, read by range requests
// (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md). No writer is published on npm,
// and a small archive needs only the simple case of the format: every tile entry in one root
// directory (no leaf directories), each tile's bytes stored once, in tile-id order ("clustered").
//
//   bytes 0-126   the header (fixed layout, little-endian)
//   then          the root directory (gzip), the JSON metadata (gzip), the tile data
import zlib from "node:zlib";
import { zxyToTileId } from "pmtiles";

/** One tile: its position and its bytes, already compressed as `tileCompression` says. */
export type ArchiveTile = { z: number; x: number; y: number; data: Uint8Array };

export type ArchiveDescription = {
  tiles: ArchiveTile[];
  /** Free-form JSON (name, attribution, vector_layers), stored gzipped. */
  metadata: Record<string, unknown>;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  center: { lon: number; lat: number; zoom: number };
  /** The tiles' format: 1 = Mapbox Vector Tile, 2 = PNG. */
  tileType: 1 | 2;
  /** How each tile's bytes are compressed: 1 = none, 2 = gzip. */
  tileCompression: 1 | 2;
};

const HEADER_BYTES = 127;
/** The spec's limit: a reader fetches the header and the root directory in one first request. */
const FIRST_REQUEST_BYTES = 16_384;
const GZIP = 2;

/** An unsigned LEB128 varint, as the directory stores every number (tile ids exceed 32 bits). */
function pushVarint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

type Entry = { tileId: number; offset: number; length: number };

/**
 * The directory: the entry count, then each column in turn (tile-id deltas, run lengths, lengths,
 * offsets). An offset is written as 0 when the tile follows the previous one, else as offset + 1.
 */
function encodeDirectory(entries: Entry[]): Uint8Array {
  const bytes: number[] = [];
  pushVarint(bytes, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    pushVarint(bytes, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (let i = 0; i < entries.length; i++) pushVarint(bytes, 1);
  for (const entry of entries) pushVarint(bytes, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const follows = previous !== undefined && entry.offset === previous.offset + previous.length;
    pushVarint(bytes, follows ? 0 : entry.offset + 1);
  });
  return Uint8Array.from(bytes);
}

function encodeHeader(fields: {
  rootOffset: number;
  rootLength: number;
  metadataOffset: number;
  metadataLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  tileCount: number;
  description: ArchiveDescription;
  minZoom: number;
  maxZoom: number;
}): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(fields.rootOffset, 8);
  u64(fields.rootLength, 16);
  u64(fields.metadataOffset, 24);
  u64(fields.metadataLength, 32);
  // No leaf directories: an empty section where they would start.
  u64(fields.tileDataOffset, 40);
  u64(0, 48);
  u64(fields.tileDataOffset, 56);
  u64(fields.tileDataLength, 64);
  // Addressed tiles, tile entries and distinct contents are the same when each tile is stored once.
  u64(fields.tileCount, 72);
  u64(fields.tileCount, 80);
  u64(fields.tileCount, 88);
  const { description } = fields;
  header.writeUInt8(1, 96); // clustered: tile data in tile-id order
  header.writeUInt8(GZIP, 97); // internal compression (directory, metadata)
  header.writeUInt8(description.tileCompression, 98);
  header.writeUInt8(description.tileType, 99);
  header.writeUInt8(fields.minZoom, 100);
  header.writeUInt8(fields.maxZoom, 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [west, south, east, north] = description.bounds;
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  header.writeUInt8(description.center.zoom, 118);
  header.writeInt32LE(e7(description.center.lon), 119);
  header.writeInt32LE(e7(description.center.lat), 123);
  return header;
}

/** The archive's bytes. */
export function writePmtiles(description: ArchiveDescription): Buffer {
  if (description.tiles.length === 0) throw new Error("A PMTiles archive needs at least one tile.");
  const tiles = description.tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  let offset = 0;
  for (const tile of tiles) {
    if (entries.at(-1)?.tileId === tile.tileId) throw new Error(`Tile ${tile.z}/${tile.x}/${tile.y} is given twice.`);
    entries.push({ tileId: tile.tileId, offset, length: tile.data.byteLength });
    offset += tile.data.byteLength;
  }

  const root = zlib.gzipSync(encodeDirectory(entries));
  if (HEADER_BYTES + root.byteLength > FIRST_REQUEST_BYTES) {
    throw new Error("Too many tiles for one root directory: this writer makes no leaf directories.");
  }
  const metadata = zlib.gzipSync(JSON.stringify(description.metadata));
  const zooms = tiles.map((tile) => tile.z);
  const header = encodeHeader({
    rootOffset: HEADER_BYTES,
    rootLength: root.byteLength,
    metadataOffset: HEADER_BYTES + root.byteLength,
    metadataLength: metadata.byteLength,
    tileDataOffset: HEADER_BYTES + root.byteLength + metadata.byteLength,
    tileDataLength: offset,
    tileCount: tiles.length,
    description,
    minZoom: Math.min(...zooms),
    maxZoom: Math.max(...zooms),
  });
  return Buffer.concat([header, root, metadata, ...tiles.map((tile) => tile.data)]);
}
