import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { STORAGE_UNAVAILABLE, createObjectStore } from "~/infra/object-storage.server";
import { type LocalS3, startLocalS3 } from "../support/s3-server";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

// The production server with STORAGE=s3 against a local S3-compatible server (s3rver, at the
// network edge): photos go to the bucket after the same checks as on the disk, /files/ streams
// them with the same headers, a spent original is deleted, a missing object is a 404, and a
// bucket that cannot be reached is a clear 503 with nothing written to the database. The
// upload and serve timings are printed beside the disk driver's. The self-hosted map's archive
// (MAP_TILES=self, decision 107) is streamed from the bucket by byte ranges too.

let s3: LocalS3;
let s3Dir: string;
let inBucket: AppServer;
let onDisk: AppServer;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-s3-"));
  s3 = await startLocalS3(s3Dir);
  inBucket = await createAppServer("s3", { ...s3.env, MAP_TILES: "self" });
  onDisk = await createAppServer("disk");
  await Promise.all([inBucket.start(), onDisk.start()]);
});

afterAll(async () => {
  for (const server of [inBucket, onDisk]) {
    await server?.stop();
    server?.remove();
  }
  await s3?.close().catch(() => undefined);
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

/** The bucket's keys, asked of the S3 server itself. */
async function bucketKeys(): Promise<string[]> {
  return (await bucket().list()).map((item) => item.key);
}

function bucket() {
  return createObjectStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  });
}

/** A photo of its own (random pixels), so every upload stores new bytes. */
function photo(size = 1200): Promise<Buffer> {
  return sharp(crypto.randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function postPhoto(server: AppServer, cookie: string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.append("type", "DEMO_PLOT");
  form.append("text", "Demo plot with photo");
  form.append("files", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "plot.jpg");
  return fetch(`${server.baseUrl}/api/posts`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: server.baseUrl },
  });
}

const postCount = (server: AppServer) =>
  server.query((db) => (db.prepare("SELECT count(*) AS n FROM Post").get() as { n: number }).n);

