// The S3 driver against a real S3-compatible server (s3rver, at the network edge): what it
// stores, serves (ranges, revalidation), lists and removes, a missing object, and a bucket that
// cannot be reached.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { AppError } from "~/lib/app-error";
import { type LocalS3, startLocalS3 } from "../../tests/support/s3-server";
import { STORAGE_UNAVAILABLE, STORED_FILE_MISSING, createObjectStore } from "./object-storage.server";

let s3: LocalS3;
let directory: string;

beforeAll(async () => {
  directory = path.join(inject("fieldlineTestDir"), `s3-${crypto.randomBytes(6).toString("hex")}`);
  s3 = await startLocalS3(directory);
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const storeFor = (endpoint: string) =>
  createObjectStore({
    bucket: s3.bucket,
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  });

async function readAll(body: NodeJS.ReadableStream | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

test("a file written to the bucket reads back, is served whole, by range and revalidated, is listed, and is gone once removed", async () => {
  const store = storeFor(s3.endpoint);
  const bytes = crypto.randomBytes(50_000);
  const key = "posts/0123456789abcdef0123456789abcdef.webp";
  await store.write(key, bytes, "image/webp");

  expect(Buffer.compare(await store.read(key), bytes)).toBe(0);
  const whole = await store.open(key, {});
  expect(whole?.status).toBe(200);
  expect(whole?.headers).toMatchObject({
    "Content-Type": "image/webp",
    "Content-Length": "50000",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
  });
  expect(Buffer.compare(await readAll(whole?.body ?? null), bytes)).toBe(0);

  const part = await store.open(key, { range: "bytes=100-199" });
  expect(part?.status).toBe(206);
  expect(part?.headers["Content-Range"]).toBe("bytes 100-199/50000");
  expect(Buffer.compare(await readAll(part?.body ?? null), bytes.subarray(100, 200))).toBe(0);

  const etag = whole?.headers.ETag;
  expect(etag).toMatch(/^"[a-f0-9]+"$/);
  const again = await store.open(key, { ifNoneMatch: etag });
  expect(again?.status).toBe(304);
  expect(again?.body).toBeNull();

  expect(await store.list()).toContainEqual({ key, size: 50_000, etag });
  await store.remove(key);
  expect(await store.open(key, {})).toBeNull();
  await expect(store.read(key)).rejects.toEqual(new AppError(404, STORED_FILE_MISSING));
  expect((await store.list()).map((item) => item.key)).not.toContain(key);
});

test("a key the bucket never held: read refuses with 404 and the words to upload again; serving finds nothing", async () => {
  const store = storeFor(s3.endpoint);
  await expect(store.read("incoming/ffffffffffffffffffffffffffffffff.jpg")).rejects.toMatchObject({
    status: 404,
    message: STORED_FILE_MISSING,
  });
  expect(await store.open("posts/ffffffffffffffffffffffffffffffff.webp", {})).toBeNull();
  await store.remove("posts/ffffffffffffffffffffffffffffffff.webp");
});

test("a bucket that cannot be reached answers 503 with a clear message, soon, for every operation", async () => {
  const closed = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const store = storeFor(`http://127.0.0.1:${closed}`);
  const started = Date.now();
  for (const operation of [
    () => store.write("posts/0123456789abcdef0123456789abcdef.webp", new Uint8Array(10), "image/webp"),
    () => store.read("posts/0123456789abcdef0123456789abcdef.webp"),
    () => store.open("posts/0123456789abcdef0123456789abcdef.webp", {}),
    () => store.remove("posts/0123456789abcdef0123456789abcdef.webp"),
    () => store.list(),
  ]) {
    await expect(operation()).rejects.toEqual(new AppError(503, STORAGE_UNAVAILABLE));
  }
  expect(Date.now() - started).toBeLessThan(10_000);
});
