import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { checkImage, encodeImage, IMAGE_TOO_LARGE, PHOTOS_BUSY } from "~/infra/image.server";
import { metricsText } from "~/infra/prometheus.server";
import { pngBomb } from "../../tests/support/image-bombs";
import { parseMetrics, valueOf } from "../../tests/support/prometheus-text";

async function photo(width: number, height: number, format: "jpeg" | "png") {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "GPS test" } } })
    [format]()
    .toBuffer();
}

const refusal = new AppError(415, "Please select a valid image file");

describe("encodeImage", () => {
  it("re-encodes to WebP within 1600 px, makes a 400 px thumbnail and drops metadata", async () => {
    const result = await encodeImage(await photo(3000, 2000, "jpeg"), refusal);
    expect(result).toMatchObject({ width: 1600, height: 1067 });

    const meta = await sharp(result.full).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();

    const thumb = await sharp(result.thumb).metadata();
    expect(thumb.format).toBe("webp");
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(400);
  });

  it("keeps small images at their size", async () => {
    const result = await encodeImage(await photo(300, 200, "png"), refusal);
    expect(result).toMatchObject({ width: 300, height: 200 });
  });

  it("refuses bytes that are not an image, whatever the name says", async () => {
    await expect(encodeImage(new TextEncoder().encode("<svg onload=alert(1)>"), refusal)).rejects.toBe(refusal);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    await expect(encodeImage(gif, refusal)).rejects.toThrow("Please select a valid image file");
  });
});
describe("the image limits", () => {
  it("refuses a 16000×16000 PNG (256 megapixels in 750 KB) from its header with 413, in well under a second", async () => {
    const bomb = await pngBomb();
    const started = performance.now();
    await expect(encodeImage(bomb, refusal)).rejects.toMatchObject({
      status: 413,
      message: IMAGE_TOO_LARGE,
    });
    await expect(checkImage(bomb, refusal)).rejects.toMatchObject({ status: 413 });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("takes a phone photo's size: 8160×6120 (a 50 MP sensor) decodes within the limits", async () => {
    const large = await pngBomb(8160, 6120);
    await expect(checkImage(large, refusal)).resolves.toBeUndefined();
    await expect(encodeImage(large, refusal)).resolves.toMatchObject({
      width: 1600,
      height: 1200,
    });
  });
});

describe("the photo queue", () => {
  it("decodes a few photos at a time and refuses the ones past its waiting places with 503 and a time to retry", async () => {
    const large = await pngBomb(4000, 3000);
    const jobs = async (outcome: string) =>
      valueOf(parseMetrics((await metricsText()).body), "fieldline_image_jobs_total", { outcome });
    const [doneBefore, refusedBefore] = [await jobs("done"), await jobs("refused")];
    const answers = await Promise.allSettled(Array.from({ length: 14 }, () => checkImage(large, refusal)));
    const refused = answers.flatMap((answer) => (answer.status === "rejected" ? [answer.reason as AppError] : []));
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) expect(error).toMatchObject({ status: 503, message: PHOTOS_BUSY, retryAfterSec: 60 });
    const taken = answers.filter((answer) => answer.status === "fulfilled").length;
    expect(taken).toBeGreaterThanOrEqual(4);
    // The metrics count each decode by how it ended, and the queue is empty again.
    expect([(await jobs("done")) - doneBefore, (await jobs("refused")) - refusedBefore]).toEqual([
      taken,
      refused.length,
    ]);
    const queue = parseMetrics((await metricsText()).body);
    expect(valueOf(queue, "fieldline_image_queue_jobs", { state: "running" })).toBe(0);
    expect(valueOf(queue, "fieldline_image_queue_jobs", { state: "waiting" })).toBe(0);
    // Once the queue has drained, photos are taken again.
    await expect(checkImage(large, refusal)).resolves.toBeUndefined();
  });
});
