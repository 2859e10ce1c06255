import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { english } from "../../tests/support/english";
import { jpegHeaderLie, pngBomb } from "../../tests/support/image-bombs";
import { AppError } from "~/lib/app-error";
import { uploadsDirectory } from "~/infra/storage.server";
import {
  forgetStaleUploads,
  prepareMedia,
  releaseUploads,
  saveUpload,
  sniffMedia,
  storePhoto,
  takeUploads,
} from "~/models/media.server";
import { WRONG_FILE_TYPE } from "~/models/post.schema";
import { DAILY_UPLOAD_LIMIT, reserveUploadBytes } from "~/models/upload-quota.server";

beforeEach(resetDatabase);

let users = 0;
function officer() {
  const username = `media.${++users}`;
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER" },
  });
}

let ids = 0;
/** A fresh upload id, as a signed upload URL names it. */
function uploadId(): string {
  return (++ids).toString(16).padStart(32, "0");
}

const photo = (colour = 60) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: colour, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

/** The stored file behind a /files/<key> URL. */
function storedFile(url: string): Buffer {
  return fs.readFileSync(path.join(uploadsDirectory(), url.replace(/^\/files\//, "")));
}

describe("storePhoto: a dealer's or a post's photo", () => {
  const notAPhoto = () => new AppError(415, "Please select a valid image file", { field: "image" });

  it("stores the re-encoded photo and its thumbnail, and counts both in the user's quota for today", async () => {
    const user = await officer();
    const stored = await storePhoto(user.id, await photo(), "dealers", notAPhoto());
    expect(stored).toMatchObject({ width: 64, height: 48, mimeType: "image/webp" });
    expect(stored.url).toMatch(/^\/files\/dealers\/[a-f0-9]{32}\.webp$/);
    expect(stored.thumbUrl).toMatch(/^\/files\/dealers-thumbs\/[a-f0-9]{32}\.webp$/);
    const counted = await prisma.uploadDay.findMany({ where: { userId: user.id }, select: { bytes: true } });
    expect(counted).toEqual([{ bytes: storedFile(stored.url).byteLength + storedFile(stored.thumbUrl).byteLength }]);
  });

  it("refuses with 429 on the caller's field before reading the bytes once today's quota is used up", async () => {
    const [user, other] = [await officer(), await officer()];
    await reserveUploadBytes(user.id, 200 * 1024 * 1024);
    const refused = await refusalOf(
      storePhoto(user.id, new TextEncoder().encode("not a photo"), "dealers", notAPhoto()),
    );
    expect(refused).toMatchObject({ status: 429, message: DAILY_UPLOAD_LIMIT, field: "image" });
    await expect(storePhoto(other.id, await photo(), "dealers", notAPhoto())).resolves.toMatchObject({ width: 64 });
  });
});

describe("saveUpload: image bombs", () => {
  it("refuses a 16000×16000 PNG (750 KB) from its header, in well under a second", async () => {
    const user = await officer();
    const bomb = await pngBomb();
    const started = performance.now();
    const error = await refusalOf(saveUpload(user.id, uploadId(), bomb, "bomb.png"));
    expect(performance.now() - started).toBeLessThan(500);
    expect(error.status).toBe(413);
    expect(english(error.message)).toMatch(/too large/i);
    expect(await prisma.upload.count()).toBe(0);
  });

  it("refuses a JPEG whose header claims 65000×65000", async () => {
    const user = await officer();
    const error = await refusalOf(saveUpload(user.id, uploadId(), jpegHeaderLie(), "lie.jpg"));
    expect([413, 415]).toContain(error.status);
  });

  it("refuses a truncated photo: the whole picture must decode", async () => {
    const user = await officer();
    const whole = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const error = await refusalOf(saveUpload(user.id, uploadId(), whole.subarray(0, whole.length / 2), "half.jpg"));
    expect(error.status).toBe(415);
  });
});

describe("saveUpload: a signed upload URL takes one PUT", () => {
  it("refuses a second PUT to the same URL with 409", async () => {
    const user = await officer();
    const id = uploadId();
    await saveUpload(user.id, id, await photo(10), "first.jpg");
    const error = await refusalOf(saveUpload(user.id, id, await photo(20), "second.jpg"));
    expect(error.status).toBe(409);
    const [upload] = await prisma.upload.findMany({ where: { id } });
    expect(upload?.originalName).toBe("first.jpg");
  });

  it("takes exactly one of two PUTs racing on the same URL", async () => {
    const user = await officer();
    const id = uploadId();
    const results = await Promise.allSettled([
      saveUpload(user.id, id, await photo(30), "a.jpg"),
      saveUpload(user.id, id, await photo(40), "b.jpg"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
  });

  it("a refused PUT spends the URL too", async () => {
    const user = await officer();
    const id = uploadId();
    await refusalOf(saveUpload(user.id, id, new TextEncoder().encode("<svg onload=alert(1)>not a photo"), "x.jpg"));
    expect((await refusalOf(saveUpload(user.id, id, await photo(), "x.jpg"))).status).toBe(409);
  });

  it("a PUT after a post used the upload does not bring it back", async () => {
    const user = await officer();
    const id = uploadId();
    await saveUpload(user.id, id, await photo(50), "used.jpg");
    const taken = await takeUploads(user.id, [`/api/objects/uploads/${id}`]);
    await releaseUploads(taken);
    expect((await refusalOf(saveUpload(user.id, id, await photo(51), "again.jpg"))).status).toBe(409);
    expect(await prisma.upload.count()).toBe(0);
  });

  it("forgets used URLs after a day (they expired long before)", async () => {
    const user = await officer();
    await saveUpload(user.id, uploadId(), await photo(70), "old.jpg");
    await forgetStaleUploads(Date.now() + 25 * 60 * 60 * 1000);
    expect(await prisma.upload.count()).toBe(0);
    expect(await prisma.uploadUrlUse.count()).toBe(0);
  });
});

describe("saveUpload: originals are private", () => {
  it("keeps the original outside every served folder", async () => {
    const user = await officer();
    const id = uploadId();
    await saveUpload(user.id, id, await photo(80), "private.jpg");
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id } });
    const { isServedFile } = await import("~/infra/storage.server");
    expect(isServedFile(`/${upload.storageKey}`)).toBe(false);
    expect(fs.existsSync(path.join(uploadsDirectory(), upload.storageKey))).toBe(true);
  });
});

describe("saveUpload: per-user quota of pending uploads", () => {
  it("answers 413 once the user's uploads waiting for a post pass 100 MB; another user is not affected", async () => {
    const [user, other] = [await officer(), await officer()];
    for (let n = 0; n < 10; n++) {
      await prisma.upload.create({
        data: {
          id: `pending-${n}`,
          userId: user.id,
          storageKey: `incoming/${"0".repeat(31)}${n}.mp4`,
          originalName: "clip.mp4",
          mimeType: "video/mp4",
          size: 10 * 1024 * 1024,
        },
      });
    }
    const error = await refusalOf(saveUpload(user.id, uploadId(), await photo(90), "one-more.jpg"));
    expect(error.status).toBe(413);
    expect(english(error.message)).toMatch(/100 MB of uploads waiting/);
    await expect(saveUpload(other.id, uploadId(), await photo(91), "fine.jpg")).resolves.toMatchObject({
      kind: "IMAGE",
    });
  });
});

describe("prepareMedia: a video's position is not served", () => {
  function box(type: string, ...payload: Buffer[]): Buffer {
    const body = Buffer.concat(payload);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, "latin1");
    return Buffer.concat([header, body]);
  }
  const POSITION = "+31.5204+074.3587/";

  it("blanks the MP4/QuickTime metadata boxes in place: same size, same sample data, no position or device", async () => {
    const samples = Buffer.from("MDAT-SAMPLES-".repeat(50));
    const video = Buffer.concat([
      box("ftyp", Buffer.from("isom\0\0\0\0isommp41")),
      box(
        "moov",
        box("mvhd", Buffer.alloc(100)),
        box(
          "udta",
          box("\u00a9xyz", Buffer.from([0, 18, 0x15, 0xc7]), Buffer.from(POSITION)),
          box("\u00a9mak", Buffer.from("PhoneCo")),
        ),
        box(
          "meta",
          Buffer.alloc(4),
          box("keys", Buffer.from("com.apple.quicktime.location.ISO6709")),
          box("ilst", Buffer.from(POSITION)),
        ),
        box("trak", box("tkhd", Buffer.alloc(84)), box("udta", box("name", Buffer.from("PhoneCo camera")))),
      ),
      box("uuid", Buffer.from("be7acfcb97a942e89c71999491e3afac"), Buffer.from(`<x:xmpmeta>${POSITION}</x:xmpmeta>`)),
      box("mdat", samples),
    ]);
    const media = await prepareMedia(video, sniffMedia(video)!, (await officer()).id);
    const stored = fs.readFileSync(path.join(uploadsDirectory(), media.url.replace(/^\/files\//, "")));
    expect(stored.byteLength).toBe(video.byteLength);
    for (const secret of [POSITION, "PhoneCo", "ISO6709", "xmpmeta"])
      expect(stored.includes(Buffer.from(secret)), secret).toBe(false);
    expect(stored.indexOf(samples)).toBe(video.indexOf(samples));
    expect(stored.subarray(0, 4 + 8)).toEqual(video.subarray(0, 12));
    expect(stored.includes(Buffer.from("mvhd"))).toBe(true);
    expect(stored.includes(Buffer.from("tkhd"))).toBe(true);
  });
});

describe("keepFilesForRetry: one request's pixels", () => {
  it("keeps a refused post's photos only within the request's pixel budget; the rest are asked for again", async () => {
    const { keepFilesForRetry } = await import("~/models/media.server");
    const user = await officer();
    const bomb = await pngBomb(10_950, 10_950);
    const files = Array.from({ length: 4 }, (_, n) => ({ name: `field-${n}.png`, bytes: bomb }));
    const { kept, lost } = await keepFilesForRetry(user.id, files);
    expect(kept.map((file) => file.name)).toEqual(["field-0.png"]);
    expect(lost).toEqual(["field-1.png", "field-2.png", "field-3.png"]);
  });
});

describe("saveUpload: a video is a video", () => {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(12)]);

  it("refuses 9.9 MB of random bytes behind an MP4 ftyp box, a QuickTime one or a WebM header, with the file type message", async () => {
    const { randomBytes } = await import("node:crypto");
    const user = await officer();
    const noise = randomBytes(9.9 * 1024 * 1024);
    const mov = Buffer.from(ftyp);
    mov.write("qt  ", 8, "latin1");
    for (const head of [ftyp, mov, Buffer.from([0x1a, 0x45, 0xdf, 0xa3])]) {
      const error = await refusalOf(saveUpload(user.id, uploadId(), Buffer.concat([head, noise]), "clip.mp4"));
      expect(error).toMatchObject({ status: 415, message: WRONG_FILE_TYPE, field: "media" });
    }
    expect(await prisma.upload.count()).toBe(0);
  });

  it("refuses a container with no video track: an ftyp and a moov with only its header", async () => {
    const user = await officer();
    const mvhd = Buffer.concat([Buffer.from([0, 0, 0, 108]), Buffer.from("mvhd"), Buffer.alloc(100)]);
    const moov = Buffer.concat([Buffer.from([0, 0, 0, 116]), Buffer.from("moov"), mvhd]);
    const error = await refusalOf(saveUpload(user.id, uploadId(), Buffer.concat([ftyp, moov]), "clip.mp4"));
    expect(error).toMatchObject({ status: 415, message: WRONG_FILE_TYPE });
  });

  it("takes a real MP4, QuickTime and WebM video", async () => {
    const { tinyVideo } = await import("../../tests/support/videos");
    const user = await officer();
    await expect(saveUpload(user.id, uploadId(), await tinyVideo("mp4"), "clip.mp4")).resolves.toMatchObject({
      kind: "VIDEO",
      mimeType: "video/mp4",
    });
    await expect(saveUpload(user.id, uploadId(), await tinyVideo("mov"), "clip.mov")).resolves.toMatchObject({
      kind: "VIDEO",
      mimeType: "video/quicktime",
    });
    await expect(saveUpload(user.id, uploadId(), await tinyVideo("webm"), "clip.webm")).resolves.toMatchObject({
      kind: "VIDEO",
      mimeType: "video/webm",
    });
  });
});
