import { expect, signIn, test } from "../support/fixtures";

// Decision 107: with MAP_TILES=self (the e2e server's setting) the map is drawn from the app's own
// PMTiles archive of Pakistan, with no other host on the network at all.

/** Colours of protomaps-leaflet's "light" flavor that only the archive's layers paint. */
const EARTH = [0xe2, 0xdf, 0xda];
const WATER = [0x80, 0xde, 0xea];

test("with the network cut, the dealer map draws Pakistan's land and sea from the self-hosted archive", async ({
  page,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => url.origin !== appOrigin,
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort("internetdisconnected");
    },
  );
  const ranges: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/maps/pakistan.pmtiles") ranges.push(request.headers()["range"] ?? "");
  });

  await signIn(page, "officer7");
  await page.goto("/dealer-map");
  const tiles = page.locator(".leaflet-tile-pane canvas.leaflet-tile-loaded");
  await expect(tiles.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Map tiles could not load. Pins and routes still show.")).toHaveCount(0);

  // What the tile canvases hold: how many of their pixels are the flavor's land and sea colours.
  const painted = await tiles.evaluateAll(
    (canvases, colours) => {
      const counts = { earth: 0, water: 0, pixels: 0 };
      for (const canvas of canvases as HTMLCanvasElement[]) {
        const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          const pixel = [data[i], data[i + 1], data[i + 2]];
          counts.pixels += 1;
          if (pixel.every((value, k) => value === colours.earth[k])) counts.earth += 1;
          if (pixel.every((value, k) => value === colours.water[k])) counts.water += 1;
        }
      }
      return counts;
    },
    { earth: EARTH, water: WATER },
  );
  expect(painted.pixels).toBeGreaterThan(0);
  // Pakistan's map at its opening zoom is mostly land, with the Arabian Sea to the south.
  expect(painted.earth / painted.pixels).toBeGreaterThan(0.3);
  expect(painted.water).toBeGreaterThan(0);
  // Read as the pmtiles reader reads: by byte ranges of the one archive.
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((range) => /^bytes=\d+-\d+$/.test(range))).toBe(true);
  expect(elsewhere, "requests to other hosts").toEqual([]);
});

test("the map credits its data from the start, while the archive is still on its way", async ({ page }) => {
  // The archive is held until the credit has been read: the layer itself comes only after its header.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/maps/pakistan.pmtiles", async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, "officer1");
  await page.goto("/dealer-map");
  // A lone "Leaflet" link would be a tap target under 44 px; the credit is there before any tile.
  await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
  await expect(page.locator(".leaflet-tile-pane canvas")).toHaveCount(0);
  release();
  await expect(page.locator(".leaflet-tile-pane canvas.leaflet-tile-loaded").first()).toBeVisible({ timeout: 15_000 });
});
