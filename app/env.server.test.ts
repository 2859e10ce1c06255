import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";

// The map's settings (decision 107): one setting chooses the tiles and one the geocoder, checked at start.

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
});

async function envWith(settings: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.resetModules();
  return (await import("./env.server")).env;
}

function dataDir({ withArchive }: { withArchive: boolean }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-env-"));
  if (withArchive) {
    fs.mkdirSync(path.join(dir, "maps"));
    fs.writeFileSync(path.join(dir, "maps", "pakistan.pmtiles"), "PMTiles");
  }
  return dir;
}

it("self-hosts the map when the archive is on the disk, else uses TILE_URL, unless MAP_TILES says which", async () => {
  const withArchive = dataDir({ withArchive: true });
  expect(await envWith({ MAP_TILES: undefined, TILE_ATTRIBUTION: undefined, DATA_DIR: withArchive })).toMatchObject({
    MAP_TILES: "self",
    MAP_ARCHIVE_FILE: path.join(withArchive, "maps", "pakistan.pmtiles"),
    TILE_ATTRIBUTION: expect.stringContaining("Protomaps") as unknown,
  });
  expect(await envWith({ MAP_TILES: "url", TILE_ATTRIBUTION: undefined, DATA_DIR: withArchive })).toMatchObject({
    MAP_TILES: "url",
    TILE_ATTRIBUTION: expect.stringContaining("OpenStreetMap</a> contributors") as unknown,
  });
  const without = dataDir({ withArchive: false });
  expect(await envWith({ MAP_TILES: undefined, DATA_DIR: without })).toMatchObject({ MAP_TILES: "url" });
  expect(await envWith({ MAP_TILES: "self", TILE_ATTRIBUTION: "Our maps", DATA_DIR: without })).toMatchObject({
    MAP_TILES: "self",
    TILE_ATTRIBUTION: "Our maps",
  });
  fs.rmSync(withArchive, { recursive: true });
  fs.rmSync(without, { recursive: true });
});

it("takes GEOCODER as none (the default) or a URL, and refuses anything else at start", async () => {
  expect((await envWith({ GEOCODER: undefined })).GEOCODER).toBe("none");
  expect((await envWith({ GEOCODER: "https://geocoder.example.com" })).GEOCODER).toBe("https://geocoder.example.com");
  await expect(envWith({ GEOCODER: "nominatim" })).rejects.toThrow(/Invalid environment:\nGEOCODER: /);
  await expect(envWith({ MAP_TILES: "osm" })).rejects.toThrow(/Invalid environment:\nMAP_TILES: /);
});