test("a photo goes to the bucket re-encoded with its thumbnail, /files/ streams it with a year's caching, and nothing lands on the disk", async () => {
  const cookie = await signIn(inBucket.baseUrl, "officer1");
  const created = await postPhoto(inBucket, cookie, await photo(400));
  expect(created.status, await created.clone().text()).toBe(201);
  const { media } = (await created.json()) as { media: Array<{ url: string; thumbUrl: string }> };
  expect(media[0]?.url).toMatch(/^\/files\/posts\/[a-f0-9]{32}\.webp$/);
  const [{ url, thumbUrl }] = media as [{ url: string; thumbUrl: string }];
  expect(await bucketKeys()).toEqual(
    expect.arrayContaining([url.slice("/files/".length), thumbUrl.slice("/files/".length)]),
  );
  expect(fs.existsSync(inBucket.uploadsDir) ? fs.readdirSync(inBucket.uploadsDir, { recursive: true }) : []).toEqual(
    [],
  );

  const served = await fetch(`${inBucket.baseUrl}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
  expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
  const etag = served.headers.get("etag") ?? "";
  expect((await fetch(`${inBucket.baseUrl}${url}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
  const thumb = await fetch(`${inBucket.baseUrl}${thumbUrl}`);
  expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(400);
});

test("through a signed upload URL: the original waits in the bucket unserved, and is deleted once the post takes it", async () => {
  const cookie = await signIn(inBucket.baseUrl, "officer2");
  const headers = { Cookie: cookie, Origin: inBucket.baseUrl };
  const { uploadURL } = (await (
    await fetch(`${inBucket.baseUrl}/api/objects/upload`, { method: "POST", headers })
  ).json()) as { uploadURL: string };
  const before = new Set(await bucketKeys());
  const put = await fetch(new URL(uploadURL, inBucket.baseUrl), {
    method: "PUT",
    body: new Uint8Array(await photo(300)),
    headers: { ...headers, "Content-Type": "image/jpeg" },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const original = (await bucketKeys()).find((key) => !before.has(key));
  expect(original).toMatch(/^incoming\/[a-f0-9]{32}\.jpg$/);
  expect((await fetch(`${inBucket.baseUrl}/files/${original}`)).status).toBe(404);

  const created = await fetch(`${inBucket.baseUrl}/api/posts`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "FIELD_VISIT", media: [{ url: uploadURL }] }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  expect(await bucketKeys()).not.toContain(original);
  const { media } = (await created.json()) as { media: Array<{ url: string }> };
  expect((await fetch(`${inBucket.baseUrl}${media[0]?.url}`)).status).toBe(200);
});

test("a file that only poses as a photo is refused before the bucket; an object gone from the bucket is a 404, not an error", async () => {
  const cookie = await signIn(inBucket.baseUrl, "officer3");
  const before = await bucketKeys();
  const form = new FormData();
  form.append("type", "DEMO_PLOT");
  form.append(
    "files",
    new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/jpeg" }),
    "photo.jpg",
  );
  const refused = await fetch(`${inBucket.baseUrl}/api/posts`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: inBucket.baseUrl },
  });
  expect(refused.status).toBe(415);
  expect(await bucketKeys()).toEqual(before);

  const created = await postPhoto(inBucket, cookie, await photo(200));
  const { media } = (await created.json()) as { media: Array<{ url: string }> };
  const url = media[0]?.url ?? "";
  await bucket().remove(url.slice("/files/".length));
  const gone = await fetch(`${inBucket.baseUrl}${url}`);
  expect(gone.status).toBe(404);
});

test("the map's archive is streamed from the bucket's maps/pakistan.pmtiles by byte ranges, kept an hour", async () => {
  const archiveUrl = `${inBucket.baseUrl}/maps/pakistan.pmtiles`;
  expect((await fetch(archiveUrl, { headers: { Range: "bytes=0-99" } })).status).toBe(404);
  const archive = crypto.randomBytes(64 * 1024);
  await bucket().write("maps/pakistan.pmtiles", archive, "application/octet-stream");

  const part = await fetch(archiveUrl, { headers: { Range: "bytes=1000-1999" } });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${archive.byteLength}`);
  expect(part.headers.get("cache-control")).toBe("public, max-age=3600");
  expect(Buffer.from(await part.arrayBuffer()).equals(archive.subarray(1000, 2000))).toBe(true);
  expect((await fetch(`${inBucket.baseUrl}/maps/other.pmtiles`)).status).toBe(404);
});

test("with the bucket unreachable, a post with a photo answers 503 with a clear message and writes nothing; it works again once the bucket is back", async () => {
  const cookie = await signIn(inBucket.baseUrl, "officer4");
  const created = await postPhoto(inBucket, cookie, await photo(200));
  const { media } = (await created.json()) as { media: Array<{ url: string }> };
  const posts = postCount(inBucket);

  await s3.close();
  try {
    const started = Date.now();
    const refused = await postPhoto(inBucket, cookie, await photo(200));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: STORAGE_UNAVAILABLE, requestId: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(postCount(inBucket)).toBe(posts);
    const serving = await fetch(`${inBucket.baseUrl}${media[0]?.url}`);
    expect(serving.status).toBe(503);
    expect(serving.headers.get("retry-after")).toBe("30");
    expect(await serving.text()).toBe(STORAGE_UNAVAILABLE);
    // The rest of the app goes on: the feed's data and the health check.
    expect((await fetch(`${inBucket.baseUrl}/api/posts`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await fetch(`${inBucket.baseUrl}/healthz`)).status).toBe(200);
  } finally {
    s3 = await startLocalS3(s3Dir, { bucket: s3.bucket, port: s3.port });
  }
  expect((await postPhoto(inBucket, cookie, await photo(200))).status).toBe(201);
  expect(postCount(inBucket)).toBe(posts + 1);
});

test("upload and serve timings: the bucket beside the disk (printed for the closing note)", async () => {
  const ROUNDS = 10;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const figures: string[] = [];
  for (const [name, server] of [
    ["disk", onDisk],
    ["s3", inBucket],
  ] as const) {
    const cookie = await signIn(server.baseUrl, "officer5");
    const uploads: number[] = [];
    const serves: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = await photo();
      let started = performance.now();
      const created = await postPhoto(server, cookie, bytes);
      uploads.push(performance.now() - started);
      expect(created.status).toBe(201);
      const { media } = (await created.json()) as { media: Array<{ url: string }> };
      started = performance.now();
      const served = await fetch(`${server.baseUrl}${media[0]?.url}`);
      expect(served.status).toBe(200);
      await served.arrayBuffer();
      serves.push(performance.now() - started);
    }
    figures.push(
      `${name}: upload median ${median(uploads).toFixed(0)} ms, serve median ${median(serves).toFixed(1)} ms`,
    );
  }
  console.log(`[object storage] ${ROUNDS} photos of 1200×1200 px each — ${figures.join("; ")}`);
});
