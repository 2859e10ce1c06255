// Photo upload benchmark (not a test): how long a 3 MB, 12 MP camera photo takes from being
// chosen on New Post to "Post created successfully!" on a slow mobile link, emulated by
// Chromium (400 kbit/s down and up, 400 ms latency). Runs against servers already started,
// one per build, in turns (A, B, A, B, ...), each run in a fresh browser context:
//
//   PORT=5300 npm run demo     # in a checkout of the build before
//   PORT=3103 npm run demo     # in this one
//   npx tsx scripts/bench-photo-upload.ts before=http://localhost:5300 after=http://localhost:3103 [--runs 3]
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.mjs";
import { phonePhoto } from "../tests/support/phone-photo";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "3" }, user: { type: "string", default: "officer1" } },
});
const servers = positionals.map((pair) => {
  const [name, url] = pair.split("=");
  if (!name || !url) throw new Error(`Expected name=url, got ${pair}`);
  return { name, url };
});
const RUNS = Number(options.runs);
const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

type Run = { seconds: number; sentKiB: number; putFrom: number; putTo: number };
type Stamps = { chosen?: number; created?: number };

/**
 * Seconds from the photo reaching the page (the file input's change event) to the feed's "Post
 * created successfully!", both stamped in the page (the test's own transfer of the 3 MB file into
 * the browser is not the phone's), with the photo's PUT: its size, and when it started and ended.
 */
async function oneRun(browser: Browser, base: string, photo: Buffer): Promise<Run> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await page.locator('input[name="username"]').fill(options.user);
    await page.locator('input[name="password"]').fill("fieldline");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.goto("/new-post");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.getByLabel("Post type *").selectOption("FIELD_VISIT");
    await page.getByLabel("Description").fill(`Photo upload at 400 kbit/s, ${new Date().toISOString()}`);
    let sent = 0;
    page.on("request", (request) => {
      if (request.method() === "PUT")
        void request.headerValue("content-length").then((value) => (sent = Number(value)));
    });
    await page.evaluate(() => {
      const stamps: Stamps = {};
      (window as unknown as { stamps: Stamps }).stamps = stamps;
      document.addEventListener("change", () => (stamps.chosen ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.body.textContent?.includes("Post created successfully!")) stamps.created ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_LINK);
    await page.locator("#post-files").setInputFiles({ name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: photo });
    // Both builds show a bar per photo (its value 100 once sent) and then enable the Post button.
    await page.waitForFunction(
      () => document.querySelector('progress[aria-label="Upload of IMG_0412.jpg"]')?.getAttribute("value") === "100",
      undefined,
      { timeout: 180_000, polling: 100 },
    );
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText("Post created successfully!").waitFor({ timeout: 60_000 });
    const { chosen, created, put } = await page.evaluate(() => {
      const { stamps } = window as unknown as { stamps: Stamps };
      const timing = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/api/objects/uploads/")) as PerformanceResourceTiming | undefined;
      return { ...stamps, put: timing ? [timing.startTime, timing.responseEnd] : [NaN, NaN] };
    });
    const after = (time = NaN) => (time - (chosen ?? NaN)) / 1000;
    return { seconds: after(created), sentKiB: sent / 1024, putFrom: after(put[0]), putTo: after(put[1]) };
  } finally {
    await context.close();
  }
}

const photo = await phonePhoto();
console.log(`photo: ${(photo.byteLength / 1024 / 1024).toFixed(2)} MB, 4000×3000 JPEG; link: 400 kbit/s, 400 ms`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = new Map(servers.map(({ name }) => [name, [] as number[]]));
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const { name, url } of servers) {
      const { seconds, sentKiB, putFrom, putTo } = await oneRun(browser, url, photo);
      results.get(name)?.push(seconds);
      console.log(
        `run ${run} ${name}: ${seconds.toFixed(1)} s (the PUT of ${Math.round(sentKiB)} KiB from ${putFrom.toFixed(1)} to ${putTo.toFixed(1)} s)`,
      );
    }
  }
} finally {
  await browser.close();
}
for (const [name, times] of results) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${name}: median ${(sorted[Math.floor(sorted.length / 2)] ?? NaN).toFixed(1)} s (${times.map((t) => t.toFixed(1)).join(", ")})`,
  );
}
