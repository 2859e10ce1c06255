import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";

// Decision 107: switching the map to a tile provider is one setting. A server of its own (the e2e
// server, archive and all, with MAP_TILES=url) draws the dealer map from TILE_URL, the fake tile
// server of the network edge, and serves no archive.

const port = Number(process.env.E2E_PORT ?? 4500) + 5;
const edgePort = Number(process.env.E2E_EDGE_PORT ?? 4599) - 5;
const baseURL = `http://127.0.0.1:${port}`;
const edgeURL = `http://127.0.0.1:${edgePort}`;

test.use({ baseURL });

let server: ChildProcess | undefined;
let dir = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-tile-provider-"));
  server = spawn(process.execPath, ["tests/support/e2e-server.mjs"], {
    env: {
      ...process.env,
      FIELDLINE_E2E_DIR: dir,
      E2E_PORT: String(port),
      E2E_EDGE_PORT: String(edgePort),
      MAP_TILES: "url",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the tile-provider server exited (${server.exitCode})`);
    if (
      await fetch(`${baseURL}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("the tile-provider server did not start in time");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});

test("with MAP_TILES=url the dealer map's tiles come from TILE_URL, and no archive is served", async ({
  page,
  request,
}) => {
  const tileRequests: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().startsWith(`${edgeURL}/tiles/`)) tileRequests.push(sent.url());
  });
  await page.goto("/login");
  await page.locator('input[name="username"]').fill("officer7");
  await page.locator('input[name="password"]').fill("fieldline");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto("/dealer-map");

  await expect(page.locator(".leaflet-tile-pane img.leaflet-tile-loaded").first()).toBeVisible({ timeout: 15_000 });
  expect(tileRequests.length).toBeGreaterThan(0);
  expect(tileRequests.every((url) => /\/tiles\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
  await expect(page.locator(".leaflet-tile-pane canvas")).toHaveCount(0);
  expect((await request.get("/maps/pakistan.pmtiles")).status()).toBe(404);
});
