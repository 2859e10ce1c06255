// Uploads cannot escape or impersonate: file names never become paths (nothing is written outside
// the uploads folder, and /files serves nothing from outside it), and files that pose as images
// (SVG with script, GIF/JS and PNG/HTML polyglots) are refused, or re-encoded so what is served
// is a plain WebP picture that no browser will run.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueName } from "../e2e/support/fixtures";
import { pngBomb } from "../support/image-bombs";
import { dealerRow, dealerWorkbook } from "../support/spreadsheets";
import { paddedVideo, tinyVideo } from "../support/videos";

async function signIn(request: APIRequestContext, username = "officer4"): Promise<void> {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

const encoder = new TextEncoder();
const SCRIPT = "<script>alert(document.domain)</script>";
const jpeg = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

/** Files that say they are pictures and are not, or not only. */
async function posers(): Promise<Array<{ name: string; mimeType: string; buffer: Buffer }>> {
  return [
    {
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`),
    },
    {
      name: "photo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
    },
    {
      name: "polyglot.gif",
      mimeType: "image/gif",
      buffer: Buffer.concat([
        Buffer.from("GIF89a/*"),
        Buffer.from([1, 0, 1, 0, 0, 0, 0]),
        Buffer.from("*/=1;alert(1);//"),
      ]),
    },
    {
      name: "page.png",
      mimeType: "image/png",
      buffer: Buffer.concat([Buffer.from([0x89]), Buffer.from("PNG\r\n\x1a\n"), Buffer.from(`<html>${SCRIPT}</html>`)]),
    },
  ];
}

/** The e2e server's data directory (tests/support/e2e-server.mjs). */
function dataDirectory(): string {
  return path.join(process.env.FIELDLINE_E2E_DIR!, "data");
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("/files serves nothing from outside the uploads folder", async ({ request }) => {
  for (const target of [
    "/files/..%2f..%2fe2e.db",
    "/files/..%2F..%2Fe2e.db",
    "/files/%2e%2e/%2e%2e/e2e.db",
    "/files/..%252f..%252fe2e.db",
    "/files/posts/..%2f..%2f..%2fe2e.db",
    "/files/..%5c..%5ce2e.db",
    "/files/%00",
    "/files/....//....//e2e.db",
  ]) {
    const response = await request.get(target);
    expect([400, 403, 404], target).toContain(response.status());
    expect((await response.body()).includes(Buffer.from("SQLite format 3")), target).toBe(false);
  }
});

test("a file name with a path is only a name: what is stored lands in the uploads folder under a hash", async ({
  request,
}) => {
  await signIn(request);
  const marker = uniqueName("escape");
  const photo = await jpeg();
  const form = new FormData();
  form.append("type", "DEMO_PLOT");
  for (const name of [
    `../../../../${marker}-a.jpg`,
    `..%2f..%2f${marker}-b.jpg`,
    `..\\..\\${marker}-c.jpg`,
    `/tmp/${marker}-d.jpg`,
  ]) {
    form.append("files", new Blob([photo], { type: "image/jpeg" }), name);
  }
  // Same bytes four times: the first is enough to check; the others are names only.
  const created = await request.post("/api/posts", { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { media: Array<{ url: string; thumbUrl: string | null }> };
  for (const media of post.media) {
    expect(media.url).toMatch(/^\/files\/posts\/[a-f0-9]{32}\.webp$/);
    expect(media.thumbUrl).toMatch(/^\/files\/posts-thumbs\/[a-f0-9]{32}\.webp$/);
  }

  const uploaded = await request.post("/api/upload", {
    multipart: {
      file: {
        name: `../../../../${marker}.xlsx`,
        mimeType: "application/octet-stream",
        buffer: dealerWorkbook([dealerRow(Date.now() % 10_000_000, "Traversal")]),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { uploadId } = (await uploaded.json()) as { uploadId: string };
  expect((await request.post("/api/dealers/import", { data: { uploadId } })).status()).toBe(200);

  const root = process.env.FIELDLINE_E2E_DIR!;
  const near = [path.dirname(root), path.parse(root).root].flatMap((dir) => fs.readdirSync(dir));
  expect([...filesUnder(root), ...near].filter((file) => file.includes(marker))).toEqual([]);
  // Beside the uploads, only the offline map the server was started with (decision 0107).
  expect(fs.readdirSync(dataDirectory())).toEqual(["maps", "uploads"]);
  expect(fs.readdirSync(path.join(dataDirectory(), "maps"))).toEqual(["pakistan.pmtiles"]);
});

test("an import names no server path but the sample, and an upload id is no path", async ({ request }) => {
  await signIn(request, "admin");
  for (const filePath of [
    "../../etc/passwd",
    "/etc/passwd",
    "samples/../samples/dealers-sample.xlsx",
    "samples/dealers-sample.xlsx/..",
    "..%2f..%2fprisma%2fseed-data%2fdealers-sample.xlsx",
    "prisma/seed-data/dealers-sample.xlsx",
  ]) {
    const response = await request.post("/api/dealers/import", { data: { filePath } });
    expect(response.status(), filePath).toBe(400);
  }
  for (const uploadId of ["../../e2e.db", "..%2f..%2fe2e.db", "/etc/passwd", "incoming/../../e2e.db"]) {
    const response = await request.post("/api/dealers/import", { data: { uploadId } });
    expect(response.status(), uploadId).toBe(404);
  }
});

test("files posing as images are refused for dealer pictures, galleries and posts", async ({ request }) => {
  await signIn(request);
  const dealers = (await (await request.get("/api/dealers")).json()) as
    Array<{ id: number }> | { dealers: Array<{ id: number }> };
  const dealerId = (Array.isArray(dealers) ? dealers : dealers.dealers)[0]!.id;
  for (const image of await posers()) {
    for (const target of [`/api/dealers/${dealerId}/profile-picture`, `/api/dealers/${dealerId}/gallery`]) {
      const response = await request.post(target, { multipart: { image } });
      expect(response.status(), `${image.name} to ${target}`).toBe(415);
    }
    const post = new FormData();
    post.append("type", "DEMO_PLOT");
    post.append("files", new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
    expect((await request.post("/api/posts", { multipart: post })).status(), `${image.name} as post media`).toBe(415);
  }
});

test("a real photo with a script appended is re-encoded: the served file is a WebP without the script", async ({
  request,
}) => {
  await signIn(request);
  const polyglot = Buffer.concat([await jpeg(), encoder.encode(`<html>${SCRIPT}</html>`)]);
  const form = new FormData();
  form.append("type", "DEMO_PLOT");
  form.append("files", new Blob([polyglot], { type: "text/html" }), "photo.html");
  const created = await request.post("/api/posts", { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const [media] = ((await created.json()) as { media: Array<{ url: string; mimeType: string }> }).media;
  expect(media!.mimeType).toBe("image/webp");

  const served = await request.get(media!.url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  const bytes = await served.body();
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
  expect(bytes.includes(Buffer.from("<script"))).toBe(false);
});

test("a video with HTML inside is served as video with nosniff, never as a page", async ({ request }) => {
  await signIn(request);
  const video = Buffer.concat([await tinyVideo("mp4"), Buffer.from(`<html>${SCRIPT}</html>`)]);
  const form = new FormData();
  form.append("type", "DEMO_PLOT");
  form.append("files", new Blob([video], { type: "text/html" }), "clip.html");
  const created = await request.post("/api/posts", { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const [media] = ((await created.json()) as { media: Array<{ url: string }> }).media;
  expect(media!.url).toMatch(/^\/files\/posts-video\/[a-f0-9]{32}\.mp4$/);
  const served = await request.get(media!.url);
  expect(served.headers()["content-type"]).toBe("video/mp4");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
});

// ---- Untrusted images and uploads (issue 14, decision 22) ----

/** A fresh signed upload URL (path and query) for the signed-in user. */
async function uploadUrl(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/objects/upload");
  expect(response.status()).toBe(200);
  const url = new URL(((await response.json()) as { uploadURL: string }).uploadURL);
  return `${url.pathname}${url.search}`;
}

/** The storage name storeFile gives these bytes (a content hash). */
function hashName(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** A JPEG that carries EXIF with a GPS position, as a phone camera writes it. */
function photoWithGps(colour: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: colour, g: 90, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 31/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "74/1 21/1 0/1" },
    })
    .toBuffer();
}

test("a 16000×16000 PNG bomb PUT to a signed upload URL is refused from its header in well under a second", async ({
  request,
}) => {
  await signIn(request);
  const bomb = await pngBomb();
  const target = await uploadUrl(request);
  const started = performance.now();
  const response = await request.put(target, { data: bomb, headers: { "Content-Type": "image/png" } });
  const elapsed = performance.now() - started;
  expect(response.status()).toBe(413);
  expect((await response.json()).error).toMatch(/too large/i);
  expect(elapsed).toBeLessThan(1000);
  const health = performance.now();
  expect((await request.get("/healthz")).status()).toBe(200);
  expect(performance.now() - health).toBeLessThan(1000);
});

test("image bombs are refused the same way for post media, dealer pictures and galleries", async ({ request }) => {
  await signIn(request);
  const bomb = await pngBomb();
  const dealers = (await (await request.get("/api/dealers")).json()) as
    Array<{ id: number }> | { dealers: Array<{ id: number }> };
  const dealerId = (Array.isArray(dealers) ? dealers : dealers.dealers)[0]!.id;
  const image = { name: "bomb.png", mimeType: "image/png", buffer: bomb };
  for (const target of [`/api/dealers/${dealerId}/profile-picture`, `/api/dealers/${dealerId}/gallery`]) {
    const started = performance.now();
    const response = await request.post(target, { multipart: { image } });
    expect(response.status(), target).toBe(413);
    expect(performance.now() - started, target).toBeLessThan(1000);
  }
  const form = new FormData();
  form.append("type", "DEMO_PLOT");
  form.append("files", new Blob([new Uint8Array(bomb)], { type: "image/png" }), "bomb.png");
  const started = performance.now();
  expect((await request.post("/api/posts", { multipart: form })).status()).toBe(413);
  expect(performance.now() - started).toBeLessThan(1000);
});

test("a signed upload URL takes one PUT; a PUT after the post used the upload does not bring it back", async ({
  request,
}) => {
  await signIn(request);
  const target = await uploadUrl(request);
  const first = await request.put(target, { data: await jpeg(), headers: { "Content-Type": "image/jpeg" } });
  expect(first.status()).toBe(200);
  const second = await request.put(target, { data: await photoWithGps(10), headers: { "Content-Type": "image/jpeg" } });
  expect(second.status()).toBe(409);
  expect(await second.json()).toEqual({
    error: "This upload URL has already been used. Please upload the file again.",
    requestId: expect.any(String),
  });

  const created = await request.post("/api/posts", { data: { type: "FIELD_VISIT", media: [{ url: target }] } });
  expect(created.status(), await created.text()).toBe(201);
  const after = await request.put(target, { data: await photoWithGps(11), headers: { "Content-Type": "image/jpeg" } });
  expect(after.status()).toBe(409);
  expect((await request.post("/api/posts", { data: { type: "FIELD_VISIT", media: [{ url: target }] } })).status()).toBe(
    400,
  );
});

test("/files serves only processed files: never an original waiting for a post, never a spreadsheet; served photos carry no EXIF", async ({
  request,
}) => {
  await signIn(request);
  const original = await photoWithGps(120);
  const target = await uploadUrl(request);
  expect((await request.put(target, { data: original, headers: { "Content-Type": "image/jpeg" } })).status()).toBe(200);
  // The original (with its GPS position) is on disk until a post takes it, but not served.
  const originalName = `${hashName(original)}.jpg`;
  expect(filesUnder(path.join(dataDirectory(), "uploads")).some((file) => file.endsWith(originalName))).toBe(true);
  for (const folder of ["incoming", "private/incoming", "imports", "private/imports"]) {
    expect((await request.get(`/files/${folder}/${originalName}`)).status(), folder).toBe(404);
  }

  const created = await request.post("/api/posts", { data: { type: "FIELD_VISIT", media: [{ url: target }] } });
  expect(created.status()).toBe(201);
  const [media] = ((await created.json()) as { media: Array<{ url: string; thumbUrl: string }> }).media;
  for (const url of [media!.url, media!.thumbUrl]) {
    const served = await request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await served.body()).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  }

  // A spreadsheet is kept only until its import, and never served.
  const workbook = dealerWorkbook([dealerRow(Date.now() % 10_000_000, "Private")]);
  const uploaded = await request.post("/api/upload", {
    multipart: { file: { name: "dealers.xlsx", mimeType: "application/octet-stream", buffer: workbook } },
  });
  expect(uploaded.status()).toBe(201);
  const sheetName = `${hashName(workbook)}.xlsx`;
  expect(filesUnder(path.join(dataDirectory(), "uploads")).some((file) => file.endsWith(sheetName))).toBe(true);
  for (const folder of ["imports", "private/imports"]) {
    expect((await request.get(`/files/${folder}/${sheetName}`)).status(), folder).toBe(404);
  }
  const { uploadId } = (await uploaded.json()) as { uploadId: string };
  expect((await request.post("/api/dealers/import", { data: { uploadId } })).status()).toBe(200);
  expect(filesUnder(path.join(dataDirectory(), "uploads")).some((file) => file.endsWith(sheetName))).toBe(false);
});

test("uploads waiting for a post are capped at 100 MB a user: the next PUT answers 413", async ({ request }) => {
  await request.post("/api/register", {
    data: {
      username: uniqueName("quota").replaceAll("-", "_"),
      email: `${uniqueName("quota")}@example.pk`,
      password: "quota-pass-1",
    },
  });
  for (let n = 0; n < 10; n++) {
    const response = await request.put(await uploadUrl(request), {
      data: await paddedVideo(10 * 1024 * 1024),
      headers: { "Content-Type": "video/mp4" },
    });
    expect(response.status(), `clip ${n}`).toBe(200);
  }
  const over = await request.put(await uploadUrl(request), {
    data: await jpeg(),
    headers: { "Content-Type": "image/jpeg" },
  });
  expect(over.status()).toBe(413);
  expect((await over.json()).error).toMatch(/100 MB of uploads waiting for a post/);
});
