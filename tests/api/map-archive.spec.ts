import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../e2e/support/fixtures";

// Decision 107: with MAP_TILES=self the map's one PMTiles archive is served from the app's own
// storage, by byte ranges as the pmtiles reader in the browser asks for it, and nothing else beside it.

const ARCHIVE = "/maps/pakistan.pmtiles";

function mapsFolder(): string {
  return path.join(process.env.FIELDLINE_E2E_DIR!, "data", "maps");
}

function archiveOnDisk(): Buffer {
  return fs.readFileSync(path.join(mapsFolder(), "pakistan.pmtiles"));
}

test("the archive is served by byte ranges: 206, Content-Range and exactly the bytes asked for", async ({
  request,
}) => {
  const archive = archiveOnDisk();
  // The reader's first request: the header and the root directory, 16 KiB.
  const first = await request.get(ARCHIVE, { headers: { Range: "bytes=0-16383" } });
  expect(first.status()).toBe(206);
  expect(first.headers()["content-range"]).toBe(`bytes 0-16383/${archive.byteLength}`);
  expect(first.headers()["accept-ranges"]).toBe("bytes");
  const head = await first.body();
  expect(head.subarray(0, 7).toString("ascii")).toBe("PMTiles");
  expect(head.equals(archive.subarray(0, 16384))).toBe(true);

  const middle = await request.get(ARCHIVE, { headers: { Range: "bytes=50000-50099" } });
  expect(middle.status()).toBe(206);
  expect(middle.headers()["content-range"]).toBe(`bytes 50000-50099/${archive.byteLength}`);
  expect((await middle.body()).equals(archive.subarray(50000, 50100))).toBe(true);

  const pastTheEnd = await request.get(ARCHIVE, { headers: { Range: `bytes=${archive.byteLength}-` } });
  expect(pastTheEnd.status()).toBe(416);

  const whole = await request.get(ARCHIVE);
  expect(whole.status()).toBe(200);
  expect(whole.headers()["cache-control"]).toBe("public, max-age=3600");
  expect((await whole.body()).byteLength).toBe(archive.byteLength);
});

test("nothing but the archive is served from its folder or beside it", async ({ request }) => {
  // Another archive beside it, as an operator's upload in progress might be.
  fs.writeFileSync(path.join(mapsFolder(), "other.pmtiles"), "PMTiles, not to be served");
  for (const other of [
    "/maps/other.pmtiles",
    "/maps/",
    "/maps/pakistan.pmtiles.tmp",
    "/maps/%2e%2e/e2e.db",
    "/maps/..%2fe2e.db",
    "/maps/pakistan.pmtiles/..%2f..%2fe2e.db",
  ]) {
    const response = await request.get(other, { headers: { Range: "bytes=0-15" } });
    expect(response.status(), other).toBe(404);
    expect((await response.body()).subarray(0, 7).toString("ascii"), other).not.toBe("PMTiles");
  }
});
