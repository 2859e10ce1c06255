import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { jpegHeaderLie, pngBomb } from "../../tests/support/image-bombs";
import { AppError } from "~/lib/app-error";
import { isServedFile, uploadsDirectory } from "~/infra/storage.server";
import { saveUpload } from "~/models/media.server";

beforeEach(resetDatabase);

let users = 0;
function officer() {
  const username = `media.${++users}`;
  return prisma.user.create({ data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER" } });
}

let ids = 0;
/** A fresh upload id, as a signed upload URL names it. */
function uploadId(): string {
  return (++ids).toString(16).padStart(32, "0");
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("saveUpload: image bombs", () => {
  it("refuses a 16000×16000 PNG (750 KB) from its header, in well under a second", async () => {
    const user = await officer();
    const bomb = await pngBomb();
    const started = performance.now();
    const error = await refusalOf(saveUpload(user.id, uploadId(), bomb, "bomb.png"));
    expect(performance.now() - started).toBeLessThan(500);
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/too large/i);
    expect(await prisma.upload.count()).toBe(0);
  });

  it("refuses a JPEG whose header claims 65000×65000", async () => {
    const user = await officer();
    const error = await refusalOf(saveUpload(user.id, uploadId(), jpegHeaderLie(), "lie.jpg"));
    expect([413, 415]).toContain(error.status);
  });

  it("refuses a truncated photo: the whole picture must decode", async () => {
    const user = await officer();
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    const error = await refusalOf(saveUpload(user.id, uploadId(), whole.subarray(0, whole.length / 2), "half.jpg"));
    expect(error.status).toBe(415);
  });
});

describe("saveUpload: originals are private", () => {
  it("keeps the original outside every served folder", async () => {
    const user = await officer();
    const id = uploadId();
    await saveUpload(user.id, id, await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3c7828" } }).jpeg().toBuffer(), "private.jpg");
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id } });
    expect(isServedFile(`/${upload.storageKey}`)).toBe(false);
    expect(fs.existsSync(path.join(uploadsDirectory(), upload.storageKey))).toBe(true);
  });
});
